import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles';

/*
 * Leaving the console with a form that holds unsaved changes asks first: a link inside the app
 * (react-router's blocker, one for the whole console, since a router supports only one), and
 * closing or reloading the tab (the browser's own beforeunload prompt, the only one the page cannot
 * draw itself). The question inside the app is a modal dialog of the page, never window.confirm. Each form says whether it
 * is dirty with `useWarnIfUnsaved`; opening or closing a form inside a page is not leaving.
 */

export const LEAVE_MESSAGE = 'You have unsaved changes on this page. Leave without saving them?';

interface Registry {
  mark: (id: string, dirty: boolean) => void;
}

const UnsavedContext = createContext<Registry | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const mark = useCallback((id: string, isDirty: boolean) => {
    setDirty((previous) => {
      if (previous.has(id) === isDirty) return previous;
      const next = new Set(previous);
      if (isDirty) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const registry = useMemo(() => ({ mark }), [mark]);
  const anyDirty = dirty.size > 0;

  // Only a move to another page counts; a change of the address's query (the audit filters) does not.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => anyDirty && currentLocation.pathname !== nextLocation.pathname);
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocked && !element.open) {
      element.showModal();
      // Staying is the safe answer: Enter keeps the changes.
      stay.current?.focus();
    } else if (!blocked && element.open) element.close();
  }, [blocked]);

  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  return (
    <UnsavedContext value={registry}>
      {children}
      <dialog
        ref={dialog}
        aria-labelledby="leave-question"
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
        // Escape closes the dialog: that is staying.
        onCancel={() => {
          if (blocker.state === 'blocked') blocker.reset();
        }}
      >
        <p id="leave-question" className="font-semibold">
          {LEAVE_MESSAGE}
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row-reverse">
          <button ref={stay} type="button" className={buttonPrimary} onClick={() => blocker.reset?.()}>
            Stay on this page
          </button>
          <button type="button" className={buttonSecondary} onClick={() => blocker.proceed?.()}>
            Leave without saving
          </button>
        </div>
      </dialog>
    </UnsavedContext>
  );
}

/** Tells the console that this form holds changes not saved yet (react-hook-form's `isDirty`). */
export function useWarnIfUnsaved(dirty: boolean): void {
  const registry = useContext(UnsavedContext);
  const id = useId();
  useEffect(() => {
    if (!registry) return;
    registry.mark(id, dirty);
    return () => registry.mark(id, false);
  }, [registry, id, dirty]);
}

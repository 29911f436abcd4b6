import { i18n } from '../../../lib/i18n';
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { LeaveQuestion } from '../../../components/LeaveQuestion';

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

  return (
    <UnsavedContext value={registry}>
      {children}
      <LeaveQuestion
        // Only a move to another page counts; a change of the address's query (the audit filters) does not.
        block={({ currentLocation, nextLocation }) => anyDirty && currentLocation.pathname !== nextLocation.pathname}
        unload={anyDirty}
        question={LEAVE_MESSAGE}
        stayLabel={i18n._('Stay on this page')}
        leaveLabel={i18n._('Leave without saving')}
      />
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

import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { Button } from './ui/Button';

interface LeaveQuestionProps {
  /** When leaving for another page of the app must be asked about first (react-router's blocker; one per router). */
  block: boolean | BlockerFunction;
  /** When closing or reloading the tab gets the browser's own question (the only one the page cannot draw). */
  unload: boolean;
  question: string;
  /** The safe answer, focused, so that Enter and Escape both stay. */
  stayLabel: string;
  leaveLabel: string;
}

/**
 * Asks before leaving a page that would lose something: a modal dialog of the page for a link inside
 * the app (never window.confirm), and the browser's prompt for closing or reloading the tab.
 */
export function LeaveQuestion({ block, unload, question, stayLabel, leaveLabel }: LeaveQuestionProps) {
  const blocker = useBlocker(block);
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocked && !element.open) {
      element.showModal();
      stay.current?.focus();
    } else if (!blocked && element.open) element.close();
  }, [blocked]);

  useEffect(() => {
    if (!unload) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unload]);

  return (
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
        {question}
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row-reverse">
        <Button ref={stay} variant="primary" onClick={() => blocker.reset?.()}>
          {stayLabel}
        </Button>
        <Button onClick={() => blocker.proceed?.()}>
          {leaveLabel}
        </Button>
      </div>
    </dialog>
  );
}

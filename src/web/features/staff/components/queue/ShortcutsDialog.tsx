import type { Ref } from 'react';
import { buttonSecondary } from '../../../../components/ui/styles';
import { cn } from '../../../../lib/cn';

export const SHORTCUTS = [
  { keys: ['j'], what: 'Next complaint in the list' },
  { keys: ['k'], what: 'Previous complaint in the list' },
  { keys: ['Enter'], what: 'Open the focused complaint' },
  { keys: ['a'], what: 'Acknowledge the focused complaint (it becomes yours if nobody has it)' },
  { keys: ['/'], what: 'Search the queue: Enter opens the first result, Escape leaves the box' },
  { keys: ['?'], what: 'Show this list' },
] as const;

export interface Shortcut {
  keys: readonly string[];
  what: string;
}

/**
 * The keyboard shortcuts of a page of the console (the queue's unless told), in a modal <dialog>
 * (Escape or the button closes it).
 */
export function ShortcutsDialog({
  ref,
  shortcuts = SHORTCUTS,
  where = 'the queue',
}: {
  ref: Ref<HTMLDialogElement>;
  shortcuts?: readonly Shortcut[];
  /** Where they work, for the line under the heading. */
  where?: string;
}) {
  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="shortcuts-heading" className="text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <p className="mt-1 text-sm text-slate-700">They work on {where}, except while you type in a field.</p>
      <dl className="mt-3 divide-y divide-slate-100">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.what} className="flex items-center gap-3 py-2">
            <dt className="w-16 shrink-0">
              {shortcut.keys.map((key) => (
                <kbd key={key} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-sm">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-sm">{shortcut.what}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-4 text-right">
        <button type="submit" className={cn(buttonSecondary)}>
          Close
        </button>
      </form>
    </dialog>
  );
}

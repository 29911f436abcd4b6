import type { Ref } from 'react';
import { Button } from '../../../../components/ui/Button';
import { i18n } from '../../../../lib/i18n';

/** The name printed on the key. */
const ENTER_KEY = 'Enter';

/** The queue's shortcuts, in the reader's language (built at render time). */
export const queueShortcuts = (): readonly Shortcut[] => [
  { keys: ['j'], what: i18n._('Next complaint in the list') },
  { keys: ['k'], what: i18n._('Previous complaint in the list') },
  { keys: [ENTER_KEY], what: i18n._('Open the focused complaint') },
  { keys: ['a'], what: i18n._('Acknowledge the focused complaint (it becomes yours if nobody has it)') },
  { keys: ['/'], what: i18n._('Search the queue: Enter opens the first result, Escape leaves the box') },
  { keys: ['?'], what: i18n._('Show this list') },
];

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
  shortcuts,
  where = 'queue',
}: {
  ref: Ref<HTMLDialogElement>;
  /** The queue's unless given. */
  shortcuts?: readonly Shortcut[];
  /** Where they work, for the line under the heading. */
  where?: 'queue' | 'complaint';
}) {
  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="shortcuts-heading" className="text-lg font-semibold">
        {i18n._('Keyboard shortcuts')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {where === 'complaint'
          ? i18n._('They work on the complaint page, except while you type in a field.')
          : i18n._('They work on the queue, except while you type in a field.')}
      </p>
      <dl className="mt-3 divide-y divide-slate-100">
        {(shortcuts ?? queueShortcuts()).map((shortcut) => (
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
        <Button type="submit">{i18n._('Close')}</Button>
      </form>
    </dialog>
  );
}

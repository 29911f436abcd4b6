import type { MyComplaint } from '../../shared/complaints';
import { i18n } from '../lib/i18n';

const BADGE_TEXT = { reply: /*i18n*/ 'Reply needed', confirm: /*i18n*/ 'Confirm the fix' } as const;

/** "Reply needed" / "Confirm the fix": what a complaint waits for from its student (nothing otherwise). */
export function NeedsActionBadge({ needsAction }: Pick<MyComplaint, 'needsAction'>) {
  if (!needsAction) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-950 ring-1 ring-amber-300"
      data-testid="needs-action"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16m-.75-12.5a.75.75 0 0 1 1.5 0v5a.75.75 0 0 1-1.5 0zM10 15a1 1 0 1 1 0-2 1 1 0 0 1 0 2" />
      </svg>
      {i18n._(BADGE_TEXT[needsAction])}
    </span>
  );
}

/** The last words said in the thread, on one line: "Hostel team: …" or "You: …". */
export function LastMessagePreview({ lastMessage }: Pick<MyComplaint, 'lastMessage'>) {
  if (!lastMessage) return null;
  return (
    <span className="mt-1 block truncate text-sm text-slate-700" data-testid="last-message">
      <span className="font-semibold">{lastMessage.fromStudent ? i18n._('You:') : i18n._('Hostel team:')}</span> {lastMessage.text}
    </span>
  );
}

import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format';
import { i18n } from '../lib/i18n';

export interface TimelineItem {
  /** Unique in the list. */
  key: string;
  /** For tests and styles: 'status', 'reply', 'note', 'assignment'. */
  kind: string;
  /** A reply stands out in a brand frame, an internal note in an amber one. */
  tone?: 'plain' | 'reply' | 'note';
  title: ReactNode;
  at: string;
  by?: string | null;
  note?: string | null;
}

const frames = {
  plain: '',
  reply: 'rounded-lg border border-brand-200 bg-white p-3',
  note: 'rounded-lg border border-amber-300 bg-amber-50 p-3',
} as const;

/** "Timeline": what happened to a complaint, oldest first, each step with its time and who did it. */
export function ComplaintTimeline({ items, 'data-testid': testId }: { items: readonly TimelineItem[]; 'data-testid': string }) {
  return (
    <section aria-labelledby="timeline-heading" className="mt-8">
      <h2 id="timeline-heading" className="text-xl font-semibold text-slate-900">
        {i18n._('Timeline')}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-slate-700">{i18n._('Nothing has happened to this complaint yet.')}</p>
      ) : (
        <ol className="mt-4 space-y-4 border-l-2 border-brand-200 pl-5" data-testid={testId}>
          {items.map(({ key, kind, tone = 'plain', title, at, by, note }) => (
            <li key={key} className={cn('relative', frames[tone])} data-kind={kind}>
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1.5 -left-[1.72rem] size-3 rounded-full border-2 border-white',
                  tone === 'note' ? 'bg-amber-500' : 'bg-brand-700',
                )}
              />
              <p className={cn('font-semibold', tone === 'note' ? 'text-amber-950' : 'text-slate-900')}>{title}</p>
              <p className="text-sm text-slate-700">
                <time dateTime={at}>{formatDateTime(at)}</time>
                {by ? ` · ${by}` : ''}
              </p>
              {note && <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-900">{note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

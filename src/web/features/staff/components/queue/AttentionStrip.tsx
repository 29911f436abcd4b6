import { Link } from 'react-router';
import type { Attention } from '../../../../../shared/queue';
import { cn } from '../../../../lib/cn';
import { ATTENTION_LINKS, attentionLabel, viewToParams } from '../../lib/filters';
import { i18n } from '../../../../lib/i18n';

/**
 * "Needs attention today", for wardens and admins: overdue, escalated, reopened and unassigned in
 * their scope, each a link to that view. The figures come from GET /api/staff/attention.
 */
export function AttentionStrip({ counts }: { counts: Attention | undefined }) {
  return (
    <nav aria-labelledby="attention-heading" className="mt-3" data-testid="attention-strip">
      <h2 id="attention-heading" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {i18n._('Needs attention today')}
      </h2>
      <ul className="-mx-1 mt-1 flex gap-2 overflow-x-auto px-1 py-1">
        {ATTENTION_LINKS.map((link) => {
          const count = counts?.[link.key];
          const urgent = count !== undefined && count > 0;
          return (
            <li key={link.key} className="shrink-0">
              <Link
                to={`/staff?${viewToParams(link.filters).toString()}`}
                className={cn(
                  'inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-semibold whitespace-nowrap hover:bg-slate-100',
                  urgent ? 'border-red-300 bg-red-50 text-red-950' : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                {attentionLabel(link.key)}
                <span className="rounded-full bg-white px-2 py-0.5 text-xs tabular-nums ring-1 ring-slate-300 ring-inset">
                  {count ?? '…'}
                  {count === undefined && <span className="sr-only">{i18n._('loading')}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import type { Attention } from '../../../../../shared/queue';
import { Button } from '../../../../components/ui/Button';
import { cn } from '../../../../lib/cn';
import { QUEUE_VIEWS, viewLabel, viewOf, type QueueFilters } from '../../lib/filters';
import { i18n } from '../../../../lib/i18n';

/**
 * The views a worker switches between: "My open work" (where the queue opens, under "New"), New,
 * Escalated, Overdue, Due today and All; those with a figure show it (GET /api/staff/attention).
 */
export function ViewChips({
  filters,
  counts,
  onChange,
}: {
  filters: QueueFilters;
  counts: Attention | undefined;
  onChange: (filters: QueueFilters) => void;
}) {
  const current = viewOf(filters);
  return (
    <nav aria-label={i18n._('Queue views')} className="mt-3">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1" data-testid="queue-views">
        {QUEUE_VIEWS.map((view) => {
          const active = current === view.key;
          const count = view.count && counts ? counts[view.count] : undefined;
          return (
            <li key={view.key} className="shrink-0">
              <Button
                variant="plain"
                aria-pressed={active}
                className={cn(
                  'inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-semibold whitespace-nowrap',
                  active ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                )}
                onClick={() => onChange({ ...view.filters, status: [...view.filters.status] })}
              >
                {viewLabel(view.key)}
                {count !== undefined && (
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs tabular-nums',
                      active ? 'bg-white/20 text-white' : view.key === 'escalated' && count > 0 ? 'bg-purple-100 text-purple-900' : 'bg-slate-100 text-slate-800',
                    )}
                  >
                    {count}
                  </span>
                )}
              </Button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

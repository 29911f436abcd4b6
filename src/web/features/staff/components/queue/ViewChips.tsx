import { cn } from '../../../../lib/cn';
import { QUEUE_VIEWS, viewOf, type QueueFilters } from '../../lib/filters';

/** The views a worker switches between: "My open work" (where the queue opens), All, Overdue, Due today. */
export function ViewChips({ filters, onChange }: { filters: QueueFilters; onChange: (filters: QueueFilters) => void }) {
  const current = viewOf(filters);
  return (
    <nav aria-label="Queue views" className="mt-4">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1" data-testid="queue-views">
        {QUEUE_VIEWS.map((view) => {
          const active = current === view.key;
          return (
            <li key={view.key} className="shrink-0">
              <button
                type="button"
                aria-pressed={active}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold whitespace-nowrap',
                  active ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                )}
                onClick={() => onChange({ ...view.filters, status: [...view.filters.status] })}
              >
                {view.label}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

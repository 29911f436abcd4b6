import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { i18n } from '../../../lib/i18n';

/**
 * A chart with its table view. The table is always in the page, so screen readers read the figures
 * (the canvas is hidden from them); sighted readers switch between the two with one button.
 */
export function ChartFigure({ title, chart, table, actions }: { title: string; chart: ReactNode; table: ReactNode; actions?: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
            {i18n._('Table view')}
          </Button>
        </div>
      </div>
      {!asTable && <div className="mt-4">{chart}</div>}
      {asTable ? (
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={i18n._('{title}: table', { title })}>
          {table}
        </div>
      ) : (
        <div className="sr-only">{table}</div>
      )}
    </section>
  );
}

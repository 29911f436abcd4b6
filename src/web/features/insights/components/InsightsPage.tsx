import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatHours, formatRating, formatShare, type Insights } from '../../../../shared/insights';
import { SignInFirst, SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { buttonSecondary, card, fieldControl, fieldLabel, textLink } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useInsights } from '../api/get-insights';
import { filtersToParams, parseFilters, type InsightsFilters } from '../lib/filters';
import { BarChart, SERIES_COLORS } from './BarChart';
import { ChartFigure } from './ChartFigure';
import { DigestPreference } from './DigestPreference';

const th = 'border-b border-slate-200 px-2 py-2 text-left text-sm font-semibold text-slate-900';
// Cells and the hostel a row is about stay on one line ("3 (1 overdue)", "Block-2"): the tables
// scroll sideways in their own region on a phone rather than squeeze a cell to a word's width.
const td = 'border-b border-slate-100 px-2 py-2 text-sm whitespace-nowrap text-slate-800';
const num = 'text-right tabular-nums';
const rowHeader = cn(th, 'whitespace-nowrap');

function NotForYou() {
  return (
    <div className={cn(card, 'mt-6')} data-testid="not-insights">
      <h2 className="text-lg font-semibold text-slate-900">This page is for wardens and administrators</h2>
      <p className="mt-2 text-slate-700">Insights show how each hostel is doing. Ask an administrator if you need them.</p>
    </div>
  );
}

function CsvLink({ table, filters, children }: { table: string; filters: InsightsFilters; children: ReactNode }) {
  return (
    <a href={`/api/insights/export/${table}?${filtersToParams(filters).toString()}`} download className={buttonSecondary}>
      {children}
    </a>
  );
}

function Filters({ filters, figures, onChange }: { filters: InsightsFilters; figures: Insights; onChange: (next: InsightsFilters) => void }) {
  return (
    <form className={cn(card, 'mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4')} aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="insights-from" className={fieldLabel}>
          From
        </label>
        <input id="insights-from" type="date" className={fieldControl} value={filters.from || figures.from} max={filters.to || figures.to}
          onChange={(e) => onChange({ ...filters, from: e.target.value })} />
      </div>
      <div>
        <label htmlFor="insights-to" className={fieldLabel}>
          To
        </label>
        <input id="insights-to" type="date" className={fieldControl} value={filters.to || figures.to} min={filters.from || figures.from}
          onChange={(e) => onChange({ ...filters, to: e.target.value })} />
      </div>
      <div>
        <label htmlFor="insights-hostel" className={fieldLabel}>
          Hostel
        </label>
        <select id="insights-hostel" className={fieldControl} value={filters.hostel} onChange={(e) => onChange({ ...filters, hostel: e.target.value })}>
          <option value="">All my hostels</option>
          {figures.hostels.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="insights-category" className={fieldLabel}>
          Category
        </label>
        <select id="insights-category" className={fieldControl} value={filters.category} onChange={(e) => onChange({ ...filters, category: e.target.value })}>
          <option value="">All categories</option>
          {figures.categories.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

function Figure({ id, label, value, detail }: { id: string; label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900" data-testid={`figure-${id}`}>
        {value}
      </dd>
      {detail && <dd className="text-sm text-slate-700">{detail}</dd>}
    </div>
  );
}

function Summary({ figures }: { figures: Insights }) {
  const t = figures.total;
  return (
    <section aria-labelledby="insights-summary" className="mt-6">
      <h2 id="insights-summary" className="text-lg font-semibold text-slate-900">
        {figures.from} to {figures.to}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure id="filed" label="Filed" value={String(t.filed)} />
        <Figure id="open" label="Open now" value={String(t.open)} detail={`${t.overdue} overdue`} />
        <Figure id="overdue" label="Overdue now" value={String(t.overdue)} />
        <Figure id="acknowledged" label="Acknowledged" value={String(t.acknowledged)} detail={`median ${formatHours(t.ackMedianHours)} · 90th ${formatHours(t.ackP90Hours)}`} />
        <Figure id="resolved" label="Resolved" value={String(t.resolved)} detail={`median ${formatHours(t.resolveMedianHours)} · 90th ${formatHours(t.resolveP90Hours)}`} />
        <Figure id="on-time" label="Resolved within target" value={formatShare(t.onTimeShare)} />
        <Figure id="reopen-rate" label="Reopen rate" value={formatShare(t.reopenRate)} detail={`${t.reopened} reopened`} />
        <Figure id="rating" label="Satisfaction" value={formatRating(t.ratingAverage)} detail={`${t.ratings} rating${t.ratings === 1 ? '' : 's'}`} />
      </dl>
    </section>
  );
}

function OpenHeatTable({ figures, label, filters }: { figures: Insights; label: (key: string) => string; filters: InsightsFilters }) {
  const hostels = [...new Set(figures.openCells.map((c) => c.hostel))];
  const categories = [...new Set(figures.openCells.map((c) => c.category))];
  const max = Math.max(1, ...figures.openCells.map((c) => c.open));
  const cellOf = (h: string, c: string) => figures.openCells.find((x) => x.hostel === h && x.category === c);
  return (
    <section aria-labelledby="insights-open" className={cn(card, 'mt-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-open" className="text-lg font-semibold text-slate-900">
          Open and overdue now
        </h2>
        <CsvLink table="open" filters={filters}>
          Download CSV
        </CsvLink>
      </div>
      {figures.openCells.length === 0 ? (
        <p className="mt-3 text-slate-700">Nothing is open.</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Open and overdue now: table">
          <table className="min-w-full border-collapse" data-testid="open-table">
            <caption className="sr-only">Open complaints (overdue in brackets) by hostel and category</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Hostel
                </th>
                {categories.map((c) => (
                  <th key={c} scope="col" className={cn(th, num)}>
                    {label(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hostels.map((h) => (
                <tr key={h}>
                  <th scope="row" className={rowHeader}>
                    {h}
                  </th>
                  {categories.map((c) => {
                    const cell = cellOf(h, c);
                    // Darker means more open work; the numbers carry the meaning, the colour only helps scanning.
                    const level = cell ? Math.ceil((cell.open / max) * 4) : 0;
                    return (
                      <td key={c} className={cn(td, num, ['', 'bg-amber-50', 'bg-amber-100', 'bg-amber-200', 'bg-amber-300'][level])}>
                        {cell ? (
                          <>
                            {cell.open}
                            {cell.overdue > 0 && <span className="ml-1 font-semibold text-red-800">({cell.overdue} overdue)</span>}
                          </>
                        ) : (
                          '0'
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function WeeklyChart({ figures, label, filters }: { figures: Insights; label: (key: string) => string; filters: InsightsFilters }) {
  const { weeks, series } = useMemo(() => {
    const weekList = [...new Set(figures.weekly.map((w) => w.week))].sort();
    const categoryList = [...new Set(figures.weekly.map((w) => w.category))];
    return {
      weeks: weekList,
      series: categoryList.map((c, i) => ({
        label: label(c),
        color: SERIES_COLORS[i % SERIES_COLORS.length] ?? '#475569',
        values: weekList.map((w) => figures.weekly.find((x) => x.week === w && x.category === c)?.filed ?? 0),
      })),
    };
  }, [figures.weekly, label]);
  return (
    <ChartFigure
      title="Complaints per week by category"
      actions={<CsvLink table="weekly" filters={filters}>Download CSV</CsvLink>}
      chart={
        weeks.length ? (
          <>
            <BarChart labels={weeks} series={series} />
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800" aria-hidden="true">
              {series.map((s) => (
                <li key={s.label} className="flex items-center gap-1.5">
                  <svg viewBox="0 0 10 10" className="size-3" fill={s.color}>
                    <rect width="10" height="10" rx="2" />
                  </svg>
                  {s.label}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-slate-700">Nothing was filed in this range.</p>
        )
      }
      table={
        <table className="min-w-full border-collapse" data-testid="weekly-table">
          <caption className="sr-only">Complaints filed per week (starting Monday) by category</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Week of
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className={cn(th, num)}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w, i) => (
              <tr key={w}>
                <th scope="row" className={rowHeader}>
                  {w}
                </th>
                {series.map((s) => (
                  <td key={s.label} className={cn(td, num)}>
                    {s.values[i]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function TimesTable({ figures, label, filters }: { figures: Insights; label: (key: string) => string; filters: InsightsFilters }) {
  const rows = [...figures.times, figures.total];
  return (
    <section aria-labelledby="insights-times" className={cn(card, 'mt-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-times" className="text-lg font-semibold text-slate-900">
          Response and resolution by hostel and category
        </h2>
        <CsvLink table="times" filters={filters}>
          Download CSV
        </CsvLink>
      </div>
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Response and resolution: table">
        <table className="min-w-full border-collapse" data-testid="times-table">
          <caption className="sr-only">Times to acknowledge and resolve, share within target, reopen rate and ratings</caption>
          <thead>
            <tr>
              {['Hostel', 'Category', 'Filed', 'Acknowledge: median', '90th', 'Resolved', 'Resolve: median', '90th', 'Within target', 'Reopen rate', 'Rating'].map((h, i) => (
                <th key={`${h}${i}`} scope="col" className={cn(th, i > 1 && num)}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.hostel}|${r.category}`} className={r.hostel === 'All' ? 'font-semibold' : undefined}>
                <th scope="row" className={rowHeader}>
                  {r.hostel}
                </th>
                <td className={td}>{r.category === 'All' ? 'All' : label(r.category)}</td>
                <td className={cn(td, num)}>{r.filed}</td>
                <td className={cn(td, num)}>{formatHours(r.ackMedianHours)}</td>
                <td className={cn(td, num)}>{formatHours(r.ackP90Hours)}</td>
                <td className={cn(td, num)}>{r.resolved}</td>
                <td className={cn(td, num)}>{formatHours(r.resolveMedianHours)}</td>
                <td className={cn(td, num)}>{formatHours(r.resolveP90Hours)}</td>
                <td className={cn(td, num)}>{formatShare(r.onTimeShare)}</td>
                <td className={cn(td, num)}>{formatShare(r.reopenRate)}</td>
                <td className={cn(td, num)}>{formatRating(r.ratingAverage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const STARS = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'];

function Satisfaction({ figures }: { figures: Insights }) {
  const series = useMemo(() => [{ label: 'Ratings', color: SERIES_COLORS[0] ?? '#1d4ed8', values: figures.ratingDistribution }], [figures.ratingDistribution]);
  return (
    <ChartFigure
      title={`Satisfaction: ${formatRating(figures.total.ratingAverage)} average from ${figures.total.ratings} rating${figures.total.ratings === 1 ? '' : 's'}`}
      chart={figures.total.ratings ? <BarChart labels={STARS} series={series} /> : <p className="text-slate-700">No ratings in this range.</p>}
      table={
        <table className="min-w-full border-collapse" data-testid="ratings-table">
          <caption className="sr-only">How many ratings of each number of stars</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Rating
              </th>
              <th scope="col" className={cn(th, num)}>
                Ratings
              </th>
            </tr>
          </thead>
          <tbody>
            {STARS.map((s, i) => (
              <tr key={s}>
                <th scope="row" className={rowHeader}>
                  {s}
                </th>
                <td className={cn(td, num)}>{figures.ratingDistribution[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** A repeating place's words, linked to its page in the staff console when the hostel has a code. */
function RecurringPlace({ r }: { r: Insights['recurringRooms'][number] }) {
  const words = r.area ? r.area.name : `Room ${r.roomNo}`;
  const ref = r.area ? r.area.code : r.roomNo;
  if (!r.hostelCode) return <>{words}</>;
  return (
    <Link to={`/staff/places/${encodeURIComponent(r.hostelCode)}/${encodeURIComponent(ref)}`} className={textLink}>
      {words}
    </Link>
  );
}

function RecurringRooms({ figures, label, filters }: { figures: Insights; label: (key: string) => string; filters: InsightsFilters }) {
  return (
    <section aria-labelledby="insights-rooms" className={cn(card, 'mt-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-rooms" className="text-lg font-semibold text-slate-900">
          Places that keep reporting (30 days up to {figures.to})
        </h2>
        <CsvLink table="rooms" filters={filters}>
          Download CSV
        </CsvLink>
      </div>
      {figures.recurringRooms.length === 0 ? (
        <p className="mt-3 text-slate-700">No room or common area has three or more complaints of one kind.</p>
      ) : (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800" data-testid="recurring-rooms">
          {figures.recurringRooms.map((r) => (
            <li key={`${r.hostel}|${r.area?.code ?? r.roomNo}|${r.category}`}>
              <RecurringPlace r={r} /> {r.hostel}: {r.count} {label(r.category).toLowerCase()} complaints in 30 days
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Dashboard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseFilters(searchParams);
  const insights = useInsights(filters);
  const figures = insights.data;
  const labels = figures?.categories;
  const label = useMemo(() => {
    const map = new Map((labels ?? []).map((c) => [c.key, c.label]));
    return (key: string) => map.get(key) ?? key;
  }, [labels]);
  const change = (next: InsightsFilters) => void setSearchParams(filtersToParams(next), { preventScrollReset: true, replace: true });

  if (insights.isPending) return <LoadingStatus label="Loading the figures…" />;
  if (insights.isError && !figures) {
    if (insights.error instanceof ApiError && insights.error.status === 403) return <NotForYou />;
    if (insights.error instanceof ApiError && insights.error.status === 401) return <SignInFirst />;
    return <LoadError error={insights.error} onRetry={() => void insights.refetch()} />;
  }
  if (!figures) return null;
  return (
    <>
      <Filters filters={filters} figures={figures} onChange={change} />
      {insights.isFetching && <LoadingStatus compact label="Updating the figures…" />}
      {insights.isError && <LoadError error={insights.error} onRetry={() => void insights.refetch()} />}
      <Summary figures={figures} />
      <OpenHeatTable figures={figures} label={label} filters={filters} />
      <div className="mt-6">
        <WeeklyChart figures={figures} label={label} filters={filters} />
      </div>
      <TimesTable figures={figures} label={label} filters={filters} />
      <div className="mt-6">
        <Satisfaction figures={figures} />
      </div>
      <RecurringRooms figures={figures} label={label} filters={filters} />
      <DigestPreference />
    </>
  );
}

/** Route /insights: how the hostels in the reader's scope are doing (wardens: their hostels; admins: all). */
export function InsightsPage() {
  return (
    <section aria-labelledby="insights-heading" className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <PageHeading id="insights-heading" title="Insights · Hostel Complaint Portal">
          Insights
        </PageHeading>
        <Link to="/staff" className={cn(textLink, 'inline-flex min-h-11 items-center text-sm')}>
          Staff console
        </Link>
      </div>
      <SignedInGate>{(user) => (user.role === 'warden' || user.role === 'admin' ? <Dashboard /> : <NotForYou />)}</SignedInGate>
    </section>
  );
}

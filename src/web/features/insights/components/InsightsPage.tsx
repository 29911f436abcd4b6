import { useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { localName } from '../../../../shared/catalog';
import type { Insights } from '../../../../shared/insights';
import { SignInFirst, SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Select, TextInput } from '../../../components/ui/Controls';
import { buttonSecondary, card, fieldLabel, textLink } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { ApiError } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { cn } from '../../../lib/cn';
import { formatDay, formatNumber, formatShortDay } from '../../../lib/format';
import { i18n, useLocale } from '../../../lib/i18n';
import { useInsights } from '../api/get-insights';
import { filtersToParams, parseFilters, type InsightsFilters } from '../lib/filters';
import { BarChart, SERIES_COLORS } from './BarChart';
import { ChartFigure } from './ChartFigure';
import { DigestPreference } from './DigestPreference';
import { hoursText, ratingText, shareText } from '../lib/numbers';
import { can } from '../../../../shared/permissions';

const th = cn('border-b border-slate-200 px-2 py-2 text-left text-sm font-semibold text-slate-900');
// Cells and the hostel a row is about stay on one line ("3 (1 overdue)", "Block-2"): the tables
// scroll sideways in their own region on a phone rather than squeeze a cell to a word's width.
const td = cn('border-b border-slate-100 px-2 py-2 text-sm whitespace-nowrap text-slate-800');
const num = cn('text-right tabular-nums');
const rowHeader = cn(th, 'whitespace-nowrap');

function NotForYou() {
  return (
    <div className={cn(card, 'mt-6')} data-testid="not-insights">
      <h2 className="text-lg font-semibold text-slate-900">{i18n._('This page is for wardens and administrators')}</h2>
      <p className="mt-2 text-slate-700">{i18n._('Insights show how each hostel is doing. Ask an administrator if you need them.')}</p>
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

interface Names {
  /** A category's or service's name in the reader's language. */
  label: (key: string) => string;
  /** A hostel's name in the reader's language. */
  hostel: (name: string) => string;
}

function Filters({ filters, figures, names, onChange }: { filters: InsightsFilters; figures: Insights; names: Names; onChange: (next: InsightsFilters) => void }) {
  return (
    <form className={cn(card, 'mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4')} aria-label={i18n._('Filters')} onSubmit={(e) => e.preventDefault()}>
      <div>
        <label htmlFor="insights-from" className={fieldLabel}>
          {i18n._('From')}
        </label>
        <TextInput id="insights-from" type="date" value={filters.from || figures.from} max={filters.to || figures.to}
          onChange={(e) => onChange({ ...filters, from: e.target.value })} />
      </div>
      <div>
        <label htmlFor="insights-to" className={fieldLabel}>
          {i18n._('To')}
        </label>
        <TextInput id="insights-to" type="date" value={filters.to || figures.to} min={filters.from || figures.from}
          onChange={(e) => onChange({ ...filters, to: e.target.value })} />
      </div>
      <div>
        <label htmlFor="insights-hostel" className={fieldLabel}>
          {i18n._('Hostel')}
        </label>
        <Select id="insights-hostel" value={filters.hostel} onChange={(e) => onChange({ ...filters, hostel: e.target.value })}>
          <option value="">{i18n._('All my hostels')}</option>
          {figures.hostels.map((h) => (
            <option key={h} value={h}>
              {names.hostel(h)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor="insights-category" className={fieldLabel}>
          {i18n._('Category')}
        </label>
        <Select id="insights-category" value={filters.category} onChange={(e) => onChange({ ...filters, category: e.target.value })}>
          <option value="">{i18n._('All categories')}</option>
          {figures.categories.map((c) => (
            <option key={c.key} value={c.key}>
              {names.label(c.key)}
            </option>
          ))}
        </Select>
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
      {/* The days as the date fields hold them (2026-09-01): the same in every language. */}
      <h2 id="insights-summary" className="text-lg font-semibold text-slate-900">
        {i18n._('{from} to {to}', { from: figures.from, to: figures.to })}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure id="filed" label={i18n._('Filed')} value={formatNumber(t.filed)} />
        <Figure id="open" label={i18n._('Open now')} value={formatNumber(t.open)} detail={i18n._('{count} overdue', { count: formatNumber(t.overdue) })} />
        <Figure id="overdue" label={i18n._('Overdue now')} value={formatNumber(t.overdue)} />
        <Figure
          id="acknowledged"
          label={i18n._('Acknowledged')}
          value={formatNumber(t.acknowledged)}
          detail={i18n._('median {median} · 90th {p90}', { median: hoursText(t.ackMedianHours), p90: hoursText(t.ackP90Hours) })}
        />
        <Figure
          id="resolved"
          label={i18n._('Resolved')}
          value={formatNumber(t.resolved)}
          detail={i18n._('median {median} · 90th {p90}', { median: hoursText(t.resolveMedianHours), p90: hoursText(t.resolveP90Hours) })}
        />
        <Figure id="on-time" label={i18n._('Resolved within target')} value={shareText(t.onTimeShare)} />
        <Figure id="reopen-rate" label={i18n._('Reopen rate')} value={shareText(t.reopenRate)} detail={i18n._('{count} reopened', { count: formatNumber(t.reopened) })} />
        <Figure
          id="rating"
          label={i18n._('Satisfaction')}
          value={ratingText(t.ratingAverage)}
          detail={i18n._('{count, plural, one {# rating} other {# ratings}}', { count: t.ratings })}
        />
      </dl>
    </section>
  );
}

function OpenHeatTable({ figures, names, filters }: { figures: Insights; names: Names; filters: InsightsFilters }) {
  const hostels = [...new Set(figures.openCells.map((c) => c.hostel))];
  const categories = [...new Set(figures.openCells.map((c) => c.category))];
  const max = Math.max(1, ...figures.openCells.map((c) => c.open));
  const cellOf = (h: string, c: string) => figures.openCells.find((x) => x.hostel === h && x.category === c);
  return (
    <section aria-labelledby="insights-open" className={cn(card, 'mt-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-open" className="text-lg font-semibold text-slate-900">
          {i18n._('Open and overdue now')}
        </h2>
        <CsvLink table="open" filters={filters}>
          {i18n._('Download CSV')}
        </CsvLink>
      </div>
      {figures.openCells.length === 0 ? (
        <p className="mt-3 text-slate-700">{i18n._('Nothing is open.')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={i18n._('Open and overdue now: table')}>
          <table className="min-w-full border-collapse" data-testid="open-table">
            <caption className="sr-only">{i18n._('Open complaints (overdue in brackets) by hostel and category')}</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {i18n._('Hostel')}
                </th>
                {categories.map((c) => (
                  <th key={c} scope="col" className={cn(th, num)}>
                    {names.label(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hostels.map((h) => (
                <tr key={h}>
                  <th scope="row" className={rowHeader}>
                    {names.hostel(h)}
                  </th>
                  {categories.map((c) => {
                    const cell = cellOf(h, c);
                    // Darker means more open work; the numbers carry the meaning, the colour only helps scanning.
                    const level = cell ? Math.ceil((cell.open / max) * 4) : 0;
                    return (
                      <td key={c} className={cn(td, num, ['', 'bg-amber-50', 'bg-amber-100', 'bg-amber-200', 'bg-amber-300'][level])}>
                        {cell ? (
                          <>
                            {formatNumber(cell.open)}
                            {cell.overdue > 0 && (
                              <span className="ml-1 font-semibold text-red-800">{i18n._('({count} overdue)', { count: formatNumber(cell.overdue) })}</span>
                            )}
                          </>
                        ) : (
                          formatNumber(0)
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

function WeeklyChart({ figures, names, filters }: { figures: Insights; names: Names; filters: InsightsFilters }) {
  const { label } = names;
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
      title={i18n._('Complaints per week by category')}
      actions={<CsvLink table="weekly" filters={filters}>{i18n._('Download CSV')}</CsvLink>}
      chart={
        weeks.length ? (
          <>
            <BarChart labels={weeks.map(formatShortDay)} series={series} />
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
          <p className="text-slate-700">{i18n._('Nothing was filed in this range.')}</p>
        )
      }
      table={
        <table className="min-w-full border-collapse" data-testid="weekly-table">
          <caption className="sr-only">{i18n._('Complaints filed per week (starting Monday) by category')}</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {i18n._('Week of')}
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
                  <time dateTime={w}>{formatDay(w)}</time>
                </th>
                {series.map((s) => (
                  <td key={s.label} className={cn(td, num)}>
                    {formatNumber(s.values[i] ?? 0)}
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

function TimesTable({ figures, names, filters }: { figures: Insights; names: Names; filters: InsightsFilters }) {
  const rows = [...figures.times, figures.total];
  const headers = [
    i18n._('Hostel'),
    i18n._('Category'),
    i18n._('Filed'),
    i18n._('Acknowledge: median'),
    i18n._('90th'),
    i18n._('Resolved'),
    i18n._('Resolve: median'),
    i18n._('90th'),
    i18n._('Within target'),
    i18n._('Reopen rate'),
    i18n._('Rating'),
  ];
  return (
    <section aria-labelledby="insights-times" className={cn(card, 'mt-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-times" className="text-lg font-semibold text-slate-900">
          {i18n._('Response and resolution by hostel and category')}
        </h2>
        <CsvLink table="times" filters={filters}>
          {i18n._('Download CSV')}
        </CsvLink>
      </div>
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={i18n._('Response and resolution: table')}>
        <table className="min-w-full border-collapse" data-testid="times-table">
          <caption className="sr-only">{i18n._('Times to acknowledge and resolve, share within target, reopen rate and ratings')}</caption>
          <thead>
            <tr>
              {headers.map((h, i) => (
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
                  {r.hostel === 'All' ? i18n._('All') : names.hostel(r.hostel)}
                </th>
                <td className={td}>{r.category === 'All' ? i18n._('All') : names.label(r.category)}</td>
                <td className={cn(td, num)}>{formatNumber(r.filed)}</td>
                <td className={cn(td, num)}>{hoursText(r.ackMedianHours)}</td>
                <td className={cn(td, num)}>{hoursText(r.ackP90Hours)}</td>
                <td className={cn(td, num)}>{formatNumber(r.resolved)}</td>
                <td className={cn(td, num)}>{hoursText(r.resolveMedianHours)}</td>
                <td className={cn(td, num)}>{hoursText(r.resolveP90Hours)}</td>
                <td className={cn(td, num)}>{shareText(r.onTimeShare)}</td>
                <td className={cn(td, num)}>{shareText(r.reopenRate)}</td>
                <td className={cn(td, num)}>{ratingText(r.ratingAverage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Satisfaction({ figures }: { figures: Insights }) {
  const stars = [1, 2, 3, 4, 5].map((count) => i18n._('{count, plural, one {# star} other {# stars}}', { count }));
  const ratings = i18n._('Ratings');
  const series = useMemo(() => [{ label: ratings, color: SERIES_COLORS[0] ?? '#1d4ed8', values: figures.ratingDistribution }], [figures.ratingDistribution, ratings]);
  return (
    <ChartFigure
      title={i18n._('Satisfaction: {average} average from {count, plural, one {# rating} other {# ratings}}', {
        average: ratingText(figures.total.ratingAverage),
        count: figures.total.ratings,
      })}
      chart={figures.total.ratings ? <BarChart labels={stars} series={series} /> : <p className="text-slate-700">{i18n._('No ratings in this range.')}</p>}
      table={
        <table className="min-w-full border-collapse" data-testid="ratings-table">
          <caption className="sr-only">{i18n._('How many ratings of each number of stars')}</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {i18n._('Rating')}
              </th>
              <th scope="col" className={cn(th, num)}>
                {ratings}
              </th>
            </tr>
          </thead>
          <tbody>
            {stars.map((s, i) => (
              <tr key={s}>
                <th scope="row" className={rowHeader}>
                  {s}
                </th>
                <td className={cn(td, num)}>{formatNumber(figures.ratingDistribution[i] ?? 0)}</td>
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
  const words = r.area ? r.area.name : i18n._('Room {room}', { room: r.roomNo });
  const ref = r.area ? r.area.code : r.roomNo;
  if (!r.hostelCode) return <>{words}</>;
  return (
    <Link to={`/staff/places/${encodeURIComponent(r.hostelCode)}/${encodeURIComponent(ref)}`} className={textLink}>
      {words}
    </Link>
  );
}

function RecurringRooms({ figures, names, filters }: { figures: Insights; names: Names; filters: InsightsFilters }) {
  return (
    <section aria-labelledby="insights-rooms" className={cn(card, 'mt-6')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="insights-rooms" className="text-lg font-semibold text-slate-900">
          {i18n._('Places that keep reporting (30 days up to {day})', { day: formatDay(figures.to) })}
        </h2>
        <CsvLink table="rooms" filters={filters}>
          {i18n._('Download CSV')}
        </CsvLink>
      </div>
      {figures.recurringRooms.length === 0 ? (
        <p className="mt-3 text-slate-700">{i18n._('No room or common area has three or more complaints of one kind.')}</p>
      ) : (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800" data-testid="recurring-rooms">
          {figures.recurringRooms.map((r) => (
            <li key={`${r.hostel}|${r.area?.code ?? r.roomNo}|${r.category}`}>
              <WithSlots
                text={i18n._('{place} {hostel}: {count} {category} complaints in 30 days', {
                  place: slot('place'),
                  hostel: names.hostel(r.hostel),
                  count: formatNumber(r.count),
                  category: names.label(r.category).toLowerCase(),
                })}
                slots={{ place: <RecurringPlace r={r} /> }}
              />
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
  const catalog = useCatalog().data;
  const locale = useLocale();
  // Names admins define are data (decision 52): their Hindi from the catalogue, else the English.
  const names = useMemo((): Names => {
    const map = new Map((labels ?? []).map((c) => [c.key, c.label]));
    for (const c of catalog?.categories ?? []) map.set(c.key, localName(locale, c, 'cardTitle'));
    for (const sv of catalog?.services ?? []) map.set(sv.key, localName(locale, sv, 'label'));
    const hostels = new Map((catalog?.hostels ?? []).map((h) => [h.name, localName(locale, h, 'name')]));
    return { label: (key) => map.get(key) ?? key, hostel: (name) => hostels.get(name) ?? name };
  }, [labels, catalog, locale]);
  const change = (next: InsightsFilters) => void setSearchParams(filtersToParams(next), { preventScrollReset: true, replace: true });

  if (insights.isPending) return <LoadingStatus label={i18n._('Loading the figures…')} />;
  if (insights.isError && !figures) {
    if (insights.error instanceof ApiError && insights.error.status === 403) return <NotForYou />;
    if (insights.error instanceof ApiError && insights.error.status === 401) return <SignInFirst />;
    return <LoadError error={insights.error} onRetry={() => void insights.refetch()} />;
  }
  if (!figures) return null;
  return (
    <>
      <Filters filters={filters} figures={figures} names={names} onChange={change} />
      {insights.isFetching && <LoadingStatus compact label={i18n._('Updating the figures…')} />}
      {insights.isError && <LoadError error={insights.error} onRetry={() => void insights.refetch()} />}
      <Summary figures={figures} />
      <OpenHeatTable figures={figures} names={names} filters={filters} />
      <div className="mt-6">
        <WeeklyChart figures={figures} names={names} filters={filters} />
      </div>
      <TimesTable figures={figures} names={names} filters={filters} />
      <div className="mt-6">
        <Satisfaction figures={figures} />
      </div>
      <RecurringRooms figures={figures} names={names} filters={filters} />
      <DigestPreference />
    </>
  );
}

/** Route /insights: how the hostels in the reader's scope are doing (wardens: their hostels; admins: all). */
export function InsightsPage() {
  return (
    <section aria-labelledby="insights-heading" className="mx-auto max-w-7xl">
      <div className="flex flex-wrap items-end justify-between gap-x-4">
        <PageHeading id="insights-heading" title={i18n._('Insights · Hostel Complaint Portal')}>
          {i18n._('Insights')}
        </PageHeading>
        <Link to="/staff" className={cn(textLink, 'inline-flex min-h-11 items-center text-sm')}>
          {i18n._('Staff console')}
        </Link>
      </div>
      <SignedInGate>{(user) => (can(user.role, 'insights.read') ? <Dashboard /> : <NotForYou />)}</SignedInGate>
    </section>
  );
}

import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { GrievanceReport } from '../../../../shared/grievances';
import { periodProblem } from '../../../../shared/ragging-reports';
import { dayIn } from '../../../../shared/time';
import { TextField } from '../../../components/ui/FormFields';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { draftResolver } from '../../../lib/form';
import { formatNumber } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { grievanceReportHref, useGrievanceReport } from '../api/grievance-report';
import { APPEAL_OUTCOME_WORDS, COMMITTEE_OUTCOME_WORDS } from '../lib/words';

interface Period {
  from: string;
  to: string;
}

/** The period as the server checks the report's query. */
const periodSchema = z.object({ from: z.string(), to: z.string() }).superRefine((period, ctx) => {
  const problem = periodProblem(period.from, period.to);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
const resolver = draftResolver(periodSchema, (period: Period) => period);

/** The calendar month before `today`'s: the period a university usually asks for. */
function lastMonth(today: string): Period {
  const [year = 1970, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function Download({ href, label, primary, ready }: { href: string; label: string; primary: boolean; ready: boolean }) {
  const look = cn(primary ? buttonPrimary : buttonSecondary, 'w-full sm:w-auto');
  if (!ready) {
    return (
      <a role="link" aria-disabled="true" className={cn(look, 'cursor-not-allowed opacity-60')}>
        {label}
      </a>
    );
  }
  return (
    <a href={href} download className={look}>
      {label}
    </a>
  );
}

const n = (value: number) => formatNumber(value);

function PartTable({ caption, rows }: { caption: string; rows: Array<{ name: string; received: number; decided: number; decidedWithinClock: number; appeals: number }> }) {
  if (rows.length === 0) return null;
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="mt-4 overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm text-slate-900">
        <caption className="mb-2 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-3"></th>
            <th scope="col" className="py-1 pr-3">{i18n._('Received')}</th>
            <th scope="col" className="py-1 pr-3">{i18n._('Decided')}</th>
            <th scope="col" className="py-1 pr-3">{i18n._('In 15 working days')}</th>
            <th scope="col" className="py-1">{i18n._('Appeals')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-slate-100">
              <th scope="row" className="py-1 pr-3 font-medium">
                {row.name}
              </th>
              <td className="py-1 pr-3">{n(row.received)}</td>
              <td className="py-1 pr-3">{n(row.decided)}</td>
              <td className="py-1 pr-3">{n(row.decidedWithinClock)}</td>
              <td className="py-1">{n(row.appeals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ report }: { report: GrievanceReport }) {
  const rows: Array<[string, number]> = [
    [i18n._('Grievances received'), report.received],
    [i18n._('Withdrawn by the student'), report.withdrawn],
    [i18n._('Decided by the committee'), report.decided],
    [i18n._('Decided within 15 working days'), report.decidedWithinClock],
    [i18n._('Still with the committee'), report.pendingWithCommittee],
    [i18n._('Appeals to the Ombudsperson'), report.appeals],
    [i18n._('Appeals disposed of'), report.disposed],
    [i18n._('Disposed of within 30 days'), report.disposedWithinClock],
    [i18n._('Still with the Ombudsperson'), report.pendingWithOmbudsperson],
  ];
  return (
    <section aria-labelledby="figures-heading" className={cn(card, 'mt-4')} data-testid="grievance-figures">
      <h2 id="figures-heading" className="text-base font-semibold text-slate-900">
        {i18n._('The period’s figures')}
      </h2>
      <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-slate-900">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right font-semibold tabular-nums">{n(value)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{i18n._('The committee’s outcomes')}</h3>
      <ul className="mt-1 text-slate-900">
        {(Object.keys(COMMITTEE_OUTCOME_WORDS) as Array<keyof typeof COMMITTEE_OUTCOME_WORDS>).map((outcome) => (
          <li key={outcome}>
            {COMMITTEE_OUTCOME_WORDS[outcome]()}: {n(report.outcomes[outcome])}
          </li>
        ))}
      </ul>
      <h3 className="mt-3 text-sm font-semibold text-slate-900">{i18n._('The Ombudsperson’s outcomes')}</h3>
      <ul className="mt-1 text-slate-900">
        {(Object.keys(APPEAL_OUTCOME_WORDS) as Array<keyof typeof APPEAL_OUTCOME_WORDS>).map((outcome) => (
          <li key={outcome}>
            {APPEAL_OUTCOME_WORDS[outcome]()}: {n(report.appealOutcomes[outcome])}
          </li>
        ))}
      </ul>
      <PartTable caption={i18n._('By hostel')} rows={report.byHostel.map((row) => ({ ...row, name: row.hostel }))} />
      <PartTable caption={i18n._('By category')} rows={report.byCategory.map((row) => ({ ...row, name: row.category }))} />
    </section>
  );
}

/** Admin console, Grievance report: a period's figures for the university, as PDF and CSV too. */
export function GrievanceReportPage() {
  const today = dayIn(new Date(), displayTimeZone());
  const form = useForm<Period, unknown, Period>({ defaultValues: lastMonth(today), resolver });
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  const { errors } = form.formState;
  useEffect(() => {
    void form.trigger();
  }, [form, from, to]);
  const ready = !errors.from && !errors.to && Boolean(from) && Boolean(to);
  const report = useGrievanceReport(ready ? { from, to } : null);
  const title = i18n._('Grievance report');

  return (
    <section aria-labelledby="grievance-report-heading">
      <PageHeading id="grievance-report-heading" title={i18n._('{title} · Admin · Hostel Complaint Portal', { title })}>
        {title}
      </PageHeading>
      <p className="mt-2 max-w-prose text-slate-700">
        {i18n._('For the university: grievances received and decided within 15 working days, appeals and those disposed of within 30 days, the outcomes, by hostel and category. Ragging reports are not grievances and stay in the anti-ragging committee’s own reports.')}
      </p>
      <div className={cn(card, 'mt-4')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="from" label={i18n._('First day')} type="date" max={today} />
          <TextField control={form.control} name="to" label={i18n._('Last day')} hint={i18n._('A year at most.')} type="date" min={from} />
        </div>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Download href={grievanceReportHref(from, to, 'pdf')} label={i18n._('Download PDF')} primary ready={ready} />
          <Download href={grievanceReportHref(from, to, 'csv')} label={i18n._('Download CSV')} primary={false} ready={ready} />
        </div>
      </div>
      {ready && report.isPending && <LoadingStatus label={i18n._('Counting…')} />}
      {report.isError && <LoadError error={report.error} onRetry={() => void report.refetch()} />}
      {report.data && <Figures report={report.data} />}
    </section>
  );
}

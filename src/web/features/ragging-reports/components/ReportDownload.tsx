import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { periodProblem } from '../../../../shared/ragging-reports';
import { TextField } from '../../../components/ui/FormFields';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { draftResolver } from '../../../lib/form';
import { i18n } from '../../../lib/i18n';
import { lastMonth, reportHref } from '../lib/period';

interface Period {
  from: string;
  to: string;
}

/** The period as the server checks the report's query (its message on the day that is wrong). */
const periodSchema = z.object({ from: z.string(), to: z.string() }).superRefine((period, ctx) => {
  const problem = periodProblem(period.from, period.to);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

const resolver = draftResolver(periodSchema, (period: Period) => period);

/** A download that cannot be had yet: a link without an address (not focusable), drawn disabled. */
function DownloadLink({ href, fileName, label, primary, ready }: { href: string; fileName: string; label: string; primary: boolean; ready: boolean }) {
  const look = cn(primary ? buttonPrimary : buttonSecondary, 'w-full sm:w-auto');
  if (!ready) {
    return (
      <a role="link" aria-disabled="true" className={cn(look, 'cursor-not-allowed opacity-60')}>
        {label}
      </a>
    );
  }
  return (
    <a href={href} download={fileName} className={look}>
      {label}
    </a>
  );
}

/**
 * The committees' report: a period (last month unless changed), checked as the server checks it,
 * and the PDF and CSV of it as plain links: the browser downloads what the server streams.
 */
export function ReportDownload({ today }: { today: string }) {
  const form = useForm<Period, unknown, Period>({ defaultValues: lastMonth(today), resolver });
  const [from, to] = useWatch({ control: form.control, name: ['from', 'to'] });
  const { errors } = form.formState;
  // Nothing is submitted: the period is checked whole after every change, so a first day moved
  // after the last day shows on the last day at once, as it would on the server.
  useEffect(() => {
    void form.trigger();
  }, [form, from, to]);
  const ready = !errors.from && !errors.to;
  const pdf = reportHref(from, to, 'pdf');
  const csv = reportHref(from, to, 'csv');

  return (
    <section aria-labelledby="report-heading" className={cn(card, 'mt-6')}>
      <h2 id="report-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Report for the committees')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {i18n._(
          "For the institution's and the district's anti-ragging committees: reports received, FIR decisions and their times, enquiries closed in time, outcomes, escalations and the squad's inspections. Counts only: it names no student.",
        )}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="from" label={i18n._('First day')} type="date" max={today} />
        <TextField control={form.control} name="to" label={i18n._('Last day')} hint={i18n._('A year at most.')} type="date" min={from} />
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <DownloadLink {...pdf} label={i18n._('Download PDF')} primary ready={ready} />
        <DownloadLink {...csv} label={i18n._('Download CSV')} primary={false} ready={ready} />
      </div>
    </section>
  );
}

import { useState } from 'react';
import { periodProblem } from '../../../../shared/ragging-reports';
import { Field } from '../../../components/ui/Field';
import { buttonPrimary, buttonSecondary, card, fieldControl } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { i18n } from '../../../lib/i18n';
import { lastMonth, reportHref } from '../lib/period';

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
  const [period, setPeriod] = useState(() => lastMonth(today));
  const problem = periodProblem(period.from, period.to);
  const pdf = reportHref(period.from, period.to, 'pdf');
  const csv = reportHref(period.from, period.to, 'csv');

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
        <Field label={i18n._('First day')} error={problem?.field === 'from' ? i18n._(problem.message) : undefined}>
          {(aria) => (
            <input {...aria} type="date" className={fieldControl} value={period.from} max={today} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
          )}
        </Field>
        <Field label={i18n._('Last day')} hint={i18n._('A year at most.')} error={problem?.field === 'to' ? i18n._(problem.message) : undefined}>
          {(aria) => (
            <input {...aria} type="date" className={fieldControl} value={period.to} min={period.from} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
          )}
        </Field>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <DownloadLink {...pdf} label={i18n._('Download PDF')} primary ready={!problem} />
        <DownloadLink {...csv} label={i18n._('Download CSV')} primary={false} ready={!problem} />
      </div>
    </section>
  );
}

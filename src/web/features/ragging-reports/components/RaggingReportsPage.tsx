import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { can, isWorkerRole } from '../../../../shared/permissions';
import { toZonedInputValue } from '../../../../shared/time';
import type { Inspection } from '../../../../shared/ragging-reports';
import { SignInFirst, SignedInGate } from '../../../components/SignedInGate';
import { Alert } from '../../../components/ui/Alert';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { buttonPrimary, card } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCatalog } from '../../../lib/catalog';
import { cn } from '../../../lib/cn';
import { i18n, intlLocale } from '../../../lib/i18n';
import { useInspections } from '../api/inspections-list';
import { InspectionForm } from './InspectionForm';
import { ReportDownload } from './ReportDownload';

const who = () => i18n._('The anti-ragging reports and the inspection log are for the anti-ragging duty and administrators.');

/** Signed in, but without the duty: who the page is for, and where to go instead. */
function NotOnDuty({ message }: { message: string }) {
  return (
    <div className={cn(card, 'mt-6')} data-testid="not-on-duty">
      <h2 className="text-lg font-semibold text-slate-900">{i18n._('This page is for the anti-ragging duty')}</h2>
      <p className="mt-2 text-slate-700">{message}</p>
      <p className="mt-2 text-slate-700">{i18n._('An administrator gives the duty on the People page of the admin console.')}</p>
      <Link to="/" className={cn(buttonPrimary, 'mt-4')}>
        {i18n._('Go to the start page')}
      </Link>
    </div>
  );
}

const when = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat(i18n.locale === 'en' ? 'en-GB' : intlLocale(), { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at),
  );

function InspectionCard({ inspection, timeZone }: { inspection: Inspection; timeZone: string }) {
  return (
    <li className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="font-semibold text-slate-900">{inspection.hostel}</h3>
        <p className="text-sm text-slate-700">
          <time dateTime={inspection.inspectedAt}>{when(inspection.inspectedAt, timeZone)}</time>
        </p>
      </div>
      <p className="mt-2 whitespace-pre-line text-slate-800 wrap-anywhere">{inspection.findings}</p>
      <p className="mt-2 text-sm text-slate-700 wrap-anywhere">
        <span className="font-semibold">{i18n._('Squad:')}</span> {inspection.squad}
      </p>
      {inspection.recordedBy && <p className="mt-1 text-sm text-slate-600">{i18n._('Recorded by {name}', { name: inspection.recordedBy })}</p>}
    </li>
  );
}

function Reports() {
  const list = useInspections();
  const catalog = useCatalog();
  const [recording, setRecording] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const logHeading = useRef<HTMLHeadingElement>(null);
  const inspections = list.data?.pages.flatMap((page) => page.items) ?? [];
  const timeZone = list.data?.pages[0]?.timeZone;

  // The duty taken away since /api/me was read: the server's refusal says so.
  if (list.isError && list.error instanceof ApiError && list.error.status === 403) return <NotOnDuty message={list.error.message} />;
  if (list.isError && inspections.length === 0) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (catalog.isError) return <LoadError error={catalog.error} onRetry={() => void catalog.refetch()} />;
  if (list.isPending || catalog.isPending || !timeZone) return <LoadingStatus label={i18n._('Loading the inspection log…')} />;

  // Said at the log's heading, where the focus goes once the form has closed.
  function recorded(inspection: Inspection) {
    setMessage(i18n._('Recorded the inspection of {hostel} on {when}.', { hostel: inspection.hostel, when: when(inspection.inspectedAt, timeZone ?? 'UTC') }));
    setRecording(false);
    requestAnimationFrame(() => logHeading.current?.focus());
  }

  return (
    <>
      <ReportDownload today={toZonedInputValue(new Date(), timeZone).slice(0, 10)} />

      <section aria-labelledby="inspections-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="inspections-heading" ref={logHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            {i18n._('Inspection log')}
          </h2>
          <Button
            variant={recording ? 'secondary' : 'primary'}
            aria-expanded={recording}
            aria-controls="inspection-form-region"
            onClick={() => setRecording(!recording)}
          >
            {recording ? i18n._('Close') : i18n._('Record an inspection')}
          </Button>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {i18n._('Surprise checks of the hostels by the anti-ragging squad; the report counts them by hostel and lists them.')}
        </p>
        <div id="inspection-form-region" className={recording ? cn(card, 'mt-4') : undefined}>
          {recording && <InspectionForm catalog={catalog.data} timeZone={timeZone} onRecorded={recorded} />}
        </div>
        <StatusMessage message={message} tone="panel" className="mt-4" data-testid="inspection-result" />
        {inspections.length === 0 ? (
          <p className="mt-4 text-slate-700">{i18n._('No inspection has been recorded yet.')}</p>
        ) : (
          <ul className="mt-4 space-y-4" aria-label={i18n._('Inspections, the latest first')}>
            {inspections.map((inspection) => (
              <InspectionCard key={inspection.id} inspection={inspection} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {list.isFetchNextPageError && (
          <Alert className="mt-4">
            <p>{errorMessage(list.error)}</p>
          </Alert>
        )}
        {list.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more inspections…')} />}
        {list.hasNextPage && !list.isFetchingNextPage && (
          <Button className="mt-4 w-full sm:w-auto" onClick={() => void list.fetchNextPage()}>
            {i18n._('Load more')}
          </Button>
        )}
      </section>
    </>
  );
}

/** Route /staff/anti-ragging: the committees' report (PDF, CSV) and the squad's inspection log, for the duty and administrators. */
export function RaggingReportsPage() {
  return (
    <section aria-labelledby="ragging-reports-heading" className="mx-auto max-w-3xl">
      <BackLink to="/staff">{i18n._('Back to the staff console')}</BackLink>
      <PageHeading id="ragging-reports-heading" title={i18n._('Anti-ragging reports · Hostel Complaint Portal')}>
        {i18n._('Anti-ragging reports')}
      </PageHeading>
      <SignedInGate signedOut={<SignInFirst>{<p className="text-slate-700">{who()}</p>}</SignInFirst>}>
        {(user) => (isWorkerRole(user.role) && (user.antiRagging || can(user.role, 'scope.everything')) ? <Reports /> : <NotOnDuty message={who()} />)}
      </SignedInGate>
    </section>
  );
}

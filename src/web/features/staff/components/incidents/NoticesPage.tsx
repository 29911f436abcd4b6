import { useRef, useState } from 'react';
import { INCIDENT_STATUSES, type IncidentStatus } from '../../../../../shared/constants';
import { Alert } from '../../../../components/ui/Alert';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../../components/ui/PageHeading';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { card } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { useCatalog } from '../../../../lib/catalog';
import { cn } from '../../../../lib/cn';
import { useIncidents } from '../../api/incidents-list';
import { StaffRequestError, WorkerGate } from '../WorkerGate';
import { NoticeCard } from './NoticeCard';
import { NoticeForm, chipClass, floorsOf } from './NoticeForm';
import { i18n } from '../../../../lib/i18n';
import { useLocalNames } from '../../../../lib/local-names';

// Built at render time, in the reader's language.
const stateLabels = (): Record<IncidentStatus, string> => ({
  active: i18n._('Up now'),
  resolved: i18n._('Resolved'),
  withdrawn: i18n._('Taken down'),
});
const emptyTexts = (): Record<IncidentStatus, string> => ({
  active: i18n._('No notice is up in your categories and hostels.'),
  resolved: i18n._('No notice in your scope has been resolved yet.'),
  withdrawn: i18n._('No notice in your scope was taken down.'),
});

function Notices() {
  const [status, setStatus] = useState<IncidentStatus>('active');
  const [posting, setPosting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useIncidents(status);
  const catalog = useCatalog();
  const names = useLocalNames();
  const notices = list.data?.pages.flatMap((page) => page.items) ?? [];
  const timeZone = list.data?.pages[0]?.timeZone;

  // The outcome of posting, resolving or taking down: said at the list's heading, where the focus goes.
  function done(text: string) {
    setMessage(text);
    setPosting(false);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  if (list.isPending || catalog.isPending) return <LoadingStatus label={i18n._('Loading the notices…')} />;
  if (list.isError && notices.length === 0) return <StaffRequestError error={list.error} onRetry={() => void list.refetch()} />;
  if (catalog.isError) return <StaffRequestError error={catalog.error} onRetry={() => void catalog.refetch()} />;

  return (
    <>
      <div className={cn(card, 'mt-6')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{i18n._('Post a notice')}</h2>
          <Button variant={posting ? 'secondary' : 'primary'} aria-expanded={posting} aria-controls="notice-form-region" onClick={() => setPosting(!posting)}>
            {posting ? i18n._('Close') : i18n._('New notice')}
          </Button>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          {i18n._('A known problem (“Wi-Fi outage on floor 2”): students of that hostel see it before filing, and complaints filed meanwhile link to it.')}
        </p>
        <div id="notice-form-region">
          {posting && timeZone && <NoticeForm catalog={catalog.data} timeZone={timeZone} onPosted={done} />}
        </div>
      </div>

      <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-lg font-semibold text-slate-900">
        {i18n._('Notices in your scope')}
      </h2>
      <div role="group" aria-label={i18n._('Show notices')} className="mt-3 flex flex-wrap gap-2">
        {INCIDENT_STATUSES.map((s) => (
          <Button key={s} variant="plain" className={chipClass(status === s)} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {stateLabels()[s]}
          </Button>
        ))}
      </div>
      <StatusMessage message={message} tone="panel" className="mt-4" data-testid="notices-result" />
      {notices.length === 0 ? (
        <p className="mt-4 text-slate-700">{emptyTexts()[status]}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {notices.map((notice) => (
            <NoticeCard
              key={notice.id}
              notice={notice}
              category={names.category(notice.category, catalog.data.categories.find((c) => c.key === notice.category)?.cardTitle ?? notice.category)}
              timeZone={timeZone}
              floors={floorsOf(catalog.data.hostels.find((h) => h.name === notice.hostel))}
              onDone={done}
            />
          ))}
        </ul>
      )}
      {list.isFetchNextPageError && (
        <Alert className="mt-4">
          <p>{errorMessage(list.error)}</p>
        </Alert>
      )}
      {list.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more notices…')} />}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <Button className="mt-4 w-full sm:w-auto" onClick={() => void list.fetchNextPage()}>
          {i18n._('Load more')}
        </Button>
      )}
    </>
  );
}

/** Route /staff/notices: post notices of known problems, resolve them with a note, or take them down. */
export function NoticesPage() {
  return (
    <section aria-labelledby="notices-page-heading" className="mx-auto max-w-3xl">
      <BackLink to="/staff">{i18n._('Back to the queue')}</BackLink>
      <PageHeading id="notices-page-heading" title={i18n._('Notices · Staff console')}>
        {i18n._('Notices')}
      </PageHeading>
      <WorkerGate>{() => <Notices />}</WorkerGate>
    </section>
  );
}

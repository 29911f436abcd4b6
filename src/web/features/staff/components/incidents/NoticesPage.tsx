import { useRef, useState } from 'react';
import { categoryByKey } from '../../../../../shared/catalog';
import { INCIDENT_STATUSES, type IncidentStatus } from '../../../../../shared/constants';
import { Alert } from '../../../../components/ui/Alert';
import { LoadingStatus } from '../../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../../components/ui/PageHeading';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { useCatalog } from '../../../../lib/catalog';
import { cn } from '../../../../lib/cn';
import { useIncidents } from '../../api/incidents-list';
import { StaffRequestError, WorkerGate } from '../WorkerGate';
import { NoticeCard } from './NoticeCard';
import { NoticeForm, chipClass } from './NoticeForm';

const STATE_LABELS: Record<IncidentStatus, string> = { active: 'Up now', resolved: 'Resolved', withdrawn: 'Taken down' };
const EMPTY: Record<IncidentStatus, string> = {
  active: 'No notice is up in your categories and hostels.',
  resolved: 'No notice in your scope has been resolved yet.',
  withdrawn: 'No notice in your scope was taken down.',
};

function Notices() {
  const [status, setStatus] = useState<IncidentStatus>('active');
  const [posting, setPosting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = useIncidents(status);
  const catalog = useCatalog();
  const notices = list.data?.pages.flatMap((page) => page.items) ?? [];
  const timeZone = list.data?.pages[0]?.timeZone;

  // The outcome of posting, resolving or taking down: said at the list's heading, where the focus goes.
  function done(text: string) {
    setMessage(text);
    setPosting(false);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  if (list.isPending || catalog.isPending) return <LoadingStatus label="Loading the notices…" />;
  if (list.isError && notices.length === 0) return <StaffRequestError error={list.error} onRetry={() => void list.refetch()} />;
  if (catalog.isError) return <StaffRequestError error={catalog.error} onRetry={() => void catalog.refetch()} />;

  return (
    <>
      <div className={cn(card, 'mt-6')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Post a notice</h2>
          <button type="button" className={posting ? buttonSecondary : buttonPrimary} aria-expanded={posting} aria-controls="notice-form-region" onClick={() => setPosting(!posting)}>
            {posting ? 'Close' : 'New notice'}
          </button>
        </div>
        <p className="mt-1 text-sm text-slate-700">
          A known problem (“Wi-Fi outage on floor 2”): students of that hostel see it before filing, and complaints filed meanwhile link to it.
        </p>
        <div id="notice-form-region">
          {posting && timeZone && <NoticeForm catalog={catalog.data} timeZone={timeZone} onPosted={done} />}
        </div>
      </div>

      <h2 ref={headingRef} tabIndex={-1} className="mt-8 text-lg font-semibold text-slate-900">
        Notices in your scope
      </h2>
      <div role="group" aria-label="Show notices" className="mt-3 flex flex-wrap gap-2">
        {INCIDENT_STATUSES.map((s) => (
          <button key={s} type="button" className={chipClass(status === s)} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {STATE_LABELS[s]}
          </button>
        ))}
      </div>
      <StatusMessage message={message} tone="panel" className="mt-4" data-testid="notices-result" />
      {notices.length === 0 ? (
        <p className="mt-4 text-slate-700">{EMPTY[status]}</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {notices.map((notice) => (
            <NoticeCard
              key={notice.id}
              notice={notice}
              category={categoryByKey(catalog.data, notice.category)?.cardTitle ?? notice.category}
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
      {list.isFetchingNextPage && <LoadingStatus label="Loading more notices…" />}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <button type="button" className={cn(buttonSecondary, 'mt-4 w-full sm:w-auto')} onClick={() => void list.fetchNextPage()}>
          Load more
        </button>
      )}
    </>
  );
}

/** Route /staff/notices: post notices of known problems, resolve them with a note, or take them down. */
export function NoticesPage() {
  return (
    <section aria-labelledby="notices-page-heading" className="mx-auto max-w-3xl">
      <BackLink to="/staff">Back to the queue</BackLink>
      <PageHeading id="notices-page-heading" title="Notices · Staff console">
        Notices
      </PageHeading>
      <WorkerGate>{() => <Notices />}</WorkerGate>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { Alert } from '../../../components/ui/Alert';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { buttonPrimary } from '../../../components/ui/styles';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useMarkComplaintSeen } from '../../../lib/mark-complaint-seen';
import { useStaffComplaint } from '../api/detail';
import { nextNumber, recalledQueue } from '../lib/queue-session';
import { Assignment } from './complaint/Assignment';
import { ComplaintDetails } from './complaint/ComplaintDetails';
import { ReplyBox } from './complaint/ReplyBox';
import { StaffTimeline } from './complaint/StaffTimeline';
import { StatusActions } from './complaint/StatusActions';
import { StudentIdentity } from './complaint/StudentIdentity';
import { StaffRequestError, WorkerGate } from './WorkerGate';

/** After an action: the next complaint of the queue view this one was opened from (same tab). */
function NextComplaint({ number, queueSearch }: { number: string; queueSearch: string | null }) {
  const session = recalledQueue();
  if (!session || (queueSearch !== null && session.search !== queueSearch)) return null;
  const next = nextNumber(session.numbers, number);
  if (!next) {
    return (
      <p className="mt-4 text-slate-700" data-testid="next-complaint">
        That was the last complaint in this view. <Link to={`/staff${session.search ? `?${session.search}` : ''}`} className="font-semibold text-brand-800 underline">Back to the queue</Link>
      </p>
    );
  }
  return (
    <div className="mt-4" data-testid="next-complaint">
      <Link
        to={`/staff/complaints/${encodeURIComponent(next)}`}
        state={{ queueSearch: session.search }}
        className={cn(buttonPrimary, 'w-full sm:w-auto')}
      >
        Next complaint: <span className="ml-1 font-mono">{next}</span>
      </Link>
    </div>
  );
}

function Workspace({ number, user, queueSearch }: { number: string; user: User; queueSearch: string | null }) {
  const detail = useStaffComplaint(number);
  const [acted, setActed] = useState(false);
  const onDone = () => setActed(true);
  const { mutate: markSeen } = useMarkComplaintSeen();
  const shown = detail.data ? `${detail.data.number} ${detail.data.updatedAt}` : null;
  // Opening a complaint is reading what the bell said about it (a student's answer, its lateness).
  useEffect(() => {
    if (shown) markSeen(number);
  }, [markSeen, number, shown]);

  if (detail.isPending) return <LoadingStatus label="Loading the complaint…" />;
  // A failed refresh (after an action, on a flaky connection) keeps the page and what is typed in it.
  if (detail.isError && detail.data === undefined) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <NotFoundCard title="Complaint not found" to="/staff" linkLabel="Go to the queue" data-testid="complaint-not-found">
          There is no complaint {number} in your queue. It may belong to another category or hostel.
        </NotFoundCard>
      );
    }
    return <StaffRequestError error={detail.error} onRetry={() => void detail.refetch()} />;
  }

  const complaint = detail.data;
  return (
    <>
      {detail.isError && (
        <Alert className="mt-4" tone="info">
          <p>
            This page could not be refreshed ({errorMessage(detail.error)}). What you see may be out of date.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void detail.refetch()}>
              Try again
            </button>
          </p>
        </Alert>
      )}
      {acted && <NextComplaint number={number} queueSearch={queueSearch} />}
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-6">
        {/* On a phone the facts come before the actions; at a desk the actions head the sidebar,
            in view without scrolling. The facts hold nothing focusable, so the keyboard's order
            still follows what the eye sees; the photos (links) come after the actions in both. */}
        <div className="lg:order-2 lg:flex lg:flex-col" data-testid="staff-sidebar">
          <ComplaintDetails complaint={complaint} />
          <StudentIdentity complaint={complaint} />
          <div className="lg:order-first" data-testid="staff-actions">
            <StatusActions complaint={complaint} onDone={onDone} />
            <Assignment complaint={complaint} user={user} />
          </div>
          <PhotoGallery number={complaint.number} />
        </div>
        <div className="lg:order-1">
          <StaffTimeline complaint={complaint} />
          <ReplyBox complaint={complaint} onDone={onDone} />
        </div>
      </div>
    </>
  );
}

/** Route /staff/complaints/:number: one complaint, its student, its timeline and what can be done. */
export function StaffComplaintPage() {
  const { number = '' } = useParams();
  const state: unknown = useLocation().state;
  const passed = (state as { queueSearch?: unknown } | null)?.queueSearch;
  const queueSearch = typeof passed === 'string' ? passed : null;
  const back = queueSearch ? `/staff?${queueSearch}` : '/staff';
  return (
    <section aria-labelledby="staff-complaint-heading" className="mx-auto max-w-3xl lg:max-w-7xl">
      <BackLink to={back}>Back to the queue</BackLink>
      <PageHeading id="staff-complaint-heading" title={`Complaint ${number} · Staff console · Hostel Complaint Portal`}>
        Complaint <span className="font-mono">{number}</span>
      </PageHeading>
      <WorkerGate>{(user) => <Workspace key={number} number={number} user={user} queueSearch={queueSearch} />}</WorkerGate>
    </section>
  );
}

import { useLocation, useParams } from 'react-router';
import type { User } from '../../../../shared/auth';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { ApiError } from '../../../lib/api-client';
import { useStaffComplaint } from '../api/detail';
import { Assignment } from './complaint/Assignment';
import { ComplaintDetails } from './complaint/ComplaintDetails';
import { ReplyBox } from './complaint/ReplyBox';
import { StaffTimeline } from './complaint/StaffTimeline';
import { StatusActions } from './complaint/StatusActions';
import { StudentIdentity } from './complaint/StudentIdentity';
import { StaffRequestError, WorkerGate } from './WorkerGate';

function Workspace({ number, user }: { number: string; user: User }) {
  const detail = useStaffComplaint(number);

  if (detail.isPending) return <LoadingStatus label="Loading the complaint…" />;
  if (detail.isError) {
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
      <ComplaintDetails complaint={complaint} />
      <StudentIdentity complaint={complaint} />
      <StatusActions complaint={complaint} />
      <Assignment complaint={complaint} user={user} />
      <StaffTimeline complaint={complaint} />
      <ReplyBox complaint={complaint} />
    </>
  );
}

/** Route /staff/complaints/:number: one complaint, its student, its timeline and what can be done. */
export function StaffComplaintPage() {
  const { number = '' } = useParams();
  const state: unknown = useLocation().state;
  const queueSearch = (state as { queueSearch?: unknown } | null)?.queueSearch;
  const back = typeof queueSearch === 'string' && queueSearch ? `/staff?${queueSearch}` : '/staff';
  return (
    <section aria-labelledby="staff-complaint-heading" className="mx-auto max-w-3xl">
      <BackLink to={back}>Back to the queue</BackLink>
      <PageHeading id="staff-complaint-heading" title={`Complaint ${number} · Staff console · Hostel Complaint Portal`}>
        Complaint <span className="font-mono">{number}</span>
      </PageHeading>
      <WorkerGate>{(user) => <Workspace key={number} number={number} user={user} />}</WorkerGate>
    </section>
  );
}

import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isOpenStatus } from '../../../../shared/constants';
import { studentMay } from '../../../../shared/lifecycle';
import type { ComplaintDetail } from '../../../../shared/complaints';
import { ComplaintFacts, DetailRow } from '../../../components/ComplaintFacts';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { card } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useComplaint } from '../api/get-complaint';
import { useMarkComplaintSeen } from '../../../lib/mark-complaint-seen';
import { ComplaintThread } from './ComplaintThread';
import { RatingSummary, ResolutionForms } from './ResolutionForms';
import { StatusStepper } from './StatusStepper';
import { WithdrawPanel } from './WithdrawPanel';

/**
 * The student's complaint, top to bottom: where it stands, its facts, what they can do now
 * (withdraw, confirm or reopen, the rating they gave), and the conversation. Photos, when they
 * come, sit between the facts and the conversation.
 */
function Details({ complaint }: { complaint: ComplaintDetail }) {
  const seen = useMarkComplaintSeen();
  const { mutate: markSeen } = seen;
  // Opening a complaint is reading what the bell said about it.
  useEffect(() => {
    markSeen(complaint.number);
  }, [markSeen, complaint.number, complaint.updatedAt]);

  return (
    <>
      <StatusStepper status={complaint.status} />
      <div className={cn(card, 'mt-6')}>
        <dl data-testid="complaint-details">
          <ComplaintFacts complaint={complaint}>
            {/* A due time belongs to work the team still owes: open complaints only, as on the server. */}
            {isOpenStatus(complaint.status) && (
              <DetailRow label="Expected by">
                <time dateTime={complaint.dueAt} data-testid="expected-by">
                  {formatDateTime(complaint.dueAt)}
                </time>
              </DetailRow>
            )}
          </ComplaintFacts>
        </dl>
      </div>

      <WithdrawPanel complaint={complaint} />
      <PhotoGallery number={complaint.number} allowAdd={studentMay(complaint.status, 'add_photos')} />

      <ResolutionForms complaint={complaint} />
      <RatingSummary complaint={complaint} />

      <ComplaintThread complaint={complaint} />
    </>
  );
}

function ComplaintLoader({ number }: { number: string }) {
  const complaint = useComplaint(number, { enabled: true });

  if (complaint.isPending) return <LoadingStatus label="Loading the complaint…" />;
  if (complaint.isError) {
    if (complaint.error instanceof ApiError && complaint.error.status === 404) {
      return (
        <NotFoundCard title="Complaint not found" to="/my" linkLabel="Go to My complaints" data-testid="complaint-not-found">
          There is no complaint {number} among yours. Check the number, or find it in your list.
        </NotFoundCard>
      );
    }
    return <LoadError error={complaint.error} onRetry={() => void complaint.refetch()} />;
  }
  return <Details complaint={complaint.data} />;
}

/** Route /my/:number: one of the student's complaints, every field and its timeline. */
export function ComplaintDetailPage() {
  const { number = '' } = useParams();

  return (
    <section aria-labelledby="complaint-heading" className="mx-auto max-w-3xl">
      <BackLink to="/my">Back to My complaints</BackLink>
      <PageHeading id="complaint-heading" title={`Complaint ${number} · Hostel Complaint Portal`}>
        Complaint <span className="font-mono">{number}</span>
      </PageHeading>
      <SignedInGate>{() => <ComplaintLoader key={number} number={number} />}</SignedInGate>
    </section>
  );
}

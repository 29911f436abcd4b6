import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isOpenStatus, type ComplaintStatus } from '../../../../shared/constants';
import { studentMay } from '../../../../shared/lifecycle';
import type { ComplaintDetail } from '../../../../shared/complaints';
import { ComplaintFacts, DetailRow } from '../../../components/ComplaintFacts';
import { StatusBadge } from '../../../components/StatusBadge';
import { NotFoundCard } from '../../../components/NotFoundCard';
import { PhotoGallery } from '../../../components/photos/PhotoGallery';
import { SignedInGate } from '../../../components/SignedInGate';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { BackLink, PageHeading } from '../../../components/ui/PageHeading';
import { card, textLink } from '../../../components/ui/styles';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useComplaint } from '../api/get-complaint';
import { useMarkComplaintSeen } from '../../../lib/mark-complaint-seen';
import { ComplaintThread, ReplyForm, teamAwaitsReply } from './ComplaintThread';
import { FollowedComplaintView } from './FollowedComplaintView';
import { RatingSummary, ResolutionForms } from './ResolutionForms';
import { StatusStepper } from './StatusStepper';
import { WithdrawPanel } from './WithdrawPanel';
import { EntryFacts, VisitPanel } from '../../../components/visits/VisitPanel';
import { useAnswerVisit } from '../api/answer-visit';
import { useProposeVisit } from '../api/propose-visit';

/** What happens next, in a few words, for each status (read at render, in the reader's language). */
const NEXT_STEP: Record<ComplaintStatus, () => string> = {
  submitted: () => i18n._('Waiting for the hostel team to pick it up'),
  acknowledged: () => i18n._('The hostel team has it and will start work'),
  in_progress: () => i18n._('The hostel team is working on it'),
  reopened: () => i18n._('Reopened: the hostel team looks at it again'),
  resolved: () => i18n._('The hostel team says it is fixed: tell them if it is'),
  closed: () => i18n._('Closed. Nothing more to do'),
  rejected: () => i18n._('The hostel team turned it down'),
  withdrawn: () => i18n._('You withdrew it'),
  merged: () => i18n._('The same problem is tracked in another complaint: you hear of its progress'),
};

/** One line at the top: the status, what happens next, and by when. */
function NextStep({ complaint }: { complaint: ComplaintDetail }) {
  return (
    <div className={cn(card, 'mt-4 flex flex-wrap items-center gap-x-3 gap-y-2')} data-testid="next-step">
      <StatusBadge status={complaint.status} />
      <p className="min-w-0 flex-1 text-slate-900">
        {NEXT_STEP[complaint.status]()}
        {isOpenStatus(complaint.status) && complaint.waitingSince && (
          <span className="block text-sm font-semibold text-slate-900" data-testid="waiting-for-you">
            {i18n._('The team is waiting for your answer: reply below. Their clock is paused until you do.')}
          </span>
        )}
        {isOpenStatus(complaint.status) && !complaint.waitingSince && (
          <span className="block text-sm text-slate-700">
            <WithSlots
              text={i18n._('Expected by {when}', { when: slot('when') })}
              slots={{
                when: (
                  <time dateTime={complaint.dueAt} data-testid="expected-by" className="font-semibold">
                    {formatDateTime(complaint.dueAt)}
                  </time>
                ),
              }}
            />
          </span>
        )}
      </p>
    </div>
  );
}

/**
 * The team's latest question with the reply box, at the top of the page while it waits for an answer
 * (issue 40: opened from a push, it must be within a phone's first screen, not below the steps).
 */
function TeamQuestion({ complaint, onSent }: { complaint: ComplaintDetail; onSent: (message: string) => void }) {
  const asked = complaint.timeline.findLast((entry) => entry.kind === 'reply' && !entry.fromStudent);
  return (
    <section aria-labelledby="team-question-heading" className={cn(card, 'mt-4 border-brand-200')} data-testid="team-question">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusBadge status={complaint.status} />
        <h2 id="team-question-heading" className="text-base font-semibold text-slate-900">
          {i18n._('The hostel team asked you something.')}
        </h2>
      </div>
      {asked && (
        <blockquote className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-slate-900">
          <p className="whitespace-pre-line wrap-anywhere">{asked.note}</p>
          <footer className="mt-1 text-xs text-slate-600">
            <time dateTime={asked.at}>{formatDateTime(asked.at)}</time>
          </footer>
        </blockquote>
      )}
      <ReplyForm number={complaint.number} bare onSent={onSent} />
    </section>
  );
}

/**
 * Where the complaint went when staff merged it into another about the same problem (its follower
 * view), or how many other students said it affects them too.
 */
function MergedInto({ complaint }: { complaint: ComplaintDetail }) {
  if (complaint.mergedInto) {
    return (
      <div className={cn(card, 'mt-4 border-brand-200 bg-brand-50')} data-testid="merged-into">
        <p className="font-semibold text-slate-900">
          <WithSlots
            text={i18n._('Merged into {number}', { number: slot('number') })}
            slots={{
              number: (
                <Link to={`/my/${encodeURIComponent(complaint.mergedInto)}`} className={cn(textLink, 'whitespace-nowrap')}>
                  {complaint.mergedInto}
                </Link>
              ),
            }}
          />
        </p>
        <p className="mt-1 text-slate-800">{i18n._('It is the same problem, which the hostel team is working on there. You hear of its progress there.')}</p>
      </div>
    );
  }
  if (complaint.followerCount === 0) return null;
  const others = complaint.followerCount;
  return (
    <p className="mt-3 text-slate-800" data-testid="me-too-count">
      {i18n._('{count, plural, one {# other student says it affects them too.} other {# other students say it affects them too.}}', { count: others })}
    </p>
  );
}

/** The visit for in-room work: the agreed time, the team's proposal to answer, or a time to propose. */
function StudentVisit({ complaint }: { complaint: ComplaintDetail }) {
  const propose = useProposeVisit(complaint.number);
  const answer = useAnswerVisit(complaint.number);
  if (!complaint.visit) return null;
  return (
    <VisitPanel
      state={complaint.visit}
      side="student"
      open={isOpenStatus(complaint.status)}
      actions={{ propose: (body) => propose.mutateAsync(body), answer: (id, which) => answer.mutateAsync({ id, answer: which }) }}
    />
  );
}

/** What the folded facts hold, in the words of the place it has: a room, a common area, or where a report says it happened. */
function detailsHint(complaint: ComplaintDetail): string {
  if (complaint.reportedPlace) return i18n._('(number, where it happened, category)');
  if (complaint.commonArea) return i18n._('(number, hostel, place, category)');
  return i18n._('(number, hostel, room, category)');
}

/**
 * The student's complaint as a chat, top to bottom: one line saying where it stands and what comes
 * next, the "Is it fixed?" card (with the team's note) when it is resolved, the steps, the facts
 * folded away, then the conversation (their message and photos first) with the reply box last.
 */
function Details({ complaint, grievanceCard }: { complaint: ComplaintDetail; grievanceCard: GrievanceSlot | undefined }) {
  const seen = useMarkComplaintSeen();
  const { mutate: markSeen } = seen;
  // Opening a complaint is reading what the bell said about it.
  useEffect(() => {
    markSeen(complaint.number);
  }, [markSeen, complaint.number, complaint.updatedAt]);
  const reached = new Set(complaint.timeline.filter((e) => e.kind === 'status').map((e) => e.status));
  const awaitsReply = isOpenStatus(complaint.status) && teamAwaitsReply(complaint) && studentMay(complaint.status, 'reply');
  // Said where the question was, after the answer took the question (and its box) away.
  const [replySent, setReplySent] = useState<string | null>(null);

  return (
    <>
      <MergedInto complaint={complaint} />
      {/* What needs the student comes first: the team's question, or "Is it fixed?" (its card says where it stands). */}
      {awaitsReply ? (
        <TeamQuestion complaint={complaint} onSent={setReplySent} />
      ) : (
        complaint.status !== 'resolved' && <NextStep complaint={complaint} />
      )}
      <StatusMessage message={awaitsReply ? null : replySent} className="mt-3" data-testid="student-reply-result" />
      <ResolutionForms complaint={complaint} />
      {grievanceCard?.(complaint.number)}
      <RatingSummary complaint={complaint} />
      <StatusStepper status={complaint.status} reached={reached} />
      <StudentVisit complaint={complaint} />

      <details className={cn(card, 'mt-4 group')}>
        <summary className="cursor-pointer font-semibold text-slate-900">
          {i18n._('Details')} <span className="font-normal text-slate-600">{detailsHint(complaint)}</span>
        </summary>
        <dl data-testid="complaint-details" className="mt-2">
          <ComplaintFacts complaint={complaint} showRecipient={false}>
            <EntryFacts consent={complaint.entryConsent} slots={complaint.entrySlots} Row={DetailRow} />
          </ComplaintFacts>
        </dl>
      </details>

      <WithdrawPanel complaint={complaint} />

      <ComplaintThread
        complaint={complaint}
        replyBox={!awaitsReply}
        photos={<PhotoGallery number={complaint.number} allowAdd={studentMay(complaint.status, 'add_photos')} />}
      />
    </>
  );
}

/**
 * What the app composes into the student's own complaint page from another feature: the grievance
 * committee's "Not satisfied?" card (app/complaint-route.tsx), given the complaint's number.
 */
export type GrievanceSlot = (number: string) => ReactNode;

function ComplaintLoader({ number, grievanceCard }: { number: string; grievanceCard: GrievanceSlot | undefined }) {
  const complaint = useComplaint(number, { enabled: true });

  if (complaint.isPending) return <LoadingStatus label={i18n._('Loading the complaint…')} />;
  if (complaint.isError) {
    if (complaint.error instanceof ApiError && complaint.error.status === 404) {
      return (
        <NotFoundCard title={i18n._('Complaint not found')} to="/my" linkLabel={i18n._('Go to My complaints')} data-testid="complaint-not-found">
          {i18n._('There is no complaint {number} among yours. Check the number, or find it in your list.', { number })}
        </NotFoundCard>
      );
    }
    return <LoadError error={complaint.error} onRetry={() => void complaint.refetch()} />;
  }
  return complaint.data.view === 'follower' ? <FollowedComplaintView complaint={complaint.data} /> : <Details complaint={complaint.data} grievanceCard={grievanceCard} />;
}

/** Route /my/:number: one of the student's complaints, every field and its timeline; or one they follow. */
export function ComplaintDetailPage({ grievanceCard }: { grievanceCard?: GrievanceSlot } = {}) {
  const { number = '' } = useParams();

  return (
    <section aria-labelledby="complaint-heading" className="mx-auto max-w-3xl">
      <BackLink to="/my">{i18n._('Back to My complaints')}</BackLink>
      <PageHeading id="complaint-heading" title={i18n._('Complaint {number} · Hostel Complaint Portal', { number })}>
        <WithSlots text={i18n._('Complaint {number}', { number: slot('number') })} slots={{ number: <span className="font-mono">{number}</span> }} />
      </PageHeading>
      <SignedInGate>{() => <ComplaintLoader key={number} number={number} grievanceCard={grievanceCard} />}</SignedInGate>
    </section>
  );
}

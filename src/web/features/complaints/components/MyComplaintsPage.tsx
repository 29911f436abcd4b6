import { Link } from 'react-router';
import type { MyComplaint } from '../../../../shared/complaints';
import { LastMessagePreview, NeedsActionBadge } from '../../../components/NeedsAction';
import { SignedInGate } from '../../../components/SignedInGate';
import { StatusBadge } from '../../../components/StatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadingStatus } from '../../../components/ui/LoadingStatus';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Button } from '../../../components/ui/Button';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useLocalComplaintNames, useLocalNames } from '../../../lib/local-names';
import { useMe } from '../../../lib/me';
import { useMyComplaints } from '../api/get-my-complaints';
import { useWaitingComplaints } from '../api/get-waiting-complaints';
import { FollowingList } from './FollowingList';

function ComplaintRow({ complaint }: { complaint: MyComplaint }) {
  const names = useLocalComplaintNames()(complaint);
  const local = useLocalNames();
  return (
    <li>
      <Link
        to={`/my/${encodeURIComponent(complaint.number)}`}
        className={cn(
          'block rounded-xl border bg-white p-4 shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50',
          complaint.needsAction ? 'border-amber-400 border-l-4' : 'border-slate-200',
        )}
        data-testid="complaint-row"
      >
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-mono text-sm font-semibold text-brand-800">{complaint.number}</span>
          <span className="flex flex-wrap items-center gap-2">
            <NeedsActionBadge needsAction={complaint.needsAction} />
            <StatusBadge status={complaint.status} />
          </span>
        </span>
        <span className="mt-2 block font-semibold text-slate-900">
          {names.complaintHead}
          {complaint.subCategory && complaint.subCategory !== complaint.complaintHead ? ` · ${names.subCategory}` : ''}
        </span>
        <LastMessagePreview lastMessage={complaint.lastMessage} />
        <span className="mt-1 block text-sm text-slate-700">
          {names.hostel}
          {complaint.commonArea ? `, ${local.commonArea(complaint.hostel, complaint.commonArea)}` : complaint.roomNo ? `, ${i18n._('room {room}', { room: complaint.roomNo })}` : ''}
        </span>
        <span className="mt-1 block text-sm text-slate-600">
          <WithSlots
            text={i18n._('Filed {when}', { when: slot('when') })}
            slots={{ when: <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time> }}
          />
        </span>
      </Link>
    </li>
  );
}

/**
 * What waits for the student, above everything else: a question of the team's to answer, a fix to
 * confirm. The list below holds the rest, newest first.
 */
function WaitingForYou() {
  const waiting = useWaitingComplaints({ enabled: true });
  if (!waiting.data || waiting.data.length === 0) return null;
  return (
    <section aria-labelledby="waiting-heading" className="mt-6" data-testid="waiting-for-you">
      <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('Waiting for you')}
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-3">
        {waiting.data.map((complaint) => (
          <ComplaintRow key={complaint.number} complaint={complaint} />
        ))}
      </ul>
    </section>
  );
}

function ComplaintList() {
  const list = useMyComplaints({ enabled: true });
  const waiting = useWaitingComplaints({ enabled: true });
  const shownAbove = new Set((waiting.data ?? []).map((c) => c.number));

  if (list.isPending) return <LoadingStatus label={i18n._('Loading your complaints…')} />;
  // A failed "Load more" keeps the pages already shown; only a failed first page replaces them.
  if (list.isError && !list.isFetchNextPageError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;

  const all = list.data.pages.flatMap((page) => page.items);
  const complaints = all.filter((c) => !shownAbove.has(c.number));
  if (all.length === 0) {
    return (
      <div className={cn(card, 'mt-6')} data-testid="no-complaints">
        <p className="font-semibold text-slate-900">{i18n._('You have not filed any complaints yet.')}</p>
        <p className="mt-1 text-slate-700">{i18n._('When something in your hostel needs fixing, file a complaint and follow it here.')}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Link to="/complaints" className={buttonPrimary}>
            {i18n._('File a complaint')}
          </Link>
          <Link to="/services" className={buttonSecondary}>
            {i18n._('Request room cleaning')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <>
      <ul className="mt-6 grid grid-cols-1 gap-3 empty:hidden" aria-label={i18n._('Your complaints, newest first')}>
        {complaints.map((complaint) => (
          <ComplaintRow key={complaint.number} complaint={complaint} />
        ))}
      </ul>
      {list.isFetchNextPageError && (
        <Alert className="mt-4">
          <p>{errorMessage(list.error)}</p>
        </Alert>
      )}
      {list.isFetchingNextPage && <LoadingStatus label={i18n._('Loading more complaints…')} />}
      {list.hasNextPage && !list.isFetchingNextPage && (
        <Button className="mt-4 w-full sm:w-auto" onClick={() => void list.fetchNextPage()}>
          {i18n._('Load more')}
        </Button>
      )}
    </>
  );
}

/** Route /my: the signed-in student's complaints and cleaning requests, then those they follow. */
export function MyComplaintsPage() {
  const me = useMe();

  return (
    <section aria-labelledby="my-complaints-heading" className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading id="my-complaints-heading" title={i18n._('My complaints · Hostel Complaint Portal')}>
          {i18n._('My complaints')}
        </PageHeading>
        {me.data && (
          <Link to="/complaints" className={buttonSecondary}>
            {i18n._('File a complaint')}
          </Link>
        )}
      </div>
      <SignedInGate>
        {() => (
          <>
            <WaitingForYou />
            <ComplaintList />
            <FollowingList />
            <p className="mt-8 text-slate-800" data-testid="grievances-link">
              {i18n._('Not satisfied with how a complaint was handled?')}{' '}
              <Link to="/grievances" className={textLink}>
                {i18n._('My grievances')}
              </Link>
            </p>
          </>
        )}
      </SignedInGate>
    </section>
  );
}

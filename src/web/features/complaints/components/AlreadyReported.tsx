import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NearbyComplaint, NearbyNotice, NearbyQuery } from '../../../../shared/complaints';
import { StatusBadge } from '../../../components/StatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { buttonPrimary, buttonSecondary, card, textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useNearby } from '../api/get-nearby';
import { useFollowSwitch } from '../lib/use-follow-switch';

/** Typing is asked about once it pauses, not at every key. */
const PAUSE_MS = 400;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;
const floorsText = (floors: readonly number[]) =>
  floors.length === 0 ? 'the whole hostel' : `floor${floors.length === 1 ? '' : 's'} ${floors.join(', ')}`;

/** One open complaint like the student's: what it is, since when, how many it affects, and Me too. */
export function Suggestion({ complaint }: { complaint: NearbyComplaint }) {
  const { following, changed, set, failure, pending, followButton, leaveButton } = useFollowSwitch(complaint.number, complaint.following);
  const justFollowed = changed && following;

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="nearby-complaint" data-number={complaint.number}>
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm font-semibold whitespace-nowrap text-brand-800">{complaint.number}</span>
        <StatusBadge status={complaint.status} />
      </p>
      <p className="mt-1 font-semibold text-slate-900">
        {complaint.subCategory || complaint.complaintHead} · floor {complaint.floor}
      </p>
      <p className="mt-1 text-slate-800 wrap-anywhere">“{complaint.excerpt}”</p>
      <p className="mt-1 text-sm text-slate-700">
        Since <time dateTime={complaint.since}>{formatDateTime(complaint.since)}</time> · affects {students(complaint.students + (justFollowed && !complaint.following ? 1 : 0))}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        {complaint.mine ? (
          <Link to={`/my/${encodeURIComponent(complaint.number)}`} className={textLink}>
            You filed this one: open it
          </Link>
        ) : following ? (
          <>
            <p className="text-sm font-semibold text-slate-900">You follow it: you will hear of its progress.</p>
            <button ref={leaveButton} type="button" className={buttonSecondary} disabled={pending} onClick={() => void set(false)}>
              {justFollowed ? 'Undo' : 'Stop following'}
            </button>
          </>
        ) : (
          <button ref={followButton} type="button" className={buttonPrimary} disabled={pending} aria-busy={pending} onClick={() => void set(true)}>
            Me too
            <span className="sr-only"> ({complaint.number})</span>
          </button>
        )}
      </div>
      <StatusMessage
        className="mt-2"
        data-testid="me-too-result"
        message={
          !changed
            ? null
            : following
              ? <>Done: you follow <span className="whitespace-nowrap">{complaint.number}</span>. You need not file this, unless your problem is different.</>
              : <>You no longer follow <span className="whitespace-nowrap">{complaint.number}</span>.</>
        }
      />
      {failure && (
        <Alert className="mt-2">
          <p>{failure}</p>
        </Alert>
      )}
    </li>
  );
}

/** A notice of a known problem the team is working on. */
export function Notice({ notice }: { notice: NearbyNotice }) {
  return (
    <li className="rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="nearby-notice">
      <p className="font-semibold text-slate-900 wrap-anywhere">{notice.title}</p>
      <p className="text-sm text-slate-800">
        Known problem on {floorsText(notice.floors)} · expected fix{' '}
        <time dateTime={notice.expectedBy}>{formatDateTime(notice.expectedBy)}</time>
        {notice.followers > 0 ? ` · ${students(notice.followers)} said it affects them` : ''}
      </p>
      {notice.details && <p className="mt-1 text-slate-800 wrap-anywhere">{notice.details}</p>}
    </li>
  );
}

interface AlreadyReportedProps {
  category: string;
  hostel: string;
  /** As typed: used when it is a whole number. */
  floor: string;
  room: string;
  text: string;
}

/**
 * "Already reported?" beside the complaint form (decision 36): while the student fills it in, the
 * open complaints of the same hostel and category (their floor first, then the closest words), the
 * team's notices, and their own open complaint of the room. Me too follows one instead of filing.
 * Shows nothing when nothing is known, or when it cannot be asked (the form works without it).
 */
export function AlreadyReported({ category, hostel, floor, room, text }: AlreadyReportedProps) {
  const typed = { floor: useSettled(floor.trim()), room: useSettled(room.trim()), text: useSettled(text.trim()) };
  const query: NearbyQuery | null = hostel
    ? {
        hostel,
        category,
        ...(/^-?\d+$/.test(typed.floor) ? { floor: Number(typed.floor) } : {}),
        ...(typed.room ? { room: typed.room } : {}),
        ...(typed.text ? { text: typed.text.slice(0, 500) } : {}),
      }
    : null;
  const nearby = useNearby(query);
  const known = nearby.data;
  if (!query || !known || (!known.complaints.length && !known.notices.length && !known.alreadyReported)) return null;
  const others = known.complaints.filter((c) => !c.mine);

  return (
    <section aria-labelledby="already-reported-heading" className={cn(card, 'border-brand-200 bg-brand-50')} data-testid="already-reported">
      <h2 id="already-reported-heading" className="text-base font-semibold text-slate-900">
        Already reported?
      </h2>
      {known.alreadyReported && (
        <Alert tone="info" className="mt-2" data-testid="already-yours">
          <p>
            <strong className="font-semibold">You already reported this:</strong>{' '}
            <Link to={`/my/${encodeURIComponent(known.alreadyReported.number)}`} className={cn(textLink, 'whitespace-nowrap')}>
              {known.alreadyReported.number}
            </Link>{' '}
            is still open for this room. Add to it there instead of filing again.
          </p>
        </Alert>
      )}
      {known.notices.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Known problems the team is working on">
          {known.notices.map((notice) => (
            <Notice key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <p className="mt-2 text-slate-800">
          Open in {hostel} now. If one of them is your problem, say <strong>Me too</strong>: you hear of its progress and the team
          sees how many it affects.
        </p>
      )}
      {known.complaints.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label="Similar complaints, your floor first">
          {known.complaints.map((complaint) => (
            <Suggestion key={complaint.number} complaint={complaint} />
          ))}
        </ul>
      )}
    </section>
  );
}

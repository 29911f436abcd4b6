import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { NearbyComplaint, NearbyNotice, NearbyQuery } from '../../../../shared/complaints';
import { StatusBadge } from '../../../components/StatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card, textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useLocalComplaintNames } from '../../../lib/local-names';
import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
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

const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;

/** One open complaint like the student's: what it is, since when, how many it affects, and Me too. */
export function Suggestion({ complaint }: { complaint: NearbyComplaint }) {
  const { following, changed, set, failure, pending, followButton, leaveButton } = useFollowSwitch(complaint.number, complaint.following);
  const justFollowed = changed && following;
  const names = useLocalComplaintNames()({ ...complaint, hostel: '' });

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-testid="nearby-complaint" data-number={complaint.number}>
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm font-semibold whitespace-nowrap text-brand-800">{complaint.number}</span>
        <StatusBadge status={complaint.status} />
      </p>
      <p className="mt-1 font-semibold text-slate-900">
        {i18n._('{what} · floor {floor}', { what: names.subCategory || names.complaintHead, floor: complaint.floor })}
      </p>
      <p className="mt-1 text-slate-800 wrap-anywhere">“{complaint.excerpt}”</p>
      <p className="mt-1 text-sm text-slate-700">
        <WithSlots
          text={i18n._('Since {when} · affects {count, plural, one {# student} other {# students}}', {
            when: slot('when'),
            count: complaint.students + (justFollowed && !complaint.following ? 1 : 0),
          })}
          slots={{ when: <time dateTime={complaint.since}>{formatDateTime(complaint.since)}</time> }}
        />
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        {complaint.mine ? (
          <Link to={`/my/${encodeURIComponent(complaint.number)}`} className={textLink}>
            {i18n._('You filed this one: open it')}
          </Link>
        ) : following ? (
          <>
            <p className="text-sm font-semibold text-slate-900">{i18n._('You follow it: you will hear of its progress.')}</p>
            <Button ref={leaveButton} pending={pending} onClick={() => void set(false)}>
              {justFollowed ? i18n._('Undo') : i18n._('Stop following')}
            </Button>
          </>
        ) : (
          <Button ref={followButton} variant="primary" pending={pending} onClick={() => void set(true)}>
            {i18n._('Me too')}
            <span className="sr-only"> ({complaint.number})</span>
          </Button>
        )}
      </div>
      <StatusMessage
        className="mt-2"
        data-testid="me-too-result"
        message={
          !changed
            ? null
            : following
              ? <WithSlots text={i18n._('Done: you follow {number}. You need not file this, unless your problem is different.', { number: slot('number') })} slots={{ number: nowrap(complaint.number) }} />
              : <WithSlots text={i18n._('You no longer follow {number}.', { number: slot('number') })} slots={{ number: nowrap(complaint.number) }} />
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
        <WithSlots
          text={
            notice.floors.length === 0
              ? i18n._('Known problem on the whole hostel · expected fix {when}', { when: slot('when') })
              : i18n._('Known problem on {count, plural, one {floor} other {floors}} {floors} · expected fix {when}', {
                  count: notice.floors.length,
                  floors: notice.floors.join(', '),
                  when: slot('when'),
                })
          }
          slots={{ when: <time dateTime={notice.expectedBy}>{formatDateTime(notice.expectedBy)}</time> }}
        />
        {notice.followers > 0
          ? ` · ${i18n._('{count, plural, one {# student said it affects them} other {# students said it affects them}}', { count: notice.followers })}`
          : ''}
      </p>
      {notice.details && <p className="mt-1 text-slate-800 wrap-anywhere">{notice.details}</p>}
    </li>
  );
}

interface AlreadyReportedProps {
  category: string;
  hostel: string;
  /** The hostel as the reader reads it (its Hindi name); the English name when left out. */
  hostelLabel?: string;
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
export function AlreadyReported({ category, hostel, hostelLabel = hostel, floor, room, text }: AlreadyReportedProps) {
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
        {i18n._('Already reported?')}
      </h2>
      {known.alreadyReported && (
        <Alert tone="info" className="mt-2" data-testid="already-yours">
          <p>
            <WithSlots
              text={i18n._('{lead} {number} is still open for this room. Add to it there instead of filing again.', { lead: slot('lead'), number: slot('number') })}
              slots={{
                lead: <strong className="font-semibold">{i18n._('You already reported this:')}</strong>,
                number: (
                  <Link to={`/my/${encodeURIComponent(known.alreadyReported.number)}`} className={cn(textLink, 'whitespace-nowrap')}>
                    {known.alreadyReported.number}
                  </Link>
                ),
              }}
            />
          </p>
        </Alert>
      )}
      {known.notices.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={i18n._('Known problems the team is working on')}>
          {known.notices.map((notice) => (
            <Notice key={notice.id} notice={notice} />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <p className="mt-2 text-slate-800">
          <WithSlots
            text={i18n._('Open in {hostel} now. If one of them is your problem, say {metoo}: you hear of its progress and the team sees how many it affects.', {
              hostel: hostelLabel,
              metoo: slot('metoo'),
            })}
            slots={{ metoo: <strong>{i18n._('Me too')}</strong> }}
          />
        </p>
      )}
      {known.complaints.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={i18n._('Similar complaints, your floor first')}>
          {known.complaints.map((complaint) => (
            <Suggestion key={complaint.number} complaint={complaint} />
          ))}
        </ul>
      )}
    </section>
  );
}

import { useEffect } from 'react';
import { Link } from 'react-router';
import { STATUS_LABELS, isOpenStatus } from '../../../../shared/constants';
import type { FollowedComplaint, FollowerTimelineEntry } from '../../../../shared/complaints';
import { ComplaintTimeline, type TimelineItem } from '../../../components/ComplaintTimeline';
import { StatusBadge } from '../../../components/StatusBadge';
import { Alert } from '../../../components/ui/Alert';
import { StatusMessage } from '../../../components/ui/StatusMessage';
import { Button } from '../../../components/ui/Button';
import { card, textLink } from '../../../components/ui/styles';
import { cn } from '../../../lib/cn';
import { useLocalComplaintNames } from '../../../lib/local-names';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { useMarkComplaintSeen } from '../../../lib/mark-complaint-seen';
import { useFollowSwitch } from '../lib/use-follow-switch';

const BY: Record<FollowerTimelineEntry['by'], () => string> = {
  team: () => i18n._('Hostel staff'),
  filer: () => i18n._('The student who filed it'),
  portal: () => i18n._('The portal'),
};

const title = (entry: FollowerTimelineEntry) => (entry.fromStatus === null ? i18n._('Filed') : i18n._(STATUS_LABELS[entry.status]));
const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;

/** Leave, then Undo in the same place (no dialog): leaving twice or undoing twice changes nothing. */
function LeavePanel({ complaint }: { complaint: FollowedComplaint }) {
  const { following, set, failure, pending, followButton, leaveButton } = useFollowSwitch(complaint.number, true);
  const left = !following;

  return (
    <section aria-labelledby="following-heading" className={cn(card, 'mt-4')} data-testid="following-panel">
      <h2 id="following-heading" className="text-base font-semibold text-slate-900">
        {left ? i18n._('You no longer follow it') : i18n._('You follow this complaint')}
      </h2>
      <p className="mt-1 text-slate-700">
        {left
          ? i18n._('You will not hear of it any more.')
          : complaint.source === 'merged' && complaint.yourComplaint
            ? i18n._('The hostel team merged your complaint {number} into this one: the same problem. You hear of every change here.', { number: complaint.yourComplaint })
            : i18n._('You said it affects you too. You hear of every change of its status and of its resolution, by your notification settings.')}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        {left ? (
          <Button ref={followButton} pending={pending} onClick={() => void set(true)}>
            {i18n._('Undo')}
          </Button>
        ) : (
          <Button ref={leaveButton} pending={pending} onClick={() => void set(false)}>
            {i18n._('Stop following')}
          </Button>
        )}
        {complaint.yourComplaint && (
          <Link to={`/my/${encodeURIComponent(complaint.yourComplaint)}`} className={cn(textLink, 'flex min-h-11 items-center')}>
            <WithSlots text={i18n._('Your complaint {number}', { number: slot('number') })} slots={{ number: nowrap(complaint.yourComplaint) }} />
          </Link>
        )}
      </div>
      <StatusMessage className="mt-2" data-testid="following-result" message={left ? <WithSlots text={i18n._('You left {number}.', { number: slot('number') })} slots={{ number: nowrap(complaint.number) }} /> : null} />
      {failure && (
        <Alert className="mt-2">
          <p>{failure}</p>
        </Alert>
      )}
    </section>
  );
}

/**
 * Another student's complaint as one of its followers reads it (decision 36): where it stands, how
 * many it affects, what was reported (an excerpt), the team's resolution note and the changes of
 * status. Not who filed it, their room, nor their conversation with the team; only the filer acts.
 */
export function FollowedComplaintView({ complaint }: { complaint: FollowedComplaint }) {
  const { mutate: markSeen } = useMarkComplaintSeen();
  const names = useLocalComplaintNames()({ ...complaint, category: '' });
  // Opening it is reading what the bell said about it.
  useEffect(() => {
    markSeen(complaint.number);
  }, [markSeen, complaint.number, complaint.updatedAt]);

  const items: TimelineItem[] = complaint.timeline.map((entry, i) => ({
    key: `${entry.at}-${i}`,
    kind: 'status',
    title: title(entry),
    at: entry.at,
    by: BY[entry.by](),
    note: entry.note || null,
  }));

  return (
    <div data-testid="follower-view">
      <div className={cn(card, 'mt-4 flex flex-wrap items-center gap-x-3 gap-y-2')} data-testid="next-step">
        <StatusBadge status={complaint.status} />
        <p className="min-w-0 flex-1 text-slate-900">
          {names.complaintHead}
          {complaint.subCategory ? ` · ${names.subCategory}` : ''}{' '}
          {i18n._('in {hostel}, floor {floor}', { hostel: names.hostel, floor: complaint.floor })}
          <span className="block text-sm text-slate-700">
            {i18n._('Affects {students} students', { students: complaint.students })}
            {isOpenStatus(complaint.status) && complaint.waiting && <> · {i18n._('the team waits for an answer from the student who filed it')}</>}
            {isOpenStatus(complaint.status) && !complaint.waiting && (
              <>
                {' '}
                <WithSlots
                  text={i18n._('· expected by {when}', { when: slot('when') })}
                  slots={{ when: <time dateTime={complaint.dueAt}>{formatDateTime(complaint.dueAt)}</time> }}
                />
              </>
            )}
          </span>
        </p>
      </div>
      {complaint.resolutionNote && (
        <section aria-labelledby="resolution-heading" className={cn(card, 'mt-4 border-green-300 bg-green-50')} data-testid="resolution-note">
          <h2 id="resolution-heading" className="text-base font-semibold text-green-950">
            {i18n._('What the hostel team did')}
          </h2>
          <p className="mt-1 whitespace-pre-line text-green-950 wrap-anywhere">{complaint.resolutionNote}</p>
          {complaint.status === 'resolved' && (
            <p className="mt-2 text-sm text-green-900">{i18n._('If it is still not fixed for you, file your own complaint and say so.')}</p>
          )}
        </section>
      )}
      <section aria-labelledby="reported-heading" className={cn(card, 'mt-4')}>
        <h2 id="reported-heading" className="text-base font-semibold text-slate-900">
          {i18n._('What was reported')}
        </h2>
        <p className="mt-1 text-slate-800 wrap-anywhere">“{complaint.excerpt}”</p>
        <p className="mt-1 text-sm text-slate-700">
          <WithSlots
            text={i18n._('Filed {when} by another student. Their name, room and conversation with the team stay theirs.', { when: slot('when') })}
            slots={{ when: <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time> }}
          />
        </p>
      </section>
      <LeavePanel complaint={complaint} />
      <ComplaintTimeline items={items} data-testid="timeline" />
    </div>
  );
}

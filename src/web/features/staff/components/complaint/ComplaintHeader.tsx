import { useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../../shared/auth';
import { isOpenStatus, type IncidentStatus } from '../../../../../shared/constants';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Alert } from '../../../../components/ui/Alert';
import { Badge } from '../../../../components/ui/Badge';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { Button } from '../../../../components/ui/Button';
import { textLink } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { useIncidentOfComplaint } from '../../api/incident-of-complaint';
import { useTake } from '../../api/take';
import { DueBadge, clockLeftWords, useNow } from '../DueBadge';
import { useResumeClock } from '../../api/actions';
import { formatDateTime } from '../../../../lib/format';
import { ConfidentialBadge } from '../WorkerGate';
import { PlaceLinkText, RepeatBadge } from '../PlaceBits';
import type { Detail } from './types';
import { entrySlotsText } from '../../../../../shared/visits';
import { visitLabel } from '../../../../components/visits/VisitPanel';
import { i18n } from '../../../../lib/i18n';
import { WithSlots, slot } from '../../../../components/ui/WithSlots';
import { useLocalNames } from '../../../../lib/local-names';

/**
 * Who has the complaint, and "Take it" (or "Take it over") in one tap while it is open: the page
 * tells the server whom it showed, so a colleague who took it a moment ago is not overruled.
 */
function Holder({ complaint, user }: { complaint: Detail; user: User }) {
  const take = useTake(complaint.number);
  const [done, setDone] = useState<string | null>(null);
  const holder = complaint.assignee;
  const mine = holder?.id === user.id;

  async function takeIt() {
    if (take.isPending) return;
    setDone(null);
    try {
      const taken = await take.mutateAsync({ from: holder?.id ?? null });
      setDone(taken.status !== complaint.status ? i18n._('It is yours, and acknowledged: the student was told.') : i18n._('It is yours now.'));
    } catch {
      // Shown below; the page reloads the complaint, so the button says what is true now.
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="holder">
      <p className="text-slate-900">
        {mine ? (
          <strong className="font-semibold">{i18n._('You have it.')}</strong>
        ) : holder ? (
          <WithSlots text={i18n._('{name} has it.', { name: slot('name') })} slots={{ name: <strong className="font-semibold">{holder.name}</strong> }} />
        ) : (
          i18n._('Nobody has it yet.')
        )}
      </p>
      {isOpenStatus(complaint.status) && !mine && (
        <Button variant="primary" pending={take.isPending} onClick={() => void takeIt()}>
          {holder ? i18n._('Take it over') : i18n._('Take it')}
        </Button>
      )}
      <StatusMessage message={done} className="w-full" data-testid="take-result" />
      {take.isError && (
        <Alert className="w-full">
          <p>{errorMessage(take.error)}</p>
        </Alert>
      )}
    </div>
  );
}

/** "Part of notice: …", saying when the notice is over; `title` is the slot of its link. */
function partOfNotice(status: IncidentStatus): string {
  const title = slot('title');
  if (status === 'resolved') return i18n._('Part of notice: {title} (resolved)', { title });
  if (status === 'withdrawn') return i18n._('Part of notice: {title} (taken down)', { title });
  return i18n._('Part of notice: {title}', { title });
}

/** The notice (incident) the complaint is part of: its title once read, a plain link until then or without it. */
function NoticeLine({ id }: { id: string }) {
  const notice = useIncidentOfComplaint(id);
  return (
    <p data-testid="notice-line" className="text-slate-900">
      {notice.data ? (
        <WithSlots
          text={partOfNotice(notice.data.status)}
          slots={{
            title: (
              <Link to="/staff/notices" className={textLink}>
                {notice.data.title}
              </Link>
            ),
          }}
        />
      ) : (
        <Link to="/staff/notices" className={textLink}>
          {i18n._('Linked to a notice')}
        </Link>
      )}
    </p>
  );
}

/** Beside the place: may staff go in while the student is out, when they are in, and the agreed visit (decision 47). */
/**
 * While the team waits for the student's answer (issue 44): since when, what the clock has left
 * when it runs again, and "Resume the clock" for when the answer came some other way.
 */
function WaitingLine({ complaint }: { complaint: Detail }) {
  const resume = useResumeClock(complaint.number);
  if (!complaint.waitingSince) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2" data-testid="waiting-line">
      <p className="text-slate-900">
        {i18n._('Waiting for the student since {time}: the clock is paused', { time: formatDateTime(complaint.waitingSince) })}
        {complaint.clockLeftMs !== null && <> · {clockLeftWords(complaint.clockLeftMs, complaint.targetUnit)}</>}
      </p>
      <Button size="narrow" pending={resume.isPending} pendingLabel={i18n._('Resuming…')} onClick={() => resume.mutate()}>
        {i18n._('Resume the clock')}
      </Button>
      {resume.isError && <p className="w-full text-sm font-medium text-red-800">{errorMessage(resume.error)}</p>}
    </div>
  );
}

function EntryLine({ complaint }: { complaint: Detail }) {
  const visit = complaint.visit?.agreed;
  if (complaint.entryConsent === null && complaint.entrySlots.length === 0 && !visit) return null;
  return (
    <p className="text-slate-900" data-testid="entry-line">
      {complaint.entryConsent !== null && (
        <span className="mr-3 inline-block" data-testid="entry-consent">
          <span className="font-semibold">{i18n._('Enter when out:')}</span>{' '}
          {complaint.entryConsent ? i18n._('yes') : i18n._('no, only when the student is in')}
        </span>
      )}
      {complaint.entrySlots.length > 0 && (
        <span className="mr-3 inline-block" data-testid="entry-slots">
          <span className="font-semibold">{i18n._('Usually in:')}</span> {entrySlotsText(complaint.entrySlots)}
        </span>
      )}
      {visit && complaint.visit && (
        <span className="inline-block" data-testid="visit-agreed-header">
          <Badge tone="info">{i18n._('Visit {time}', { time: visitLabel(visit, complaint.visit.timeZone) })}</Badge>
        </span>
      )}
    </p>
  );
}

/**
 * What a worker needs before reading: the status, when it is due, how many students it affects,
 * whether it was escalated, what and where, and who has it.
 */
export function ComplaintHeader({ complaint, user }: { complaint: Detail; user: User }) {
  const now = useNow();
  const affected = complaint.followerCount + 1;
  const names = useLocalNames();
  const head = names.heading(complaint.category, complaint.complaintHead);
  const what = complaint.subCategory ? `${head} · ${names.subCategory(complaint.category, complaint.subCategory)}` : head;
  const hostel = names.hostel(complaint.hostel);
  const area = complaint.commonArea ? names.commonArea(complaint.hostel, complaint.commonArea) : '';
  const room = complaint.roomNo ? i18n._('room {room}', { room: complaint.roomNo }) : '';
  const place = complaint.place ? <PlaceLinkText place={complaint.place}>{room || area || complaint.place.label}</PlaceLinkText> : area || room || complaint.reportedPlace?.text || '';
  // A ragging report may leave the reporter's room out (decision 40): then there is no floor either.
  const line = complaint.roomNo
    ? i18n._('{what} · {hostel}, floor {floor}, {room}', { what, hostel, floor: complaint.floor, room: slot('place') })
    : complaint.place || area || complaint.reportedPlace
      ? i18n._('{what} · {hostel}, {area}', { what, hostel, area: slot('place') })
      : i18n._('{what} · {hostel}', { what, hostel });
  return (
    <div className="mt-3 space-y-2" data-testid="complaint-header">
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge status={complaint.status} />
        <span data-testid="staff-due" className="empty:hidden">
          <DueBadge dueAt={complaint.dueAt} status={complaint.status} waitingSince={complaint.waitingSince} now={now} />
        </span>
        {complaint.followerCount > 0 && <Badge tone="info">{i18n._('Affects {count} students', { count: affected })}</Badge>}
        {complaint.escalationLevel > 0 && (
          <Badge tone="danger">{complaint.escalationLevel >= 2 ? i18n._('Escalated to the admins') : i18n._('Escalated to the wardens')}</Badge>
        )}
        {complaint.repeating && <RepeatBadge />}
        {complaint.confidential && <ConfidentialBadge />}
      </p>
      <p className="text-slate-700">
        <WithSlots text={line} slots={{ place }} />
      </p>
      <WaitingLine complaint={complaint} />
      <EntryLine complaint={complaint} />
      {complaint.incidentId && <NoticeLine id={complaint.incidentId} />}
      <Holder complaint={complaint} user={user} />
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../../../../../shared/auth';
import { isOpenStatus, type IncidentStatus } from '../../../../../shared/constants';
import { StatusBadge } from '../../../../components/StatusBadge';
import { Alert } from '../../../../components/ui/Alert';
import { Badge } from '../../../../components/ui/Badge';
import { StatusMessage } from '../../../../components/ui/StatusMessage';
import { buttonPrimary, textLink } from '../../../../components/ui/styles';
import { errorMessage } from '../../../../lib/api-client';
import { useIncidentOfComplaint } from '../../api/incident-of-complaint';
import { useTake } from '../../api/take';
import { DueBadge, useNow } from '../DueBadge';
import { ConfidentialBadge } from '../WorkerGate';
import { PlaceLinkText, RepeatBadge } from '../PlaceBits';
import type { Detail } from './types';
import { entrySlotsText } from '../../../../../shared/visits';
import { visitLabel } from '../../../../components/visits/VisitPanel';

const ESCALATED_TO = ['', 'wardens', 'admins'] as const;

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
      setDone(taken.status !== complaint.status ? 'It is yours, and acknowledged: the student was told.' : 'It is yours now.');
    } catch {
      // Shown below; the page reloads the complaint, so the button says what is true now.
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="holder">
      <p className="text-slate-900">
        {mine ? (
          <strong className="font-semibold">You have it.</strong>
        ) : holder ? (
          <>
            <strong className="font-semibold">{holder.name}</strong> has it.
          </>
        ) : (
          'Nobody has it yet.'
        )}
      </p>
      {isOpenStatus(complaint.status) && !mine && (
        <button type="button" className={buttonPrimary} disabled={take.isPending} aria-busy={take.isPending} onClick={() => void takeIt()}>
          {holder ? 'Take it over' : 'Take it'}
        </button>
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

const NOTICE_STATE: Record<IncidentStatus, string> = { active: '', resolved: ' (resolved)', withdrawn: ' (taken down)' };

/** The notice (incident) the complaint is part of: its title once read, a plain link until then or without it. */
function NoticeLine({ id }: { id: string }) {
  const notice = useIncidentOfComplaint(id);
  return (
    <p data-testid="notice-line" className="text-slate-900">
      {notice.data ? (
        <>
          Part of notice:{' '}
          <Link to="/staff/notices" className={textLink}>
            {notice.data.title}
          </Link>
          {NOTICE_STATE[notice.data.status]}
        </>
      ) : (
        <Link to="/staff/notices" className={textLink}>
          Linked to a notice
        </Link>
      )}
    </p>
  );
}

/** Beside the place: may staff go in while the student is out, when they are in, and the agreed visit (decision 47). */
function EntryLine({ complaint }: { complaint: Detail }) {
  const visit = complaint.visit?.agreed;
  if (complaint.entryConsent === null && complaint.entrySlots.length === 0 && !visit) return null;
  return (
    <p className="text-slate-900" data-testid="entry-line">
      {complaint.entryConsent !== null && (
        <span className="mr-3 inline-block" data-testid="entry-consent">
          <span className="font-semibold">Enter when out:</span> {complaint.entryConsent ? 'yes' : 'no, only when the student is in'}
        </span>
      )}
      {complaint.entrySlots.length > 0 && (
        <span className="mr-3 inline-block" data-testid="entry-slots">
          <span className="font-semibold">Usually in:</span> {entrySlotsText(complaint.entrySlots)}
        </span>
      )}
      {visit && complaint.visit && (
        <span className="inline-block" data-testid="visit-agreed-header">
          <Badge tone="info">Visit {visitLabel(visit, complaint.visit.timeZone)}</Badge>
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
  return (
    <div className="mt-3 space-y-2" data-testid="complaint-header">
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge status={complaint.status} />
        <span data-testid="staff-due" className="empty:hidden">
          <DueBadge dueAt={complaint.dueAt} status={complaint.status} now={now} />
        </span>
        {complaint.followerCount > 0 && <Badge tone="info">Affects {affected} students</Badge>}
        {complaint.escalationLevel > 0 && (
          <Badge tone="danger">Escalated to the {ESCALATED_TO[Math.min(complaint.escalationLevel, 2)]}</Badge>
        )}
        {complaint.repeating && <RepeatBadge />}
        {complaint.confidential && <ConfidentialBadge />}
      </p>
      <p className="text-slate-700">
        {complaint.complaintHead}
        {complaint.subCategory ? ` · ${complaint.subCategory}` : ''} · {complaint.hostel}
        {/* A ragging report may leave the reporter's room out (decision 40): then there is no floor either. */}
        {complaint.roomNo ? `, floor ${complaint.floor}, ` : complaint.place || complaint.commonArea ? ', ' : ''}
        {complaint.place ? (
          <PlaceLinkText place={complaint.place}>{complaint.roomNo ? `room ${complaint.roomNo}` : complaint.commonArea || complaint.place.label}</PlaceLinkText>
        ) : (
          complaint.commonArea || (complaint.roomNo && `room ${complaint.roomNo}`)
        )}
      </p>
      <EntryLine complaint={complaint} />
      {complaint.incidentId && <NoticeLine id={complaint.incidentId} />}
      <Holder complaint={complaint} user={user} />
    </div>
  );
}

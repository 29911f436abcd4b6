import { Link } from 'react-router';
import { categoryRoute } from '../../../../shared/catalog';
import { RAGGING_CATEGORY } from '../../../../shared/constants';
import type { GrievanceStatus, GrievanceSummary, GrievanceThreadEntry, GrievanceView } from '../../../../shared/grievances';
import { STATUS_LABELS, type ComplaintStatus } from '../../../../shared/constants';
import { StatusBadge } from '../../../components/StatusBadge';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { card, textLink } from '../../../components/ui/styles';
import { WithSlots, slot } from '../../../components/ui/WithSlots';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { STATUS_WORDS, clockWords, entryTitle, momentWords, outcomeWords, placeLink } from '../lib/words';

/** The ragging report form (never a grievance: its channel is the anti-ragging committee's). */
export const RAGGING_FORM = `/complaints/${categoryRoute(RAGGING_CATEGORY)}`;

const STATUS_TONES: Record<GrievanceStatus, BadgeTone> = {
  received: 'info',
  hearing_scheduled: 'sky',
  decided: 'success',
  appealed: 'purple',
  disposed: 'success',
  withdrawn: 'neutral',
};

export function GrievanceStatusBadge({ status }: { status: GrievanceStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_WORDS[status]()}</Badge>;
}

/** The committee's clock and, once appealed, the Ombudsperson's: due days in words on the university's clock. */
export function GrievanceClocks({ grievance }: { grievance: GrievanceSummary }) {
  if (grievance.status === 'withdrawn') return null;
  const late = (state: string) => state === 'overdue' || state === 'late';
  return (
    <div className="space-y-1 text-sm" data-testid="grievance-clocks">
      <p className={late(grievance.committee.state) ? 'font-semibold text-red-800' : 'text-slate-800'}>
        <time dateTime={grievance.committee.dueAt}>{clockWords(grievance.committee, 'committee')}</time>
      </p>
      {grievance.appeal && (
        <p className={late(grievance.appeal.state) ? 'font-semibold text-red-800' : 'text-slate-800'}>
          <time dateTime={grievance.appeal.dueAt}>{clockWords(grievance.appeal, 'ombudsperson')}</time>
        </p>
      )}
    </div>
  );
}

/** One line of a list: number, subject, status and the clock. */
export function GrievanceRow({ grievance, to }: { grievance: GrievanceSummary; to: string }) {
  return (
    <li className={card}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={to} className={cn(textLink, 'font-mono')}>
          {grievance.number}
        </Link>
        <GrievanceStatusBadge status={grievance.status} />
      </div>
      <p className="mt-2 font-semibold text-slate-900 wrap-anywhere">{grievance.subject}</p>
      <p className="text-sm text-slate-700">
        {grievance.complaintNumber
          ? i18n._('{hostel} · on complaint {number}', { hostel: grievance.hostel, number: grievance.complaintNumber })
          : i18n._('{hostel} · no complaint behind it', { hostel: grievance.hostel })}
      </p>
      <div className="mt-2">
        <GrievanceClocks grievance={grievance} />
      </div>
    </li>
  );
}

/** Where a hearing is: a link for an online one. */
function HearingPlace({ place }: { place: string }) {
  const link = placeLink(place);
  return link ? (
    <a href={link} className={cn(textLink, 'wrap-anywhere')} rel="noreferrer" target="_blank">
      {link}
    </a>
  ) : (
    <span className="wrap-anywhere">{place}</span>
  );
}

function ThreadEntry({ entry }: { entry: GrievanceThreadEntry }) {
  const tone = entry.kind === 'decision' || entry.kind === 'disposal' ? 'border-green-300 bg-green-50' : entry.kind === 'question' ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white';
  return (
    <li className={cn('rounded-lg border px-3 py-2', tone)} data-testid={`thread-${entry.kind}`}>
      <p className="font-semibold text-slate-900">{entryTitle(entry)}</p>
      <p className="text-xs text-slate-600">
        <WithSlots
          text={i18n._('{by} · {when}', { by: entry.by, when: slot('when') })}
          slots={{ when: <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> }}
        />
      </p>
      {entry.hearing && (
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-slate-900">
          <dt className="font-medium">{i18n._('When')}</dt>
          <dd>
            <time dateTime={entry.hearing.at}>{momentWords(entry.hearing.at)}</time>
          </dd>
          <dt className="font-medium">{i18n._('Where')}</dt>
          <dd>
            <HearingPlace place={entry.hearing.place} />
          </dd>
        </dl>
      )}
      {/* A hearing's text says its time and place in one line, which the list above says already. */}
      {entry.text && !entry.hearing && <p className="mt-1 whitespace-pre-line text-slate-900 wrap-anywhere">{entry.text}</p>}
      {entry.pdfUrl && (
        <p className="mt-2">
          <a href={entry.pdfUrl} className={textLink} download>
            {entry.kind === 'disposal' ? i18n._('The order as a PDF') : i18n._('The decision as a PDF')}
          </a>
        </p>
      )}
    </li>
  );
}

/** The grievance's steps, the first first: raised, hearings, decision, appeal, questions, messages, disposal. */
export function GrievanceThread({ thread }: { thread: GrievanceThreadEntry[] }) {
  return (
    <section aria-labelledby="grievance-thread-heading" className="mt-6">
      <h2 id="grievance-thread-heading" className="text-lg font-semibold text-slate-900">
        {i18n._('What has happened')}
      </h2>
      <ol className="mt-3 space-y-3" data-testid="grievance-thread">
        {thread.map((entry) => (
          <ThreadEntry key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  );
}

function PhotoList({ photos }: { photos: GrievanceView['photos'] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={i18n._('Photos')}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={photo.url} target="_blank" rel="noreferrer" className="block">
            <img src={photo.url} alt={i18n._('Photo {index}', { index: index + 1 })} className="size-24 rounded-lg border border-slate-200 object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** What the student wrote, and their photos (members and the Ombudsperson). */
export function GrievanceReason({ grievance }: { grievance: GrievanceView }) {
  return (
    <section aria-labelledby="grievance-reason-heading" className={cn(card, 'mt-4')}>
      <h2 id="grievance-reason-heading" className="text-base font-semibold text-slate-900">
        {i18n._('What the student wrote')}
      </h2>
      <p className="mt-2 whitespace-pre-line text-slate-900 wrap-anywhere">{grievance.reason}</p>
      {grievance.photos.length > 0 && <PhotoList photos={grievance.photos} />}
    </section>
  );
}

/** The student's own photos (their words are the thread's first step). */
export function GrievancePhotos({ grievance }: { grievance: GrievanceView }) {
  if (grievance.photos.length === 0) return null;
  return (
    <section aria-labelledby="grievance-photos-heading" className={cn(card, 'mt-4')}>
      <h2 id="grievance-photos-heading" className="text-base font-semibold text-slate-900">
        {i18n._('Your photos')}
      </h2>
      <PhotoList photos={grievance.photos} />
    </section>
  );
}

/** The committee's decision and the Ombudsperson's order, once issued, with their PDFs. */
export function Rulings({ grievance }: { grievance: GrievanceView }) {
  return (
    <>
      {grievance.decision && (
        <section aria-labelledby="decision-heading" className={cn(card, 'mt-4 border-green-300')} data-testid="decision">
          <h2 id="decision-heading" className="text-base font-semibold text-slate-900">
            {i18n._('The committee’s decision: {outcome}', { outcome: outcomeWords(grievance.decision.outcome) })}
          </h2>
          <p className="text-sm text-slate-700">
            <WithSlots text={i18n._('Issued on {day}', { day: slot('day') })} slots={{ day: <time dateTime={grievance.decision.decidedAt}>{formatDateTime(grievance.decision.decidedAt)}</time> }} />
          </p>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{i18n._('Findings')}</h3>
          <p className="whitespace-pre-line text-slate-900 wrap-anywhere">{grievance.decision.findings}</p>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{i18n._('Decision')}</h3>
          <p className="whitespace-pre-line text-slate-900 wrap-anywhere">{grievance.decision.decision}</p>
          <p className="mt-3">
            <a href={grievance.decision.pdfUrl} className={textLink} download>
              {i18n._('The decision as a PDF')}
            </a>
          </p>
        </section>
      )}
      {grievance.disposal && (
        <section aria-labelledby="disposal-heading" className={cn(card, 'mt-4 border-green-300')} data-testid="disposal">
          <h2 id="disposal-heading" className="text-base font-semibold text-slate-900">
            {i18n._('The Ombudsperson’s order: {outcome}', { outcome: outcomeWords(grievance.disposal.outcome) })}
          </h2>
          <p className="text-sm text-slate-700">
            <WithSlots text={i18n._('Issued on {day}', { day: slot('day') })} slots={{ day: <time dateTime={grievance.disposal.disposedAt}>{formatDateTime(grievance.disposal.disposedAt)}</time> }} />
          </p>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{i18n._('Findings')}</h3>
          <p className="whitespace-pre-line text-slate-900 wrap-anywhere">{grievance.disposal.findings}</p>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">{i18n._('Order on the appeal')}</h3>
          <p className="whitespace-pre-line text-slate-900 wrap-anywhere">{grievance.disposal.decision}</p>
          <p className="mt-3">
            <a href={grievance.disposal.pdfUrl} className={textLink} download>
              {i18n._('The order as a PDF')}
            </a>
          </p>
        </section>
      )}
    </>
  );
}

/** Ragging is never a grievance: where it goes instead. */
export function RaggingPointer({ className }: { className?: string }) {
  return (
    <p className={cn('text-sm text-slate-700', className)} data-testid="ragging-pointer">
      <WithSlots
        text={i18n._('Ragging is not a grievance: {link} to the anti-ragging committee, which acts on it at once.', { link: slot('link') })}
        slots={{
          link: (
            <Link to={RAGGING_FORM} className={textLink}>
              {i18n._('report ragging')}
            </Link>
          ),
        }}
      />
    </p>
  );
}

/** The student, and the complaint's whole history as a worker on it reads it (members and the Ombudsperson). */
export function CaseFile({ grievance }: { grievance: GrievanceView }) {
  return (
    <>
      {grievance.student && (
        <section aria-labelledby="student-heading" className={cn(card, 'mt-4')}>
          <h2 id="student-heading" className="text-base font-semibold text-slate-900">
            {i18n._('The student')}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-slate-900">
            <dt className="font-medium">{i18n._('Name')}</dt>
            <dd className="wrap-anywhere">{grievance.student.name}</dd>
            {/* The student special invitee is not given another student's address or number. */}
            {grievance.student.email && (
              <>
                <dt className="font-medium">{i18n._('E-mail')}</dt>
                <dd className="wrap-anywhere">{grievance.student.email}</dd>
              </>
            )}
            {grievance.student.regNumber && (
              <>
                <dt className="font-medium">{i18n._('Registration number')}</dt>
                <dd>{grievance.student.regNumber}</dd>
              </>
            )}
          </dl>
        </section>
      )}
      {grievance.complaint ? (
        <section aria-labelledby="complaint-history-heading" className={cn(card, 'mt-4')} data-testid="complaint-history">
          <h2 id="complaint-history-heading" className="text-base font-semibold text-slate-900">
            {i18n._('Complaint {number} and its whole history', { number: grievance.complaint.number })}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span>{grievance.complaint.category}</span>
            {grievance.complaint.status in STATUS_LABELS ? <StatusBadge status={grievance.complaint.status as ComplaintStatus} /> : <span>{grievance.complaint.status}</span>}
          </p>
          <p className="mt-2 whitespace-pre-line text-slate-900 wrap-anywhere">{grievance.complaint.text}</p>
          <ol className="mt-3 space-y-2 border-l-2 border-slate-200 pl-3">
            {grievance.complaint.history.map((step, index) => (
              <li key={`${step.at}-${index}`}>
                <p className="text-xs text-slate-600">
                  <time dateTime={step.at}>{formatDateTime(step.at)}</time> · {step.by}
                </p>
                <p className="text-slate-900 wrap-anywhere">{step.text || step.kind}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : (
        grievance.complaint === null && <p className="mt-4 text-slate-700">{i18n._('No complaint is behind this grievance: it is about a hostel matter.')}</p>
      )}
    </>
  );
}

import type { ReactNode } from 'react';
import { STATUS_LABELS } from '../../../../../shared/constants';
import { PhotoGallery } from '../../../../components/photos/PhotoGallery';
import { Badge } from '../../../../components/ui/Badge';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import type { Detail, TimelineEntry } from './types';
import { i18n } from '../../../../lib/i18n';
import { useLocalNames, type LocalNames } from '../../../../lib/local-names';
import { standInName } from '../../lib/stand-in-names';
import { clockNoteText } from '../../../../lib/clock-notes';

function entryTitle(entry: TimelineEntry): string {
  if (entry.kind === 'reply') {
    if (entry.fromStudent) return entry.byMail ? i18n._('Reply from the student (by e-mail)') : i18n._('Reply from the student');
    return entry.byMail ? i18n._('Reply to the student (by e-mail)') : i18n._('Reply to the student');
  }
  if (entry.kind === 'note') return i18n._('Internal note — the student never sees this');
  if (entry.kind === 'assignment') return i18n._('Assignment');
  if (entry.kind === 'escalation') return i18n._('Escalated');
  if (entry.kind === 'visit') return i18n._('Visit');
  if (entry.kind === 'photos') return i18n._('Photos');
  if (entry.kind === 'clock') return i18n._('Clock');
  if (entry.fromStatus && entry.fromStatus !== entry.status) {
    return i18n._('{from} → {to}', { from: i18n._(STATUS_LABELS[entry.fromStatus]), to: i18n._(STATUS_LABELS[entry.status]) });
  }
  return i18n._(STATUS_LABELS[entry.status]);
}

/**
 * An assignment's line as the lifecycle stores it, in English ("Assigned to Ravi (took it by
 * acknowledging)", "Unassigned"), said in the reader's language; anything else as stored.
 */
export function assignmentNote(note: string): string {
  if (note === 'Unassigned') return i18n._('Unassigned');
  const assigned = /^Assigned to (.+?)(?: \((took it by acknowledging|took it in bulk|took it|took it over from (.+))\))?$/s.exec(note);
  if (!assigned) return note;
  const [, name = '', how, from = ''] = assigned;
  if (how === 'took it by acknowledging') return i18n._('Assigned to {name} (took it by acknowledging)', { name });
  if (how === 'took it in bulk') return i18n._('Assigned to {name} (took it in bulk)', { name });
  if (how === 'took it') return i18n._('Assigned to {name} (took it)', { name });
  if (how) return i18n._('Assigned to {name} (took it over from {from})', { name, from });
  return i18n._('Assigned to {name}', { name });
}

/**
 * An escalation's line as the lifecycle stores it ("Late (due 2026-03-12 10:00 UTC): the wardens of
 * Block-2 were told"), said in the reader's language with the due time on the university's clock;
 * anything else as stored.
 */
export function escalationNote(note: string, hostelName: (hostel: string) => string = (hostel) => hostel): string {
  const late = /^Late \(due (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC\): (?:the wardens of (.+)|the administrators) (?:(were) told|could not be told — nobody holds that role)$/s.exec(note);
  if (!late) return note;
  const [, day = '', clock = '', hostel, were] = late;
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  const time = formatDateTime(new Date(Date.UTC(year, month - 1, date, hours, minutes)).toISOString());
  const told = were !== undefined;
  if (hostel === undefined) {
    return told
      ? i18n._('Late (due {time}): the administrators were told', { time })
      : i18n._('Late (due {time}): the administrators could not be told — nobody holds that role', { time });
  }
  const values = { time, hostel: hostelName(hostel) };
  return told
    ? i18n._('Late (due {time}): the wardens of {hostel} were told', values)
    : i18n._('Late (due {time}): the wardens of {hostel} could not be told — nobody holds that role', values);
}

/** An assignment's or escalation's stored line in the reader's language; any other note as written. */
function noteOf(entry: TimelineEntry, names: LocalNames): string {
  if (entry.kind === 'assignment') return assignmentNote(entry.note);
  if (entry.kind === 'escalation') return escalationNote(entry.note, names.hostel);
  if (entry.kind === 'clock') return clockNoteText(entry.note);
  // The note of photos added after filing is how many: they are in the gallery above.
  if (entry.kind === 'photos') return i18n._('{count, plural, one {added a photo} other {added # photos}}', { count: Number(entry.note) || 1 });
  return entry.note;
}

/** Words someone wrote: a reply, an internal note, or the note a status change carried to the other side. */
const isSpoken = (entry: TimelineEntry) => entry.note !== '' && (entry.kind === 'reply' || entry.kind === 'note' || entry.kind === 'status');

type Side = 'student' | 'team' | 'internal';

const bubbles: Record<Side, string> = {
  student: cn('rounded-bl-sm border border-slate-200 bg-white text-slate-900'),
  team: cn('rounded-br-sm border border-brand-200 bg-brand-50 text-slate-900'),
  internal: cn('rounded-br-sm border border-amber-300 bg-amber-50 text-amber-950'),
};

function Bubble({ side, kind, head, at, children }: { side: Side; kind: string; head: ReactNode; at: string; children: ReactNode }) {
  return (
    <li className={cn('flex', side === 'student' ? 'justify-start' : 'justify-end')} data-kind={kind}>
      <div className={cn('max-w-[90%] min-w-0 rounded-2xl px-4 py-3 shadow-sm sm:max-w-[85%]', bubbles[side])}>
        <p className="text-xs font-semibold text-slate-700">
          {head} · <time dateTime={at}>{formatDateTime(at)}</time>
        </p>
        <div className="mt-1 whitespace-pre-line wrap-anywhere">{children}</div>
      </div>
    </li>
  );
}

/**
 * The complaint as one conversation, oldest first: the student's message and photos as the first
 * bubble, then replies both ways, internal notes (amber, on the team's side) and the words that
 * came with a status change as bubbles; the other changes (assignments, escalations, a status
 * moved without words) as short lines between them. Where it was routed is in the details.
 */
export function StaffThread({ complaint }: { complaint: Detail }) {
  const names = useLocalNames();
  const entries = complaint.timeline.filter((entry) => entry.fromStatus !== null || entry.kind !== 'status');
  return (
    <section aria-labelledby="thread-heading" className="mt-6">
      <h2 id="thread-heading" className="sr-only">
        {i18n._('Conversation')}
      </h2>
      <ol className="space-y-3" data-testid="staff-timeline">
        <li data-kind="message" data-testid="student-message">
          <div className="max-w-[90%] min-w-0 rounded-2xl rounded-bl-sm border border-slate-300 bg-white px-4 py-3 text-slate-900 shadow-sm sm:max-w-[85%]">
            <p className="text-xs font-semibold text-slate-700">
              {standInName(complaint.studentName || complaint.fname)} · <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line wrap-anywhere">{complaint.complaint}</p>
          </div>
          <PhotoGallery number={complaint.number} />
        </li>
        {entries.map((entry, index) => {
          const key = `${entry.at}-${index}`;
          const by = standInName(entry.by);
          if (isSpoken(entry)) {
            const side: Side = entry.kind === 'note' ? 'internal' : entry.fromStudent ? 'student' : 'team';
            const head =
              entry.kind === 'note' ? (
                <>
                  <Badge tone="warning" className="mr-2 bg-amber-200 font-bold text-amber-950 uppercase">
                    {i18n._('Internal')}
                  </Badge>
                  {entryTitle(entry)} · {by}
                </>
              ) : (
                `${entryTitle(entry)} · ${by}`
              );
            return (
              <Bubble key={key} side={side} kind={entry.kind} head={head} at={entry.at}>
                {entry.note}
              </Bubble>
            );
          }
          return (
            <li key={key} data-kind={entry.kind} className="px-2 text-center text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{entryTitle(entry)}</span>
              {entry.note ? `: ${noteOf(entry, names)}` : ''} · {by} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

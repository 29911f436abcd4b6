import type {
  AppealOutcome,
  CommitteeOutcome,
  CommitteePosition,
  CompositionItem,
  GrievanceClock,
  GrievanceStatus,
  GrievanceThreadEntry,
} from '../../../../shared/grievances';
import { dayText } from '../../../../shared/time';
import { displayTimeZone } from '../../../lib/display-time-zone';
import { formatTime } from '../../../lib/format';
import { i18n, intlLocale } from '../../../lib/i18n';

/* The ladder's words, read at render in the reader's language. */

export const STATUS_WORDS: Record<GrievanceStatus, () => string> = {
  received: () => i18n._('With the committee'),
  hearing_scheduled: () => i18n._('Hearing scheduled'),
  decided: () => i18n._('Decided'),
  appealed: () => i18n._('Appealed to the Ombudsperson'),
  disposed: () => i18n._('Appeal disposed of'),
  withdrawn: () => i18n._('Withdrawn'),
};

export const COMMITTEE_OUTCOME_WORDS: Record<CommitteeOutcome, () => string> = {
  upheld: () => i18n._('Upheld'),
  partly_upheld: () => i18n._('Partly upheld'),
  not_upheld: () => i18n._('Not upheld'),
};

export const APPEAL_OUTCOME_WORDS: Record<AppealOutcome, () => string> = {
  confirmed: () => i18n._('Decision confirmed'),
  modified: () => i18n._('Decision modified'),
  set_aside: () => i18n._('Decision set aside'),
};

export function outcomeWords(outcome: CommitteeOutcome | AppealOutcome): string {
  return outcome in COMMITTEE_OUTCOME_WORDS ? COMMITTEE_OUTCOME_WORDS[outcome as CommitteeOutcome]() : APPEAL_OUTCOME_WORDS[outcome as AppealOutcome]();
}

export const POSITION_WORDS: Record<CommitteePosition, () => string> = {
  chair: () => i18n._('Chair'),
  member: () => i18n._('Member'),
  special_invitee: () => i18n._('Student special invitee'),
};

export const CHECKLIST_WORDS: Record<CompositionItem, () => string> = {
  chair: () => i18n._('A chair (one professor or senior faculty member)'),
  members: () => i18n._('At least four members beside the chair'),
  woman: () => i18n._('At least one woman member'),
  reserved_category: () => i18n._('At least one member from the SC/ST/OBC communities'),
  student_invitee: () => i18n._('A student special invitee'),
  ombudsperson: () => i18n._('An Ombudsperson for appeals'),
};

/** "Fri 28 Nov 2026": a day in words on the university's clock. */
export function dayWords(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : dayText(at, displayTimeZone(), intlLocale(), { year: true });
}

/** "Fri 28 Nov 2026, 3:30 pm": a moment in words on the university's clock. */
export function momentWords(iso: string): string {
  return i18n._('{day}, {time}', { day: dayWords(iso), time: formatTime(iso) });
}

/** How a clock stands, in a sentence: whose clock it is, and its due day. */
export function clockWords(clock: GrievanceClock, whose: 'committee' | 'ombudsperson'): string {
  const day = dayWords(clock.dueAt);
  if (whose === 'committee') {
    switch (clock.state) {
      case 'running':
        return i18n._('The committee decides by {day} (15 working days).', { day });
      case 'overdue':
        return i18n._('Overdue: the committee was to decide by {day}.', { day });
      case 'on_time':
        return i18n._('The committee decided in time (by {day}).', { day });
      case 'late':
        return i18n._('The committee decided late (it was due by {day}).', { day });
    }
  }
  switch (clock.state) {
    case 'running':
      return i18n._('The Ombudsperson disposes of the appeal by {day} (30 days).', { day });
    case 'overdue':
      return i18n._('Overdue: the Ombudsperson was to dispose of the appeal by {day}.', { day });
    case 'on_time':
      return i18n._('The Ombudsperson disposed of the appeal in time (by {day}).', { day });
    case 'late':
      return i18n._('The Ombudsperson disposed of the appeal late (it was due by {day}).', { day });
  }
}

/** The heading of a step in the thread. */
export function entryTitle(entry: GrievanceThreadEntry): string {
  switch (entry.kind) {
    case 'raised':
      return i18n._('Grievance raised');
    case 'hearing':
      return i18n._('Hearing scheduled');
    case 'decision':
      return entry.outcome ? i18n._('The committee’s decision: {outcome}', { outcome: outcomeWords(entry.outcome) }) : i18n._('The committee’s decision');
    case 'appeal':
      return i18n._('Appeal to the Ombudsperson');
    case 'question':
      return entry.to === 'committee' ? i18n._('Question to the committee') : i18n._('Question to the student');
    case 'message':
      return i18n._('Message');
    case 'disposal':
      return entry.outcome ? i18n._('The Ombudsperson’s order: {outcome}', { outcome: outcomeWords(entry.outcome) }) : i18n._('The Ombudsperson’s order');
    case 'withdrawn':
      return i18n._('Withdrawn');
    case 'reminder':
      return i18n._('Reminder');
  }
}

/** A hearing's place is a link when it is one (an online hearing). */
export function placeLink(place: string): string | null {
  const trimmed = place.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : null;
}

/**
 * The ISO instant with the zone's own offset ("2026-12-03T15:30:00+05:30") of a datetime-local
 * value on the university's clock, or null when the value names no time.
 */
export function zonedIso(instant: Date | null, wall: string): string | null {
  if (!instant) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const minutes = Math.round((asUtc - instant.getTime()) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${wall}:00${offset}`;
}

import type { ClockState, RaggingClockItem, RaggingState } from '../../../shared/ragging.js';
import type { ComplaintRow } from '../../db/schema.js';
import { CLOCKS_STOPPED_BY } from '../lifecycle/index.js';

/** Who recorded a decision, by name (the duty and admins are staff: their names are not confidential). */
export type Names = ReadonlyMap<string, string>;

const iso = (at: Date | null) => at?.toISOString() ?? null;
const person = (id: string | null, names: Names) => (id ? { id, name: names.get(id) ?? '' } : null);

/** Where a clock stands now: see CLOCK_STATES. */
export function clockState(complaint: Pick<ComplaintRow, 'status'>, due: Date | null, done: boolean, now: Date): ClockState {
  if (done) return 'done';
  if (!due || CLOCKS_STOPPED_BY.includes(complaint.status)) return 'stopped';
  return due <= now ? 'overdue' : 'running';
}

export function toRaggingState(row: ComplaintRow, names: Names, canDecide: boolean, now: Date): RaggingState {
  return {
    number: row.number,
    status: row.status,
    subCategory: row.subCategory,
    hostel: row.hostel,
    placeKind: row.placeKind,
    placeText: row.placeText,
    anonymous: row.anonymous,
    createdAt: row.createdAt.toISOString(),
    fir: {
      state: clockState(row, row.firDueAt, row.firDecision !== null, now),
      dueAt: iso(row.firDueAt),
      decision: row.firDecision,
      note: row.firDecisionNote,
      decidedAt: iso(row.firDecidedAt),
      decidedBy: person(row.firDecidedBy, names),
      escalationLevel: row.firEscalationLevel,
    },
    enquiry: {
      state: clockState(row, row.enquiryDueAt, row.enquiryClosedAt !== null, now),
      dueAt: iso(row.enquiryDueAt),
      outcome: row.enquiryOutcome,
      closedAt: iso(row.enquiryClosedAt),
      closedBy: person(row.enquiryClosedBy, names),
      escalationLevel: row.enquiryEscalationLevel,
    },
    canDecide,
  };
}

/** A report in the duty's pinned list: its record, and the earlier of its clocks still open. */
export function toClockItem(row: ComplaintRow, names: Names, now: Date): RaggingClockItem {
  const { canDecide: _ignored, ...state } = toRaggingState(row, names, false, now);
  const open = [row.firDecision === null ? row.firDueAt : null, row.enquiryClosedAt === null ? row.enquiryDueAt : null].filter(
    (d): d is Date => d !== null,
  );
  const next = open.reduce((a, b) => (b < a ? b : a), open[0] ?? row.createdAt);
  return { ...state, nextDueAt: next.toISOString() };
}

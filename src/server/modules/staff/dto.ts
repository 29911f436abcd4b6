import type { StaffComplaint, StaffComplaintDetail } from '../../../shared/staff.js';
import type { PlaceFacts } from '../../../shared/place-facts.js';
import type { ComplaintEventRow, ComplaintRow, UserRow } from '../../db/schema.js';
import { staffVisibleAuthor, staffVisibleName, staffVisibleRoom, staffVisibleStudent, withholdIdentity, type Reporter } from '../confidentiality/index.js';
import { commonAreaOf, toComplaintDto, toTimelineEntry } from '../complaints/index.js';
import type { Transition } from '../../../shared/lifecycle.js';
import type { VisitState } from '../../../shared/visits.js';

/** A queue row may come without its search column. */
export type StaffComplaintColumns = Omit<ComplaintRow, 'search' | 'studentSearch'> & { search?: string | null; studentSearch?: string | null };
export type StaffAssignee = Pick<UserRow, 'id' | 'name' | 'email'>;
type ComplaintColumns = StaffComplaintColumns;
type Assignee = StaffAssignee;

/**
 * The staff view of a complaint, through the projection for its reporter (confidentiality): a
 * confidential complaint never carries the reporter's identity or room.
 */
export function toStaffDto(row: ComplaintColumns, assignee: Assignee | null, reporter: Reporter): StaffComplaint {
  return {
    ...toComplaintDto({ ...row, search: row.search ?? null, studentSearch: row.studentSearch ?? null }),
    ...staffVisibleStudent(reporter, row),
    ...staffVisibleRoom(reporter, row),
    complaint: withholdIdentity(reporter, row.message),
    confidential: row.confidential,
    assignee: assignee ? { id: assignee.id, name: assignee.name || assignee.email } : null,
    followerCount: row.followerCount,
    escalationLevel: row.escalationLevel,
    incidentId: row.incidentId,
    entryConsent: row.entryConsent,
    entrySlots: row.entrySlots,
    visitStartsAt: row.visitStartsAt?.toISOString() ?? null,
    visitEndsAt: row.visitEndsAt?.toISOString() ?? null,
  };
}

type StaffEvent = { event: ComplaintEventRow; actorName: string | null; actorEmail: string | null };

/** A complaint's whole timeline as the console shows it, through the confidentiality guard. */
export function staffTimeline(complaint: ComplaintRow, reporter: Reporter, events: StaffEvent[]): StaffComplaintDetail['timeline'] {
  return events.map(({ event, actorName, actorEmail }) => ({
    ...toTimelineEntry(event, complaint.studentId),
    note: withholdIdentity(reporter, event.note),
    kind: event.kind,
    internal: !event.public,
    by: staffVisibleAuthor(reporter, event.actorId, actorName || actorEmail || event.actorAddress || 'Portal'),
  }));
}

/** Where a merged duplicate went, and the duplicates merged into this one (staff/service.ts mergeFacts). */
export interface MergeFacts {
  mergedInto: { number: string; at: Date; undoUntil: Date | null } | null;
  duplicates: Array<{ complaint: ComplaintRow; reporter: Reporter; events: StaffEvent[]; studentName: string; mergedAt: Date; undoUntil: Date | null }>;
}

/** The whole record for the console: the timeline with internal notes, the moves this user may make, its merges. */
export function toStaffDetail(input: {
  complaint: ComplaintRow;
  reporter: Reporter;
  events: StaffEvent[];
  assignee: Assignee | null;
  transitions: readonly Transition[];
  canRevealIdentity: boolean;
  studentName: string;
  merge: MergeFacts;
  visit: VisitState | null;
}): Omit<StaffComplaintDetail, keyof PlaceFacts> {
  const { complaint, reporter, merge } = input;
  return {
    ...toStaffDto(complaint, input.assignee, reporter),
    rating: complaint.rating,
    ratingComment: complaint.ratingComment === null ? null : withholdIdentity(reporter, complaint.ratingComment),
    studentName: staffVisibleName(reporter, input.studentName),
    timeline: staffTimeline(complaint, reporter, input.events),
    allowedTransitions: input.transitions.map((t) => ({ to: t.to, label: t.label, reasonRequired: t.reasonRequired })),
    // An anonymous report's student is no one (decision 41): there is nobody to reveal.
    canRevealIdentity: input.canRevealIdentity && !complaint.anonymous,
    mergedInto: merge.mergedInto
      ? { number: merge.mergedInto.number, at: merge.mergedInto.at.toISOString(), undoUntil: merge.mergedInto.undoUntil?.toISOString() ?? null }
      : null,
    duplicates: merge.duplicates.map((d) => ({
      number: d.complaint.number,
      student: staffVisibleName(d.reporter, d.studentName),
      ...staffVisibleRoom(d.reporter, d.complaint),
      commonArea: commonAreaOf(d.complaint),
      complaint: withholdIdentity(d.reporter, d.complaint.message),
      createdAt: d.complaint.createdAt.toISOString(),
      mergedAt: d.mergedAt.toISOString(),
      undoUntil: d.undoUntil?.toISOString() ?? null,
      timeline: staffTimeline(d.complaint, d.reporter, d.events),
    })),
    visit: input.visit,
  };
}

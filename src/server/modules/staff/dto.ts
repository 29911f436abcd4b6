import type { StaffComplaint, StaffComplaintDetail } from '../../../shared/staff.js';
import type { PlaceFacts } from '../../../shared/place-facts.js';
import type { ComplaintEventRow, ComplaintRow, UserRow } from '../../db/schema.js';
import { staffVisibleAuthor, staffVisibleName, staffVisibleRoom, staffVisibleStudent, withholdIdentity } from '../confidentiality/guard.js';
import { commonAreaOf, toComplaintDto, toTimelineEntry } from '../complaints/dto.js';
import type { Transition } from '../../../shared/lifecycle.js';
import type { VisitState } from '../../../shared/visits.js';

/** A queue row may come without its search column. */
type ComplaintColumns = Omit<ComplaintRow, 'search' | 'studentSearch'> & { search?: string | null; studentSearch?: string | null };
type Assignee = Pick<UserRow, 'id' | 'name' | 'email'>;

/** The staff view of a complaint; a confidential complaint never carries the student's identity. */
export function toStaffDto(row: ComplaintColumns, assignee: Assignee | null): StaffComplaint {
  return {
    ...toComplaintDto({ ...row, search: row.search ?? null, studentSearch: row.studentSearch ?? null }),
    ...staffVisibleStudent(row),
    ...staffVisibleRoom(row),
    complaint: withholdIdentity(row, row.message),
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
function staffTimeline(complaint: ComplaintRow, events: StaffEvent[]): StaffComplaintDetail['timeline'] {
  return events.map(({ event, actorName, actorEmail }) => ({
    ...toTimelineEntry(event, complaint.studentId),
    note: withholdIdentity(complaint, event.note),
    kind: event.kind,
    internal: !event.public,
    by: staffVisibleAuthor(complaint, event.actorId, actorName || actorEmail || event.actorAddress || 'Portal'),
  }));
}

/** Where a merged duplicate went, and the duplicates merged into this one (staff/service.ts mergeFacts). */
export interface MergeFacts {
  mergedInto: { number: string; at: Date; undoUntil: Date | null } | null;
  duplicates: Array<{ complaint: ComplaintRow; events: StaffEvent[]; studentName: string; mergedAt: Date; undoUntil: Date | null }>;
}

/** The whole record for the console: the timeline with internal notes, the moves this user may make, its merges. */
export function toStaffDetail(input: {
  complaint: ComplaintRow;
  events: StaffEvent[];
  assignee: Assignee | null;
  transitions: readonly Transition[];
  canRevealIdentity: boolean;
  studentName: string;
  merge: MergeFacts;
  visit: VisitState | null;
}): Omit<StaffComplaintDetail, keyof PlaceFacts> {
  const { complaint, merge } = input;
  return {
    ...toStaffDto(complaint, input.assignee),
    rating: complaint.rating,
    ratingComment: complaint.ratingComment,
    studentName: staffVisibleName(complaint, input.studentName),
    timeline: staffTimeline(complaint, input.events),
    allowedTransitions: input.transitions.map((t) => ({ to: t.to, label: t.label, reasonRequired: t.reasonRequired })),
    // An anonymous report's student is no one (decision 41): there is nobody to reveal.
    canRevealIdentity: input.canRevealIdentity && !complaint.anonymous,
    mergedInto: merge.mergedInto
      ? { number: merge.mergedInto.number, at: merge.mergedInto.at.toISOString(), undoUntil: merge.mergedInto.undoUntil?.toISOString() ?? null }
      : null,
    duplicates: merge.duplicates.map((d) => ({
      number: d.complaint.number,
      student: staffVisibleName(d.complaint, d.studentName),
      floor: d.complaint.floor,
      roomNo: d.complaint.roomNo,
      commonArea: commonAreaOf(d.complaint),
      complaint: withholdIdentity(d.complaint, d.complaint.message),
      createdAt: d.complaint.createdAt.toISOString(),
      mergedAt: d.mergedAt.toISOString(),
      undoUntil: d.undoUntil?.toISOString() ?? null,
      timeline: staffTimeline(d.complaint, d.events),
    })),
    visit: input.visit,
  };
}

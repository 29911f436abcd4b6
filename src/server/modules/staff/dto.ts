import { CONFIDENTIAL_STUDENT, type StaffComplaint, type StaffComplaintDetail } from '../../../shared/staff.js';
import type { ComplaintEventRow, ComplaintRow, UserRow } from '../../db/schema.js';
import { staffVisibleAuthor, staffVisibleStudent, withholdIdentity } from '../confidentiality/guard.js';
import { toComplaintDto, toTimelineEntry } from '../complaints/dto.js';
import type { Transition } from '../../../shared/lifecycle.js';

/** A queue row may come without its search column. */
type ComplaintColumns = Omit<ComplaintRow, 'search' | 'studentSearch'> & { search?: string | null; studentSearch?: string | null };
type Assignee = Pick<UserRow, 'id' | 'name' | 'email'>;

/** The staff view of a complaint; a confidential complaint never carries the student's identity. */
export function toStaffDto(row: ComplaintColumns, assignee: Assignee | null): StaffComplaint {
  return {
    ...toComplaintDto({ ...row, search: row.search ?? null, studentSearch: row.studentSearch ?? null }),
    ...staffVisibleStudent(row),
    complaint: withholdIdentity(row, row.message),
    confidential: row.confidential,
    assignee: assignee ? { id: assignee.id, name: assignee.name || assignee.email } : null,
    followerCount: row.followerCount,
    escalationLevel: row.escalationLevel,
    incidentId: row.incidentId,
  };
}

/** The whole record for the console: the timeline with internal notes, and the moves this user may make. */
export function toStaffDetail(input: {
  complaint: ComplaintRow;
  events: Array<{ event: ComplaintEventRow; actorName: string | null; actorEmail: string | null }>;
  assignee: Assignee | null;
  transitions: readonly Transition[];
  canRevealIdentity: boolean;
  studentName: string;
}): StaffComplaintDetail {
  const { complaint } = input;
  return {
    ...toStaffDto(complaint, input.assignee),
    rating: complaint.rating,
    ratingComment: complaint.ratingComment,
    studentName: complaint.confidential ? CONFIDENTIAL_STUDENT : input.studentName,
    timeline: input.events.map(({ event, actorName, actorEmail }) => ({
      ...toTimelineEntry(event, complaint.studentId),
      note: withholdIdentity(complaint, event.note),
      kind: event.kind,
      internal: !event.public,
      by: staffVisibleAuthor(complaint, event.actorId, actorName || actorEmail || event.actorAddress || 'Portal'),
    })),
    allowedTransitions: input.transitions.map((t) => ({ to: t.to, label: t.label, reasonRequired: t.reasonRequired })),
    canRevealIdentity: input.canRevealIdentity,
  };
}

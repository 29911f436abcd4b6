import type { Complaint, MyComplaint, TimelineEntry } from '../../../shared/complaints.js';
import { isOpenStatus } from '../../../shared/constants.js';
import type { ComplaintEventRow, ComplaintRow } from '../../db/schema.js';
import type { LastWords } from './queries.js';

/** A complaint as its student sees it: the original app's payload fields plus number, status and times. */
export function toComplaintDto(row: ComplaintRow): Complaint {
  return {
    number: row.number,
    kind: row.kind,
    category: row.category,
    complaintHead: row.complaintHead,
    subCategory: row.subCategory,
    hostel: row.hostel,
    floor: row.floor,
    roomNo: row.roomNo,
    complaint: row.message,
    fname: row.fname,
    id: row.regId,
    userEmail: row.userEmail,
    toEmail: row.toEmails.join(', '),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
  };
}

/** A public timeline entry as the student sees it: a status change or a reply, by "You" or the staff. */
export function toTimelineEntry(event: ComplaintEventRow, studentId: string): TimelineEntry {
  return {
    at: event.createdAt.toISOString(),
    status: event.toStatus,
    fromStatus: event.fromStatus ?? null,
    note: event.note,
    kind: event.kind === 'reply' ? 'reply' : 'status',
    by: event.actorId === studentId ? 'You' : 'Hostel staff',
    fromStudent: event.actorId === studentId,
    byMail: event.channel === 'mail',
  };
}

/**
 * A complaint in its student's list: what waits for them and the last words said. A question
 * waits only on an open complaint; a resolved one waits for "fixed" or "reopen".
 */
export function toMyComplaintDto(listed: { complaint: ComplaintRow; lastWords: LastWords | null; teamSpokeLast: boolean | null }): MyComplaint {
  const { complaint } = listed;
  const needsAction = complaint.status === 'resolved' ? 'confirm' : isOpenStatus(complaint.status) && listed.teamSpokeLast ? 'reply' : null;
  const lastMessage = listed.lastWords
    ? { text: listed.lastWords.text, fromStudent: listed.lastWords.fromStudent, at: new Date(listed.lastWords.at).toISOString() }
    : complaint.message
      ? { text: complaint.message, fromStudent: true, at: complaint.createdAt.toISOString() }
      : null;
  return { ...toComplaintDto(complaint), needsAction, lastMessage };
}

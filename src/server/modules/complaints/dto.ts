import type { Complaint, TimelineEntry } from '../../../shared/complaints.js';
import type { ComplaintEventRow, ComplaintRow } from '../../db/schema.js';

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

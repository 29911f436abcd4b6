import {
  excerptOf,
  type Complaint,
  type ComplaintDetail,
  type FollowedComplaint,
  type FollowedItem,
  type FollowerTimelineEntry,
  type MyComplaint,
  type TimelineEntry,
} from '../../../shared/complaints.js';
import { isOpenStatus } from '../../../shared/constants.js';
import type { VisitState } from '../../../shared/visits.js';
import type { ComplaintEventRow, ComplaintFollowerRow, ComplaintRow } from '../../db/schema.js';
import type { LastWords } from './queries.js';

/** The common area a complaint was filed for, as named then (filing.ts keeps it in place_text). */
export const commonAreaOf = (row: Pick<ComplaintRow, 'commonAreaId' | 'placeText'>): string | null => (row.commonAreaId ? (row.placeText ?? '') : null);

/** Where a ragging report says it happened; a common area's name is kept in place_text too, but it is not a report's place. */
export const reportedPlaceOf = (row: Pick<ComplaintRow, 'commonAreaId' | 'placeKind' | 'placeText'>): Complaint['reportedPlace'] =>
  row.placeKind && !row.commonAreaId ? { kind: row.placeKind, text: row.placeText ?? '' } : null;

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
    commonArea: commonAreaOf(row),
    reportedPlace: reportedPlaceOf(row),
    complaint: row.message,
    fname: row.fname,
    id: row.regId,
    userEmail: row.userEmail,
    toEmail: row.toEmails.join(', '),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    waitingSince: row.clockPausedAt?.toISOString() ?? null,
    clockLeftMs: row.clockLeftMs,
    targetUnit: row.targetUnit,
  };
}

/** A public timeline entry as the student sees it: a status change or a reply, by "You" or the staff. */
export function toTimelineEntry(event: ComplaintEventRow, studentId: string): TimelineEntry {
  return {
    at: event.createdAt.toISOString(),
    status: event.toStatus,
    fromStatus: event.fromStatus ?? null,
    note: event.note,
    kind: event.kind === 'reply' || event.kind === 'visit' || event.kind === 'photos' || event.kind === 'clock' ? event.kind : 'status',
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

/** The filer's own complaint with its public timeline, and where it went if staff merged it. */
export function toOwnerView(row: ComplaintRow, events: ComplaintEventRow[], mergedInto: string | null, visit: VisitState | null): ComplaintDetail {
  return {
    ...toComplaintDto(row),
    view: 'owner',
    timeline: events.map((event) => toTimelineEntry(event, row.studentId)),
    rating: row.rating,
    ratingComment: row.ratingComment,
    mergedInto,
    followerCount: row.followerCount,
    entryConsent: row.entryConsent,
    entrySlots: row.entrySlots,
    visit,
  };
}

/**
 * A status change as a follower reads it: the team's public note, but nothing the filer wrote (the
 * filing's routing line, a reopening's reason, a rating's comment) and no name.
 */
function toFollowerEntry(event: ComplaintEventRow, studentId: string): FollowerTimelineEntry {
  const by = event.actorId === studentId ? 'filer' : event.actorId === null ? 'portal' : 'team';
  return { at: event.createdAt.toISOString(), status: event.toStatus, fromStatus: event.fromStatus ?? null, note: by === 'filer' ? '' : event.note, by };
}

type FollowedFields = Pick<ComplaintRow, 'number' | 'complaintHead' | 'subCategory' | 'hostel' | 'floor' | 'status' | 'createdAt' | 'updatedAt' | 'followerCount'>;

/** One complaint the student follows, as My complaints lists it. */
export function toFollowedItem(row: FollowedFields, follow: Pick<ComplaintFollowerRow, 'source' | 'createdAt'>, yourComplaint: string | null): FollowedItem {
  return {
    number: row.number,
    complaintHead: row.complaintHead,
    subCategory: row.subCategory,
    hostel: row.hostel,
    floor: row.floor,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    students: row.followerCount + 1,
    source: follow.source,
    yourComplaint,
    followingSince: follow.createdAt.toISOString(),
  };
}

/**
 * Someone else's complaint as one of its followers reads it (decision 36): what it is about and
 * where it stands, the status changes and the team's resolution note; never the filer's name,
 * registration number, address, room or conversation.
 */
export function toFollowerView(
  row: ComplaintRow,
  follow: Pick<ComplaintFollowerRow, 'source' | 'createdAt'>,
  events: ComplaintEventRow[],
  yourComplaint: string | null,
): FollowedComplaint {
  const timeline = events.filter((e) => e.kind === 'status' && e.public).map((e) => toFollowerEntry(e, row.studentId));
  const resolved = timeline.filter((e) => e.status === 'resolved' && e.by === 'team').at(-1);
  return {
    ...toFollowedItem(row, follow, yourComplaint),
    view: 'follower',
    kind: row.kind,
    category: row.category,
    dueAt: row.dueAt.toISOString(),
    waiting: row.clockPausedAt !== null,
    excerpt: excerptOf(row.message),
    timeline,
    resolutionNote: resolved?.note || null,
  };
}

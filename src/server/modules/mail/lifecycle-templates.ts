import { STATUS_LABELS, type ComplaintStatus } from '../../../shared/constants.js';
import type { ComplaintRow } from '../../db/schema.js';
import { paragraphsMail } from './html.js';
import { roomFloorOrArea, roomOrArea } from './place-words.js';
import type { RenderedMail } from './templates.js';

/** To the student when their complaint changes status. */
export function statusChangeMail(complaint: ComplaintRow, to: ComplaintStatus, note: string, url: string): RenderedMail {
  const label = STATUS_LABELS[to];
  return paragraphsMail(
    `${complaint.number} is now ${label}`,
    [
      `Hello${complaint.fname ? ` ${complaint.fname}` : ''},`,
      `your ${complaint.complaintHead.toLowerCase()} ${complaint.number} is now: ${label}.`,
      ...(note ? [`Note from the hostel team: ${note}`] : []),
      ...(to === 'resolved' ? ['If it is fixed, confirm it and rate the work; if not, reopen it and say why.'] : []),
    ],
    { url, text: 'See your complaint' },
  );
}

/** To the student when the team answers. */
export function replyMail(complaint: ComplaintRow, reply: string, url: string): RenderedMail {
  return paragraphsMail(
    `Reply about ${complaint.number}`,
    [`Hello${complaint.fname ? ` ${complaint.fname}` : ''},`, `the hostel team replied about ${complaint.number}:`, reply],
    { url, text: 'Answer or follow it on the portal' },
  );
}

/** To the people working a complaint when the student adds to the conversation. */
export function studentReplyMail(complaint: ComplaintRow, reply: string, url: string): RenderedMail {
  return paragraphsMail(
    `Student replied: ${complaint.complaintHead} — ${complaint.number}`,
    [`The student wrote about ${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}, ${complaint.hostel}, ${roomOrArea(complaint)}):`, reply],
    { url, text: 'Answer in the staff console' },
  );
}

/** To the people working a complaint when the student adds photos to it after filing. */
export function studentPhotosMail(complaint: ComplaintRow, added: number, url: string): RenderedMail {
  const what = added === 1 ? 'a photo' : `${added} photos`;
  return paragraphsMail(
    `Student added ${what}: ${complaint.complaintHead} — ${complaint.number}`,
    [`The student added ${what} to ${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}, ${complaint.hostel}, ${roomOrArea(complaint)}).`],
    { url, text: 'See them in the staff console' },
  );
}

/** To the people working a complaint when the student withdraws it before anyone acknowledged it. */
export function withdrawnMail(complaint: ComplaintRow, url: string): RenderedMail {
  return paragraphsMail(
    `Withdrawn: ${complaint.complaintHead} — ${complaint.number}`,
    [`The student withdrew ${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}, ${complaint.hostel}, ${roomOrArea(complaint)}). Nothing more needs to be done.`],
    { url, text: 'Open it in the staff console' },
  );
}

/** To a staff member given a complaint. */
export function assignmentMail(complaint: ComplaintRow, url: string): RenderedMail {
  return paragraphsMail(
    `Assigned to you: ${complaint.complaintHead} — ${complaint.number}`,
    [
      `${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}) in ${complaint.hostel}, ${roomFloorOrArea(complaint)} was assigned to you.`,
    ],
    { url, text: 'Open it in the staff console' },
  );
}

/** To the facility team when a student reopens a resolved complaint. */
export function reopenedMail(complaint: ComplaintRow, reason: string, url: string): RenderedMail {
  return paragraphsMail(
    `Reopened: ${complaint.complaintHead} — ${complaint.number}`,
    [`The student reopened ${complaint.number}: it is not fixed.`, `Reason: ${reason}`],
    { url, text: 'Open it in the staff console' },
  );
}

/** To the facility team when the student confirms a resolution (and perhaps rates the work). */
export function confirmedMail(complaint: ComplaintRow, rating: number | undefined, comment: string, url: string): RenderedMail {
  return paragraphsMail(
    `Confirmed fixed: ${complaint.complaintHead} — ${complaint.number}`,
    [
      `The student confirmed ${complaint.number} is fixed; it is now closed.`,
      ...(rating === undefined ? [] : [`Rating: ${rating} of 5`]),
      ...(comment ? [`Comment: ${comment}`] : []),
    ],
    { url, text: 'Open it in the staff console' },
  );
}

/** To the hostel's wardens (then the admins) when a complaint is past its due time. */
export function escalationMail(complaint: ComplaintRow, audience: 'wardens' | 'admins', url: string): RenderedMail {
  const due = complaint.dueAt.toISOString().replace('T', ' ').slice(0, 16);
  return paragraphsMail(
    `Late: ${complaint.complaintHead} — ${complaint.number}`,
    [
      `${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}) in ${complaint.hostel}, ${roomOrArea(complaint)}, was due by ${due} UTC and is still ${STATUS_LABELS[complaint.status].toLowerCase()}.`,
      audience === 'wardens'
        ? 'You are told as a warden of this hostel. If it stays late, the administrators are told next.'
        : 'The hostel’s wardens were told earlier; it is still not resolved.',
    ],
    { url, text: 'Open it in the staff console' },
  );
}

/**
 * One mail per person and escalation run when more than one complaint became late for them: the
 * list (numbers, categories, places, due times; nothing about who filed) and the queue's escalated view.
 */
export function lateListMail(items: ReadonlyArray<{ complaint: ComplaintRow; audience: 'wardens' | 'admins' }>, url: string): RenderedMail {
  const asWarden = items.some((i) => i.audience === 'wardens');
  return paragraphsMail(
    `${items.length} complaints became late`,
    [
      'These complaints passed their due time and are still not resolved:',
      items
        .map(({ complaint: c }) => `${c.number} — ${c.complaintHead}${c.subCategory ? `: ${c.subCategory}` : ''}, ${c.hostel} ${roomOrArea(c)}, due ${c.dueAt.toISOString().replace('T', ' ').slice(0, 16)} UTC, ${STATUS_LABELS[c.status].toLowerCase()}`)
        .join('\n'),
      asWarden
        ? 'You are told as a warden of their hostels. Those that stay late go to the administrators next.'
        : 'The hostels’ wardens were told earlier, or the hostel has none; they are still not resolved.',
    ],
    { url, text: 'Open the late complaints in the staff console' },
  );
}

/** To a worker who asked for a mail about each new complaint in their scope. */
export function newWorkMail(complaint: ComplaintRow, url: string): RenderedMail {
  return paragraphsMail(
    `New: ${complaint.complaintHead} — ${complaint.number}`,
    [
      `${complaint.number} (${complaint.complaintHead}${complaint.subCategory ? `: ${complaint.subCategory}` : ''}) was filed in ${complaint.hostel}, ${roomFloorOrArea(complaint)}.`,
      complaint.message,
    ],
    { url, text: 'Open it in the staff console' },
  );
}

/** The digest of new work for a worker who asked for one every few hours. */
export function newWorkDigestMail(items: ComplaintRow[], hours: number, url: string): RenderedMail {
  return paragraphsMail(
    `${items.length} new complaint${items.length === 1 ? '' : 's'} in your queue`,
    [
      `Filed in the last ${hours} hour${hours === 1 ? '' : 's'} in your categories and hostels:`,
      items.map((c) => `${c.number} — ${c.complaintHead}${c.subCategory ? `: ${c.subCategory}` : ''}, ${c.hostel} ${roomOrArea(c)}`).join('\n'),
    ],
    { url, text: 'Open the staff console' },
  );
}

/**
 * To a student who follows a complaint someone else filed ("Me too", or their duplicate merged into
 * it), when its status changes: what it is about and where it stands, never who filed it, their room
 * or their conversation. `note` is the team's public note (empty for what the filer did).
 */
export function followerStatusMail(complaint: ComplaintRow, to: ComplaintStatus, note: string, url: string): RenderedMail {
  const label = STATUS_LABELS[to];
  const what = `${complaint.complaintHead.toLowerCase()}${complaint.subCategory ? ` (${complaint.subCategory})` : ''} in ${complaint.hostel}, floor ${complaint.floor}`;
  return paragraphsMail(
    `${complaint.number}, which you follow, is now ${label}`,
    [
      'Hello,',
      `the ${what} you follow, ${complaint.number}, is now: ${label}.`,
      ...(note ? [`Note from the hostel team: ${note}`] : []),
      ...(to === 'resolved' ? ['If it is still not fixed for you, file your own complaint and say so.'] : []),
      ...(to === 'withdrawn' ? ['The student who filed it withdrew it. If the problem is still there for you, file your own complaint.'] : []),
      'You get this because you said it affects you too. You can stop following it on its page.',
    ],
    { url, text: 'See it on the portal' },
  );
}

/** To the student whose complaint staff merged into another one about the same problem. */
export function mergedMail(duplicate: ComplaintRow, target: ComplaintRow, url: string): RenderedMail {
  return paragraphsMail(
    `${duplicate.number} is the same problem as ${target.number}`,
    [
      `Hello${duplicate.fname ? ` ${duplicate.fname}` : ''},`,
      `your complaint ${duplicate.number} is the same problem as ${target.number}, which the team is working on; you will hear of its progress there.`,
    ],
    { url, text: `Follow ${target.number}` },
  );
}

/** To the student told of a merge that staff then undid: their own complaint goes on. */
export function unmergedMail(duplicate: ComplaintRow, targetNumber: string, url: string): RenderedMail {
  return paragraphsMail(
    `${duplicate.number} is your own complaint again`,
    [
      `Hello${duplicate.fname ? ` ${duplicate.fname}` : ''},`,
      `the team undid merging ${duplicate.number} into ${targetNumber}: it was not the same problem after all. ${duplicate.number} goes on as before (${STATUS_LABELS[duplicate.status].toLowerCase()}), and you hear of it as usual.`,
    ],
    { url, text: 'See your complaint' },
  );
}

/** To the student when the team proposes a visit time, or answers the one the student proposed. */
export function visitMail(complaint: ComplaintRow, what: 'proposed' | 'accepted' | 'declined', when: string, url: string): RenderedMail {
  const subject = {
    proposed: `Visit proposed for ${complaint.number}: ${when}`,
    accepted: `Visit agreed for ${complaint.number}: ${when}`,
    declined: `Visit time declined for ${complaint.number}`,
  }[what];
  const line = {
    proposed: `the hostel team would like to come to your room about ${complaint.number} on ${when}. Accept it, or propose another time, on the portal.`,
    accepted: `the hostel team accepted the time you proposed: they will come about ${complaint.number} on ${when}.`,
    declined: `the hostel team cannot come at the time you proposed (${when}) for ${complaint.number}. They will propose another.`,
  }[what];
  return paragraphsMail(subject, [`Hello${complaint.fname ? ` ${complaint.fname}` : ''},`, line], { url, text: 'Answer on the portal' });
}

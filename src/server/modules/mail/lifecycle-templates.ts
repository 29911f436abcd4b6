import { STATUS_LABELS, type ComplaintStatus } from '../../../shared/constants.js';
import type { ComplaintRow } from '../../db/schema.js';
import { ENGLISH, type Reader } from '../../i18n/readers.js';
import { aboutText, greeting, paragraphsMail } from './html.js';
import { roomFloorOrArea, roomOrArea } from './place-words.js';
import type { RenderedMail } from './templates.js';

/*
 * Each template takes its reader last (English by default): the outbox renders a mail once per
 * language among its recipients, with the catalogue's names in that language (issue 28).
 */

/** A status as a mail names it inside a sentence ("is still in progress"): lower case in English. */
const statusWord = ({ i18n }: Reader, status: ComplaintStatus) => i18n._(STATUS_LABELS[status]).toLowerCase();

/** To the student when their complaint changes status. */
export function statusChangeMail(complaint: ComplaintRow, to: ComplaintStatus, note: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  const label = i18n._(STATUS_LABELS[to]);
  return paragraphsMail(
    i18n._('{number} is now {status}', { number: c.number, status: label }),
    [
      greeting(r, c.fname),
      i18n._('your {what} {number} is now: {status}.', { what: c.complaintHead.toLowerCase(), number: c.number, status: label }),
      ...(note ? [i18n._('Note from the hostel team: {note}', { note })] : []),
      ...(to === 'resolved' ? [i18n._('If it is fixed, confirm it and rate the work; if not, reopen it and say why.')] : []),
    ],
    { url, text: i18n._('See your complaint') },
    r,
  );
}

/** To the student when the team answers. */
export function replyMail(complaint: ComplaintRow, reply: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const { number } = complaint;
  return paragraphsMail(
    i18n._('Reply about {number}', { number }),
    [greeting(r, complaint.fname), i18n._('the hostel team replied about {number}:', { number }), reply],
    { url, text: i18n._('Answer or follow it on the portal') },
    r,
  );
}

/** Where a complaint is, for the team: "(Wifi: No signal, Block 2, room 214)". */
const placeValues = (c: ComplaintRow, r: Reader) => ({ number: c.number, about: aboutText(c), hostel: c.hostel, place: roomOrArea(c, r) });

/** To the people working a complaint when the student adds to the conversation. */
export function studentReplyMail(complaint: ComplaintRow, reply: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('Student replied: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [i18n._('The student wrote about {number} ({about}, {hostel}, {place}):', placeValues(c, r)), reply],
    { url, text: i18n._('Answer in the staff console') },
    r,
  );
}

/** To the people working a complaint when the student adds photos to it after filing. */
export function studentPhotosMail(complaint: ComplaintRow, added: number, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  const values = { ...placeValues(c, r), head: c.complaintHead, count: added };
  return paragraphsMail(
    i18n._('{count, plural, one {Student added a photo: {head} — {number}} other {Student added # photos: {head} — {number}}}', values),
    [i18n._('{count, plural, one {The student added a photo to {number} ({about}, {hostel}, {place}).} other {The student added # photos to {number} ({about}, {hostel}, {place}).}}', values)],
    { url, text: i18n._('See them in the staff console') },
    r,
  );
}

/** To the people working a complaint when the student withdraws it before anyone acknowledged it. */
export function withdrawnMail(complaint: ComplaintRow, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('Withdrawn: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [i18n._('The student withdrew {number} ({about}, {hostel}, {place}). Nothing more needs to be done.', placeValues(c, r))],
    { url, text: i18n._('Open it in the staff console') },
    r,
  );
}

/** To a staff member given a complaint. */
export function assignmentMail(complaint: ComplaintRow, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('Assigned to you: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [i18n._('{number} ({about}) in {hostel}, {place} was assigned to you.', { ...placeValues(c, r), place: roomFloorOrArea(c, r) })],
    { url, text: i18n._('Open it in the staff console') },
    r,
  );
}

/** To the facility team when a student reopens a resolved complaint. */
export function reopenedMail(complaint: ComplaintRow, reason: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('Reopened: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [i18n._('The student reopened {number}: it is not fixed.', { number: c.number }), i18n._('Reason: {reason}', { reason })],
    { url, text: i18n._('Open it in the staff console') },
    r,
  );
}

/** To the facility team when the student confirms a resolution (and perhaps rates the work). */
export function confirmedMail(complaint: ComplaintRow, rating: number | undefined, comment: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('Confirmed fixed: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [
      i18n._('The student confirmed {number} is fixed; it is now closed.', { number: c.number }),
      ...(rating === undefined ? [] : [i18n._('Rating: {rating} of 5', { rating: String(rating) })]),
      ...(comment ? [i18n._('Comment: {comment}', { comment })] : []),
    ],
    { url, text: i18n._('Open it in the staff console') },
    r,
  );
}

/** To the hostel's wardens (then the admins) when a complaint is past its due time. */
export function escalationMail(complaint: ComplaintRow, audience: 'wardens' | 'admins', url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('Late: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [
      i18n._('{number} ({about}) in {hostel}, {place}, was due by {due} and is still {status}.', {
        ...placeValues(c, r),
        due: r.time(c.dueAt),
        status: statusWord(r, c.status),
      }),
      audience === 'wardens'
        ? i18n._('You are told as a warden of this hostel. If it stays late, the administrators are told next.')
        : i18n._('The hostel’s wardens were told earlier; it is still not resolved.'),
    ],
    { url, text: i18n._('Open it in the staff console') },
    r,
  );
}

/**
 * One mail per person and escalation run when more than one complaint became late for them: the
 * list (numbers, categories, places, due times; nothing about who filed) and the queue's escalated view.
 */
export function lateListMail(items: ReadonlyArray<{ complaint: ComplaintRow; audience: 'wardens' | 'admins' }>, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const asWarden = items.some((i) => i.audience === 'wardens');
  return paragraphsMail(
    i18n._('{count} complaints became late', { count: String(items.length) }),
    [
      i18n._('These complaints passed their due time and are still not resolved:'),
      items
        .map(({ complaint }) => r.local(complaint))
        .map((c) => i18n._('{number} — {about}, {hostel} {place}, due {due}, {status}', { ...placeValues(c, r), due: r.time(c.dueAt), status: statusWord(r, c.status) }))
        .join('\n'),
      asWarden
        ? i18n._('You are told as a warden of their hostels. Those that stay late go to the administrators next.')
        : i18n._('The hostels’ wardens were told earlier, or the hostel has none; they are still not resolved.'),
    ],
    { url, text: i18n._('Open the late complaints in the staff console') },
    r,
  );
}

/** To a worker who asked for a mail about each new complaint in their scope. */
export function newWorkMail(complaint: ComplaintRow, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  return paragraphsMail(
    i18n._('New: {head} — {number}', { head: c.complaintHead, number: c.number }),
    [i18n._('{number} ({about}) was filed in {hostel}, {place}.', { ...placeValues(c, r), place: roomFloorOrArea(c, r) }), c.message],
    { url, text: i18n._('Open it in the staff console') },
    r,
  );
}

/** The digest of new work for a worker who asked for one every few hours. */
export function newWorkDigestMail(items: ComplaintRow[], hours: number, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  return paragraphsMail(
    i18n._('{count, plural, one {# new complaint in your queue} other {# new complaints in your queue}}', { count: items.length }),
    [
      i18n._('{hours, plural, one {Filed in the last # hour in your categories and hostels:} other {Filed in the last # hours in your categories and hostels:}}', { hours }),
      items
        .map((item) => r.local(item))
        .map((c) => i18n._('{number} — {about}, {hostel} {place}', placeValues(c, r)))
        .join('\n'),
    ],
    { url, text: i18n._('Open the staff console') },
    r,
  );
}

/**
 * To a student who follows a complaint someone else filed ("Me too", or their duplicate merged into
 * it), when its status changes: what it is about and where it stands, never who filed it, their room
 * or their conversation. `note` is the team's public note (empty for what the filer did).
 */
export function followerStatusMail(complaint: ComplaintRow, to: ComplaintStatus, note: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const c = r.local(complaint);
  const label = i18n._(STATUS_LABELS[to]);
  const values = { head: c.complaintHead.toLowerCase(), sub: c.subCategory, hostel: c.hostel, floor: String(c.floor), number: c.number, status: label };
  return paragraphsMail(
    i18n._('{number}, which you follow, is now {status}', values),
    [
      i18n._('Hello,'),
      c.subCategory
        ? i18n._('the {head} ({sub}) in {hostel}, floor {floor} you follow, {number}, is now: {status}.', values)
        : i18n._('the {head} in {hostel}, floor {floor} you follow, {number}, is now: {status}.', values),
      ...(note ? [i18n._('Note from the hostel team: {note}', { note })] : []),
      ...(to === 'resolved' ? [i18n._('If it is still not fixed for you, file your own complaint and say so.')] : []),
      ...(to === 'withdrawn' ? [i18n._('The student who filed it withdrew it. If the problem is still there for you, file your own complaint.')] : []),
      i18n._('You get this because you said it affects you too. You can stop following it on its page.'),
    ],
    { url, text: i18n._('See it on the portal') },
    r,
  );
}

/** To the student whose complaint staff merged into another one about the same problem. */
export function mergedMail(duplicate: ComplaintRow, target: ComplaintRow, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const values = { number: duplicate.number, target: target.number };
  return paragraphsMail(
    i18n._('{number} is the same problem as {target}', values),
    [
      greeting(r, duplicate.fname),
      i18n._('your complaint {number} is the same problem as {target}, which the team is working on; you will hear of its progress there.', values),
    ],
    { url, text: i18n._('Follow {target}', values) },
    r,
  );
}

/** To the student told of a merge that staff then undid: their own complaint goes on. */
export function unmergedMail(duplicate: ComplaintRow, targetNumber: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  return paragraphsMail(
    i18n._('{number} is your own complaint again', { number: duplicate.number }),
    [
      greeting(r, duplicate.fname),
      i18n._(
        'the team undid merging {number} into {target}: it was not the same problem after all. {number} goes on as before ({status}), and you hear of it as usual.',
        { number: duplicate.number, target: targetNumber, status: statusWord(r, duplicate.status) },
      ),
    ],
    { url, text: i18n._('See your complaint') },
    r,
  );
}

/** To the student when the team proposes a visit time, or answers the one the student proposed. */
export function visitMail(complaint: ComplaintRow, what: 'proposed' | 'accepted' | 'declined', when: string, url: string, r: Reader = ENGLISH): RenderedMail {
  const { i18n } = r;
  const values = { number: complaint.number, when };
  const subject = {
    proposed: () => i18n._('Visit proposed for {number}: {when}', values),
    accepted: () => i18n._('Visit agreed for {number}: {when}', values),
    declined: () => i18n._('Visit time declined for {number}', values),
  }[what]();
  const line = {
    proposed: () => i18n._('the hostel team would like to come to your room about {number} on {when}. Accept it, or propose another time, on the portal.', values),
    accepted: () => i18n._('the hostel team accepted the time you proposed: they will come about {number} on {when}.', values),
    declined: () => i18n._('the hostel team cannot come at the time you proposed ({when}) for {number}. They will propose another.', values),
  }[what]();
  return paragraphsMail(subject, [greeting(r, complaint.fname), line], { url, text: i18n._('Answer on the portal') }, r);
}

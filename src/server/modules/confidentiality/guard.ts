import { ANONYMOUS_REPORT, ANONYMOUS_REPORTER } from '../../../shared/anonymous.js';
import { CONFIDENTIAL_STUDENT } from '../../../shared/staff.js';
import type { ComplaintRow } from '../../db/schema.js';

/**
 * The one place that decides what may be said about who filed a confidential (ragging) complaint.
 * Mail, bell notifications and staff views all pass through here instead of each call site
 * deciding for itself: a call site that forgets is exactly how an identity leaks.
 *
 * The reader is worked out from the addressees, never declared by the caller: only a message whose
 * every recipient is the student may carry the student's identity.
 */

type Subject = Pick<ComplaintRow, 'confidential' | 'userEmail' | 'regId' | 'fname' | 'studentId'> & {
  /** Filed without a name (decision 41): its student stands for every anonymous reporter and names nobody. */
  anonymous?: boolean | undefined;
};

const WITHHELD = '[withheld]';

/** The words that identify the student: address, its local part and its pieces, registration id, first name. */
export function identifyingWords(complaint: Subject): string[] {
  // The anonymous reporter's address is no one's: withholding "anonymous" would only garble the text.
  if (complaint.anonymous) return [];
  const email = complaint.userEmail.toLowerCase();
  const local = email.split('@')[0] ?? '';
  const words = new Set<string>([email, local, complaint.regId, complaint.fname, ...local.split(/[._+-]+/)]);
  // Very short pieces ("a", "jk") would withhold ordinary words without hiding anybody.
  return [...words].filter((w) => w.trim().length >= 3).sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every identifying word of the student replaced, for readers who may not know them. */
export function withholdIdentity(complaint: Subject, text: string): string {
  if (!complaint.confidential) return text;
  let out = text;
  for (const word of identifyingWords(complaint)) {
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu'), WITHHELD);
  }
  return out;
}

/** True when every address is the student's own. */
export function isStudentOnly(complaint: Subject, addresses: readonly string[]): boolean {
  const own = complaint.userEmail.toLowerCase();
  return addresses.length > 0 && addresses.every((a) => a.toLowerCase() === own);
}

export interface GuardedMail {
  to: string[];
  cc?: string[] | undefined;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail about a complaint as it may leave: for a confidential complaint going to anyone but the
 * student, no Reply-To (it would be the student's address) and no identifying word in any part.
 */
export function guardMail<M extends GuardedMail>(complaint: Subject, mail: M): M {
  if (!complaint.confidential || isStudentOnly(complaint, [...mail.to, ...(mail.cc ?? [])])) return mail;
  const { replyTo: _dropped, ...rest } = mail;
  return {
    ...rest,
    subject: withholdIdentity(complaint, mail.subject),
    text: withholdIdentity(complaint, mail.text),
    html: withholdIdentity(complaint, mail.html),
  } as M;
}

/** A bell notification's text as the given user may read it. */
export function guardNotification(complaint: Subject, recipientId: string, text: string): string {
  return recipientId === complaint.studentId ? text : withholdIdentity(complaint, text);
}

/** The student fields of a complaint as the staff console shows them. */
export function staffVisibleStudent(complaint: Subject): { fname: string; id: string; userEmail: string } {
  if (complaint.anonymous) return { fname: ANONYMOUS_REPORT, id: '', userEmail: ANONYMOUS_REPORT };
  return complaint.confidential
    ? { fname: CONFIDENTIAL_STUDENT, id: '', userEmail: CONFIDENTIAL_STUDENT }
    : { fname: complaint.fname, id: complaint.regId, userEmail: complaint.userEmail };
}

/**
 * Where the student of a confidential complaint lives, as the staff console shows it: nowhere. A
 * room (and its floor) narrows a reporter to the room's occupants, so it goes with the identity
 * and is given only by a reveal (decision 40: where it happened is asked separately).
 */
export function staffVisibleRoom(complaint: Pick<ComplaintRow, 'confidential' | 'floor' | 'roomNo'>): { floor: number; roomNo: string } {
  return complaint.confidential ? { floor: 0, roomNo: '' } : { floor: complaint.floor, roomNo: complaint.roomNo };
}

/** Who wrote a timeline entry, as the staff console shows it. */
export function staffVisibleAuthor(complaint: Subject, actorId: string | null, name: string): string {
  if (actorId === complaint.studentId) return complaint.anonymous ? ANONYMOUS_REPORTER : complaint.confidential ? CONFIDENTIAL_STUDENT : 'Student';
  return name;
}

/** The filer's full name as the staff console shows it (the detail's `studentName`, a merged duplicate's student). */
export function staffVisibleName(complaint: Subject, name: string): string {
  return complaint.confidential || complaint.anonymous ? staffVisibleStudent(complaint).fname : name;
}

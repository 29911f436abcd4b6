import { ANONYMOUS_REPORT, ANONYMOUS_REPORTER } from '../../../shared/anonymous.js';
import { CONFIDENTIAL_STUDENT, THE_REPORTER } from '../../../shared/staff.js';
import type { Reporter } from './reporter.js';

/*
 * The one projection of a complaint's reporter for a reader (issue 39, decision 63). Every output
 * that lets complaint data out — API answers and the staff console, CSV and PDF, mail, bell, push,
 * the audit and outbox views — asks here what its reader may see of who filed a confidential
 * report. The rule: the reporter sees themselves; the anti-ragging duty may know (the console
 * still asks for an audited reveal, where a reason is given); nobody else learns any of it, an
 * admin without the duty included. Where an output needs a place it gets the place the report
 * says it happened, never the reporter's room.
 */

/** Who reads: the reporter, someone on the anti-ragging duty, or anyone else. */
export type Audience = 'reporter' | 'duty' | 'others';

/** A signed-in reader, as far as the rule cares. */
export interface ReaderFacts {
  id: string;
  antiRagging: boolean;
}

export function audienceOf(reporter: Reporter, reader: ReaderFacts | null): Audience {
  if (reader && reader.id === reporter.studentId) return 'reporter';
  return reader?.antiRagging ? 'duty' : 'others';
}

/** Whether this reader may be told who filed (the audit and outbox views; the console asks for a reveal). */
export const mayKnowReporter = (reporter: Reporter, reader: ReaderFacts | null) => !reporter.confidential || reporter.anonymous || audienceOf(reporter, reader) !== 'others';

const WITHHELD = '[withheld]';

/** `text` with every identifying word of the reporter replaced, for readers who may not know them. */
export function withholdIdentity(reporter: Reporter, text: string): string {
  let out = text;
  for (const pattern of reporter.patterns) out = out.replace(pattern, WITHHELD);
  return out;
}

/** True when every address is the reporter's own. */
export function isReporterOnly(reporter: Reporter, addresses: readonly string[]): boolean {
  return addresses.length > 0 && addresses.every((a) => a.toLowerCase() === reporter.email);
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
 * A mail about a complaint as it may leave: the reader is worked out from the addressees, never
 * declared by the caller, and only a mail whose every recipient is the reporter may name them. To
 * anyone else: no Reply-To (it would be the reporter's address) and no identifying word in any part.
 */
export function guardMail<M extends GuardedMail>(reporter: Reporter, mail: M): M {
  if (!reporter.confidential || isReporterOnly(reporter, [...mail.to, ...(mail.cc ?? [])])) return mail;
  const { replyTo: _dropped, ...rest } = mail;
  return {
    ...rest,
    subject: withholdIdentity(reporter, mail.subject),
    text: withholdIdentity(reporter, mail.text),
    html: withholdIdentity(reporter, mail.html),
  } as M;
}

/** A bell's or a push's text as the given user reads it: only the reporter reads their own identity. */
export function guardNotification(reporter: Reporter, recipientId: string, text: string): string {
  return recipientId === reporter.studentId ? text : withholdIdentity(reporter, text);
}

/** The student fields of a complaint as the staff console shows them. */
export function staffVisibleStudent(reporter: Reporter, filed: { fname: string; regId: string; userEmail: string }): { fname: string; id: string; userEmail: string } {
  if (reporter.anonymous) return { fname: ANONYMOUS_REPORT, id: '', userEmail: ANONYMOUS_REPORT };
  return reporter.confidential ? { fname: CONFIDENTIAL_STUDENT, id: '', userEmail: CONFIDENTIAL_STUDENT } : { fname: filed.fname, id: filed.regId, userEmail: filed.userEmail };
}

/**
 * Where the reporter of a confidential complaint lives, as staff see it: nowhere. A room (and its
 * floor) narrows a reporter to the room's occupants, so it goes with the identity and is given only
 * by a reveal (decision 40: where it happened is asked separately).
 */
export function staffVisibleRoom(reporter: Reporter, filed: { floor: number; roomNo: string }): { floor: number; roomNo: string } {
  return reporter.confidential ? { floor: 0, roomNo: '' } : { floor: filed.floor, roomNo: filed.roomNo };
}

/** Who wrote a timeline entry, as staff see it: the reporter's own entries name no one. */
export function staffVisibleAuthor(reporter: Reporter, actorId: string | null, name: string): string {
  if (actorId !== reporter.studentId) return name;
  return reporter.anonymous ? ANONYMOUS_REPORTER : reporter.confidential ? THE_REPORTER : 'Student';
}

/** The filer's full name as staff see it (the detail's `studentName`, a merged duplicate's student). */
export function staffVisibleName(reporter: Reporter, name: string): string {
  return reporter.confidential || reporter.anonymous ? staffVisibleStudent(reporter, { fname: '', regId: '', userEmail: '' }).fname : name;
}

/** Someone who acted on a complaint, as a reader of the audit log sees them. */
export function actorFor<A extends { id: string; email: string; name: string }>(reporter: Reporter, reader: ReaderFacts | null, actor: A | null): A | { id: ''; email: ''; name: string } | null {
  if (!actor || actor.id !== reporter.studentId || mayKnowReporter(reporter, reader)) return actor;
  return { id: '', email: '', name: THE_REPORTER };
}

/** Any JSON (an audit entry's details) with the reporter's identity withheld from every string in it. */
export function withholdInJson(reporter: Reporter, value: unknown): unknown {
  if (typeof value === 'string') return withholdIdentity(reporter, value);
  if (Array.isArray(value)) return value.map((v) => withholdInJson(reporter, v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withholdInJson(reporter, v)]));
  return value;
}

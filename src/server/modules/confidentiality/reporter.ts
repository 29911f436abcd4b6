import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, type ComplaintRow, type UserRow } from '../../db/schema.js';

/*
 * Who filed a confidential (ragging) complaint, as the projection (projection.ts) needs to know it
 * to withhold it: the only code outside a reveal that reads the reporter's account for that. A
 * Reporter is made here and nowhere else, so an output that has not loaded one cannot call the
 * projection at all: forgetting the guard no longer compiles.
 */

/** The complaint columns a Reporter is made from. */
export type Filed = Pick<ComplaintRow, 'id' | 'confidential' | 'anonymous' | 'studentId' | 'userEmail' | 'regId' | 'fname' | 'roomNo' | 'floor' | 'placeText'>;

/** The account columns that identify its holder: every name it has had, its address, number and room. */
export type Account = Pick<UserRow, 'email' | 'name' | 'displayName' | 'formerNames' | 'regId' | 'placeRoom' | 'placeFloor'>;

declare const madeHere: unique symbol;

export interface Reporter {
  /** Only loadReporters and reporterOf make one. */
  readonly [madeHere]: true;
  readonly confidential: boolean;
  readonly anonymous: boolean;
  readonly studentId: string;
  /** The address the complaint was filed from, lower-cased: mail to it alone is mail to the reporter. */
  readonly email: string;
  /** Where the report says it happened (decision 40): what outputs that need a place may say. */
  readonly reportedPlace: string;
  /** What to withhold from text someone else reads, longest first; empty when nothing is confidential. */
  readonly patterns: readonly RegExp[];
}

/** Very short name pieces ("a", "jk") would withhold ordinary words without hiding anybody. */
const MIN_WORD = 3;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'giu');

/**
 * A phone number as people write one in a message: ten digits or more, in groups split by single
 * spaces or dashes, perhaps after a country code. Not a complaint number (HC-2026-000123: the
 * dash before it), a time or a date (too few digits together).
 */
const PHONE = /(?<![\p{L}\p{N}-])(?:\+\d{1,3}[\s-]?)?\d(?:[\s-]?\d){9,12}(?![\p{N}])/gu;

/** The words of a name, an address and its pieces, a registration number: what identifies a person. */
function wordsOf(account: { emails: string[]; names: string[]; regIds: string[] }): string[] {
  const words = new Set<string>();
  for (const email of account.emails) {
    const address = email.toLowerCase();
    const local = address.split('@')[0] ?? '';
    words.add(address);
    words.add(local);
    for (const piece of local.split(/[._+-]+/)) words.add(piece);
  }
  for (const name of account.names) for (const word of name.split(/[\s,()]+/u)) words.add(word.toLowerCase());
  for (const regId of account.regIds) words.add(regId.toLowerCase());
  return [...words].filter((w) => w.trim().length >= MIN_WORD);
}

/** The reporter of `complaint`, given what their account says (null: the account is not known, only the filing). */
export function reporterOf(complaint: Filed, account: Account | null): Reporter {
  const base = {
    confidential: complaint.confidential,
    anonymous: complaint.anonymous,
    studentId: complaint.studentId,
    email: complaint.userEmail.toLowerCase(),
    reportedPlace: complaint.placeText ?? '',
  };
  // The anonymous reporter's account is no one's (decision 41): there is nobody to withhold.
  if (!complaint.confidential || complaint.anonymous) return { ...base, patterns: [] } as unknown as Reporter;
  const words = wordsOf({
    emails: [complaint.userEmail, account?.email ?? ''],
    names: [complaint.fname, account?.name ?? '', account?.displayName ?? '', ...(account?.formerNames ?? [])],
    regIds: [complaint.regId, account?.regId ?? ''],
  }).sort((a, b) => b.length - a.length);
  // A room narrows a reporter to its occupants: the room filed and the room remembered.
  const rooms = [...new Set([complaint.roomNo, account?.placeRoom ?? ''].map((r) => r.trim()).filter((r) => r.length >= 2))];
  const floors = [...new Set([complaint.roomNo ? complaint.floor : null, account?.placeFloor ? Number(account.placeFloor) : null])].filter(
    (f): f is number => f !== null && Number.isInteger(f),
  );
  const patterns = [
    PHONE,
    ...words.map(wholeWord),
    ...rooms.map(wholeWord),
    // "floor 6", "6th floor": the floor goes with the room.
    ...floors.map((f) => new RegExp(`\\bfloor\\s+${f}\\b|\\b${f}(?:st|nd|rd|th)?\\s+floor\\b`, 'giu')),
  ];
  return { ...base, patterns } as unknown as Reporter;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  displayName: users.displayName,
  formerNames: users.formerNames,
  regId: users.regId,
  placeRoom: users.placeRoom,
  placeFloor: users.placeFloor,
};

/** The reporters of some complaints: one query for the confidential ones among them, none when there are none. */
export class Reporters {
  private constructor(private readonly byComplaint: ReadonlyMap<string, Reporter>) {}

  static async load(db: Pick<Db | Tx, 'select'>, complaints: readonly Filed[]): Promise<Reporters> {
    const confidential = complaints.filter((c) => c.confidential && !c.anonymous);
    const accounts = confidential.length
      ? await db
          .select(accountColumns)
          .from(users)
          .where(inArray(users.id, [...new Set(confidential.map((c) => c.studentId))]))
      : [];
    const byId = new Map(accounts.map((a) => [a.id, a]));
    return new Reporters(new Map(complaints.map((c) => [c.id, reporterOf(c, byId.get(c.studentId) ?? null)])));
  }

  /** The reporter of a complaint given to load(); a complaint it was not given is an error in the caller. */
  of(complaint: Pick<Filed, 'id'>): Reporter {
    const found = this.byComplaint.get(complaint.id);
    if (!found) throw new Error(`the reporter of complaint ${complaint.id} was not loaded`);
    return found;
  }
}

/** The reporter of one complaint. */
export async function loadReporter(db: Pick<Db | Tx, 'select'>, complaint: Filed): Promise<Reporter> {
  return (await Reporters.load(db, [complaint])).of(complaint);
}

import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  COMMITTEE_POSITIONS,
  compositionChecklist,
  type CommitteePosition,
  type CommitteeSetupView,
  type GrievanceSeat,
  type GrievanceSeats,
  type committeeSetupSchema,
} from '../../../shared/grievances.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { grievanceSeats, university, users, type GrievanceSeatRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { lockCount } from '../../lib/count-locks.js';
import { audit } from '../audit/index.js';

/*
 * The committee's seats and the Ombudsperson's (decision 73): a person acts in a seat because
 * their address is in it, needing no staff role. Removing the address ends what they may do at
 * once: every action reads the seat again in its own transaction.
 */

type Queryable = Pick<Db, 'select'>;
type CommitteeSetup = z.output<typeof committeeSetupSchema>;

const isCommittee = (seat: GrievanceSeat | undefined): seat is CommitteePosition => (COMMITTEE_POSITIONS as readonly string[]).includes(seat ?? '');

/** The seat a signed-in person holds, or null. */
export async function seatOf(db: Queryable, user: Pick<UserRow, 'email'>): Promise<GrievanceSeatRow | null> {
  const [row] = await db.select().from(grievanceSeats).where(eq(grievanceSeats.email, user.email.toLowerCase())).limit(1);
  return row ?? null;
}

/** Whether the person is the head of the institution the profile names (the second reminder goes to them). */
export async function isHead(db: Queryable, user: Pick<UserRow, 'email'>): Promise<boolean> {
  const [row] = await db.select({ headEmail: university.headEmail }).from(university).where(eq(university.id, 1));
  const head = row?.headEmail.trim().toLowerCase() ?? '';
  return head !== '' && head === user.email.toLowerCase();
}

export async function seatsOf(db: Queryable, user: Pick<UserRow, 'email'>): Promise<GrievanceSeats> {
  const [seat, head] = await Promise.all([seatOf(db, user), isHead(db, user)]);
  return { committee: isCommittee(seat?.seat) ? seat.seat : null, ombudsperson: seat?.seat === 'ombudsperson', head };
}

const notMember = () =>
  new AppError(403, 'not_committee_member', /*i18n*/ 'Only the members of the Student Grievance Redressal Committee can do this.');
const notOmbudsperson = () => new AppError(403, 'not_ombudsperson', /*i18n*/ 'Only the university’s Ombudsperson can do this.');

/** The member's seat, or 403: a non-member, a removed member or the Ombudsperson acting as the committee. */
export async function requireMember(db: Queryable, user: UserRow): Promise<GrievanceSeatRow & { seat: CommitteePosition }> {
  const seat = await seatOf(db, user);
  if (!seat || !isCommittee(seat.seat)) throw notMember();
  return { ...seat, seat: seat.seat };
}

/** A member who may hold hearings and issue the decision: the chair and the members, not the special invitee. */
export async function requireDecidingMember(db: Queryable, user: UserRow) {
  const seat = await requireMember(db, user);
  if (seat.seat === 'special_invitee') {
    throw new AppError(403, 'invitee_cannot_decide', /*i18n*/ 'A special invitee takes part in the committee’s work, but hearings and decisions are the chair’s and the members’.');
  }
  return seat;
}

/**
 * Someone who may read the committee's grievances: a member, or the head of the institution, whom
 * a missed clock reaches and who must be able to open what they were told about (reading only).
 */
export async function requireCommitteeReader(db: Queryable, user: UserRow): Promise<void> {
  const seat = await seatOf(db, user);
  if (seat && isCommittee(seat.seat)) return;
  if (!(await isHead(db, user))) throw notMember();
}

/** Someone who may read the appeals: the Ombudsperson, or the head of the institution (reading only). */
export async function requireAppealReader(db: Queryable, user: UserRow): Promise<void> {
  const seat = await seatOf(db, user);
  if (seat?.seat === 'ombudsperson') return;
  if (!(await isHead(db, user))) throw notOmbudsperson();
}

export async function requireOmbudsperson(db: Queryable, user: UserRow): Promise<GrievanceSeatRow> {
  const seat = await seatOf(db, user);
  if (seat?.seat !== 'ombudsperson') throw notOmbudsperson();
  return seat;
}

/** Everyone on the committee, chair first. */
export async function committeeSeats(db: Queryable): Promise<GrievanceSeatRow[]> {
  return db
    .select()
    .from(grievanceSeats)
    .where(inArray(grievanceSeats.seat, [...COMMITTEE_POSITIONS]))
    .orderBy(asc(grievanceSeats.position), asc(grievanceSeats.email));
}

export async function seatHolder(db: Queryable, seat: 'chair' | 'ombudsperson'): Promise<GrievanceSeatRow | null> {
  const [row] = await db.select().from(grievanceSeats).where(eq(grievanceSeats.seat, seat)).limit(1);
  return row ?? null;
}

/** The enabled accounts of the administrators: who hears of a missed clock when no one holds the seat. */
export async function adminAddresses(db: Queryable): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
  return rows.map((r) => r.email);
}

export async function committeeSetupView(db: Queryable): Promise<CommitteeSetupView> {
  const rows = await db.select().from(grievanceSeats).orderBy(asc(grievanceSeats.position), asc(grievanceSeats.email));
  const accounts = rows.length
    ? new Set(
        (
          await db
            .select({ email: users.email })
            .from(users)
            .where(and(inArray(users.email, rows.map((r) => r.email)), isNull(users.disabledAt)))
        ).map((u) => u.email),
      )
    : new Set<string>();
  const members = rows.flatMap((r) =>
    isCommittee(r.seat) ? [{ email: r.email, name: r.name, position: r.seat, woman: r.woman, reservedCategory: r.reservedCategory, signedUp: accounts.has(r.email) }] : [],
  );
  const ombudsperson = rows.find((r) => r.seat === 'ombudsperson');
  return {
    members,
    ombudsperson: ombudsperson ? { email: ombudsperson.email, name: ombudsperson.name, signedUp: accounts.has(ombudsperson.email) } : null,
    checklist: compositionChecklist({ members, ombudsperson }),
  };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** The problems of a setup, by field, as the form shows them; empty when it may be saved. */
function setupProblems(setup: CommitteeSetup, allowedDomains: readonly string[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Map<string, string>();
  const allowed = new Set(allowedDomains.map((d) => d.toLowerCase()));
  const check = (email: string, field: string) => {
    if (!allowed.has(domainOf(email))) problems[field] = /*i18n*/ 'Use an address of the university’s own domain';
    const earlier = seen.get(email);
    if (earlier) problems[field] = /*i18n*/ 'This address is given twice: a person holds one seat';
    else seen.set(email, field);
  };
  setup.members.forEach((m, i) => check(m.email, `members.${i}.email`));
  if (setup.ombudsperson) check(setup.ombudsperson.email, 'ombudsperson.email');
  const chairs = setup.members.flatMap((m, i) => (m.position === 'chair' ? [i] : []));
  for (const i of chairs.slice(1)) problems[`members.${i}.position`] = /*i18n*/ 'The committee has one chair';
  return problems;
}

/**
 * Saves the whole committee and the Ombudsperson at once (the admin console's one form), audited
 * with what it was before. Refused whole with 400 and every problem named: more than one chair, an
 * address outside the university's domains, the same address twice.
 */
export async function saveCommitteeSetup(db: Db, actor: UserRow, setup: CommitteeSetup, allowedDomains: readonly string[]): Promise<CommitteeSetupView> {
  const problems = setupProblems(setup, allowedDomains);
  if (Object.keys(problems).length) {
    const first = Object.values(problems)[0] ?? '';
    throw new AppError(400, 'invalid_committee', first, problems);
  }
  return db.transaction(async (tx) => {
    // Two admins saving at once: one after the other, each replacing the whole.
    await lockCount(tx, 'grievanceSeats');
    const before = await committeeSetupView(tx);
    await tx.delete(grievanceSeats);
    const rows = [
      ...setup.members.map((m, position) => ({ email: m.email, name: m.name, seat: m.position, woman: m.woman, reservedCategory: m.reservedCategory, position })),
      ...(setup.ombudsperson ? [{ email: setup.ombudsperson.email, name: setup.ombudsperson.name, seat: 'ombudsperson' as const, position: setup.members.length }] : []),
    ];
    if (rows.length) await tx.insert(grievanceSeats).values(rows);
    const after = await committeeSetupView(tx);
    await audit(tx, {
      actorId: actor.id,
      action: 'grievance.committee',
      targetType: 'grievance_committee',
      // The university has one committee, as it has one profile (its target is '1' too).
      targetId: '1',
      details: { before: withoutAccounts(before), after: withoutAccounts(after) },
    });
    return after;
  });
}

const withoutAccounts = (view: CommitteeSetupView) => ({
  members: view.members.map(({ signedUp: _signedUp, ...m }) => m),
  ombudsperson: view.ombudsperson ? { email: view.ombudsperson.email, name: view.ombudsperson.name } : null,
});


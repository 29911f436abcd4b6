import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { complaintFollowers, incidentFollowers, users, type ComplaintRow, type IncidentRow, type UserRow } from '../../db/schema.js';
import type { Reader } from '../../i18n/readers.js';
import { coveringWorkers } from '../access/index.js';
import { enqueueMail, incidentResolvedMail, type MailFor, type OutgoingMail } from '../mail/index.js';
import { notify, type BellText } from '../notifications/index.js';
import { newWorkMail } from '../mail/index.js';
import { mailOptions, staffUrl, studentUrl, type LifecycleContext } from './context.js';

/**
 * Who hears about a change to a complaint, and how: a mail and a bell notification, written in the
 * caller's transaction. This file, merge-notice.ts and the jobs beside it (escalation, digests) are the only code
 * that queues mail or rings a bell; tests/checks/lifecycle-boundary.test.ts keeps it so. Both pass
 * the confidentiality guard on their way (the outbox and the notifier apply it), so nothing here
 * decides what may be said about the student.
 *
 * The audiences, one rule each:
 * - the student, when the team or the portal acted (tellStudent);
 * - the students who follow a complaint they did not file ("Me too", or their duplicate merged into
 *   it), of every change of its status, whoever made it — never of its conversation: tellStudent
 *   passes its notice's `followers` words on to them, and a change the filer made reaches them
 *   through tellFollowers. Each gets a mail of their own, without the filer's name, room or words;
 * - the student whose duplicate staff merged into another complaint, once, held for the undo
 *   window (merge-notice.ts, which followers/merge.ts asks to take the held notice back when the
 *   merge is undone in time);
 * - the team, when the student acted — a reply, photos, a withdrawal, a confirmation, a reopening:
 *   the assignee when there is one, otherwise the routed facility address by mail and every worker
 *   whose scope covers the complaint by bell (tellTeam);
 * - every worker whose scope covers a new complaint (tellNewWork);
 * - a worker given a complaint by someone else (tellAssignee);
 * - everyone a notice's resolution concerns, once each: the students whose complaints it resolved,
 *   those who follow one of them and those who said it affects them too (tellNoticeResolved);
 * - people told by the jobs: escalations and digests (tellPeople, tellByMail).
 *
 * Each person's channels (settings page) apply here and in notify(): mail to a person whose mail is
 * off is not queued; the bell and push follow their own switches inside notify().
 */

export interface Notice {
  /** What the outbox row is for (status, reply, reopened, confirmed, assignment …). */
  purpose: string;
  /** The mail, written for each reader in their language (the outbox calls it once per language). */
  mail: MailFor;
  /** The bell notification's text (a quote of what someone wrote is cut to a preview after the guard). */
  bell: BellText;
}

/**
 * The addresses of `emails` that still want mail: people who turned their mail channel off on the
 * settings page are left out (the bell and push still reach them). Addresses that are not a
 * person's account (a facility's mailbox) always get theirs.
 */
export async function wantingMail(tx: Pick<Tx, 'select'>, emails: readonly string[]): Promise<string[]> {
  if (!emails.length) return [];
  const off = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails.map((e) => e.toLowerCase())), eq(users.notifyMail, false)));
  const quiet = new Set(off.map((o) => o.email));
  return emails.filter((e) => !quiet.has(e.toLowerCase()));
}

/**
 * Tells the student who filed the complaint, and with `followers` (a change of status) the students
 * who follow it, in words of their own.
 */
export async function tellStudent(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  notice: Notice & { followers?: Notice | undefined },
): Promise<void> {
  // An anonymous report's student is the sentinel user that stands for all of them: nobody to tell.
  if (!complaint.anonymous) {
    const to = await wantingMail(tx, [complaint.userEmail]);
    if (to.length) await enqueueMail(tx, [{ render: notice.mail, purpose: notice.purpose, complaint, to }], mailOptions(ctx));
    await notify(tx, complaint.studentId, complaint, notice.bell);
  }
  if (notice.followers) await tellFollowers(tx, ctx, complaint, notice.followers);
}

/**
 * Tells the students who follow a complaint someone else filed, by their channels: one mail each
 * (followers never see each other's addresses) and a bell whose link opens their follower view.
 * The complaint's follower_count says whether there is anyone to look for.
 */
export async function tellFollowers(tx: Tx, ctx: LifecycleContext, complaint: ComplaintRow, notice: Notice): Promise<void> {
  if (complaint.followerCount <= 0) return;
  const followers = await tx
    .select({ id: users.id, email: users.email })
    .from(complaintFollowers)
    .innerJoin(users, eq(users.id, complaintFollowers.userId))
    .where(and(eq(complaintFollowers.complaintId, complaint.id), isNull(users.disabledAt)));
  if (!followers.length) return;
  const to = await wantingMail(tx, followers.map((f) => f.email));
  if (to.length) {
    await enqueueMail(tx, to.map((address) => ({ render: notice.mail, purpose: notice.purpose, complaint, to: [address] })), mailOptions(ctx));
  }
  await notify(tx, followers.map((f) => f.id), complaint, notice.bell);
}

/**
 * A new complaint in someone's scope: every worker whose scope covers it hears by bell; those who
 * asked to hear of each one get a push and a mail (a digest job serves those who asked for a digest).
 */
export async function tellNewWork(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  /** Who covers it, when the caller's statement read them already (coveringWorkersColumn). */
  covering?: ReadonlyArray<Pick<UserRow, 'id' | 'email' | 'newWorkMail'>>,
): Promise<void> {
  const workers = covering ?? (await coveringWorkers(tx, complaint));
  const bell: BellText = (r) => {
    const c = r.local(complaint);
    const values = { head: c.complaintHead, sub: c.subCategory, hostel: c.hostel, number: c.number };
    return c.subCategory ? r.i18n._('New: {head} ({sub}) in {hostel} — {number}', values) : r.i18n._('New: {head} in {hostel} — {number}', values);
  };
  // newWorkMail is how much a worker wants to hear of new work: 'each' is a push and a mail per
  // complaint (as their channels allow), 'digest' a mail now and then, 'none' the bell alone.
  const each = workers.filter((w) => w.newWorkMail === 'each');
  await notify(tx, each.map((w) => w.id), complaint, bell);
  await notify(tx, workers.filter((w) => w.newWorkMail !== 'each').map((w) => w.id), complaint, bell, { push: false });
  const wantEach = await wantingMail(tx, each.map((w) => w.email));
  if (wantEach.length) {
    await enqueueMail(
      tx,
      wantEach.map((to) => ({ render: (r) => newWorkMail(complaint, staffUrl(ctx, complaint.number), r), purpose: 'new_work', complaint, to: [to] })),
      mailOptions(ctx),
    );
  }
}

/**
 * Tells the people working the complaint of something the student did: its assignee when it has
 * one, otherwise the facility address it was routed to (mail) and the workers whose scope covers it
 * (bell). `actorId` is not told about what they did themselves. The student's address may be
 * offered as Reply-To; the outbox removes it for a confidential complaint.
 */
export async function tellTeam(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  notice: Notice & { replyTo?: string },
  actorId: string | null,
): Promise<void> {
  const [assignee] = complaint.assigneeId
    ? await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.id, complaint.assigneeId), isNull(users.disabledAt)))
    : [];
  const to = assignee ? await wantingMail(tx, [assignee.email]) : complaint.toEmails;
  if (to.length) {
    await enqueueMail(
      tx,
      [{ render: notice.mail, purpose: notice.purpose, complaint, to, ...(notice.replyTo ? { replyTo: notice.replyTo } : {}) }],
      mailOptions(ctx),
    );
  }
  const listeners = assignee ? (assignee.id === actorId ? [] : [assignee.id]) : (await coveringWorkers(tx, complaint, { except: actorId })).map((w) => w.id);
  await notify(tx, listeners, complaint, notice.bell);
}

/**
 * Rings the bell of the people working the complaint, without mail (a visit time the student
 * proposed or answered): its assignee when it has one, otherwise every worker whose scope covers it.
 */
export async function bellTeam(tx: Tx, complaint: ComplaintRow, bell: BellText, actorId: string | null): Promise<void> {
  const [assignee] = complaint.assigneeId
    ? await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, complaint.assigneeId), isNull(users.disabledAt)))
    : [];
  const listeners = assignee ? (assignee.id === actorId ? [] : [assignee.id]) : (await coveringWorkers(tx, complaint, { except: actorId })).map((w) => w.id);
  await notify(tx, listeners, complaint, bell);
}

/** Tells a worker they were given a complaint; nobody is told of what they did themselves. */
export async function tellAssignee(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  assignee: { id: string; email: string },
  actorId: string,
  notice: Notice,
): Promise<void> {
  if (assignee.id === actorId) return;
  const to = await wantingMail(tx, [assignee.email]);
  if (to.length) await enqueueMail(tx, [{ render: notice.mail, purpose: notice.purpose, complaint, to }], mailOptions(ctx));
  await notify(tx, assignee.id, complaint, notice.bell);
}

/**
 * Tells the worker who had a complaint that it is no longer theirs (a colleague took it over, or
 * someone gave it to another): a bell and a push, no mail; nobody is told of what they did themselves.
 */
export async function tellFormerAssignee(tx: Tx, complaint: ComplaintRow, formerId: string, actorId: string, bell: BellText): Promise<void> {
  if (formerId === actorId || formerId === complaint.assigneeId) return;
  await notify(tx, formerId, complaint, bell);
}

/** Tells named people of a complaint (an escalation): one mail to all of them, a bell for each. */
export async function tellPeople(
  tx: Tx,
  ctx: LifecycleContext,
  complaint: ComplaintRow,
  people: ReadonlyArray<{ id: string; email: string }>,
  notice: Notice,
): Promise<void> {
  if (!people.length) return;
  const to = await wantingMail(tx, people.map((p) => p.email));
  if (to.length) await enqueueMail(tx, [{ render: notice.mail, purpose: notice.purpose, complaint, to }], mailOptions(ctx));
  await notify(tx, people.map((p) => p.id), complaint, notice.bell);
}

/**
 * A mail about no one complaint (a digest of new work, the insights figures) to one person, in the
 * caller's transaction. It names no student, so the guard has nothing to remove.
 */
export async function tellByMail(tx: Tx, ctx: LifecycleContext, to: string, mail: { render: MailFor; purpose: string }): Promise<void> {
  const wanted = await wantingMail(tx, [to]);
  if (wanted.length) await enqueueMail(tx, [{ ...mail, to: wanted }], mailOptions(ctx));
}

const quoted = (incident: Pick<IncidentRow, 'title'>) => `“${incident.title}”`;

interface Concerned {
  id: string;
  email: string;
  fname: string;
  own: ComplaintRow[];
  followed: ComplaintRow[];
}

/**
 * A notice resolved (incidents/writes.ts): everyone concerned is told exactly once, whichever ways it concerns them: one mail
 * each (if their mail is on; all in one outbox insert) naming their own complaints with links and
 * the ones they follow, and one bell and push each. The outbox and the notifier apply the
 * confidentiality guard as always. Returns how many people were concerned.
 */
export async function tellNoticeResolved(tx: Tx, ctx: LifecycleContext, incident: IncidentRow, resolved: ComplaintRow[]): Promise<number> {
  const ids = resolved.map((c) => c.id);
  const complaintFollowing = ids.length
    ? await tx
        .select({ id: users.id, email: users.email, fname: users.fname, complaintId: complaintFollowers.complaintId })
        .from(complaintFollowers)
        .innerJoin(users, eq(users.id, complaintFollowers.userId))
        .where(inArray(complaintFollowers.complaintId, ids))
    : [];
  const incidentFollowing = await tx
    .select({ id: users.id, email: users.email, fname: users.fname })
    .from(incidentFollowers)
    .innerJoin(users, eq(users.id, incidentFollowers.userId))
    .where(eq(incidentFollowers.incidentId, incident.id));

  const people = new Map<string, Concerned>();
  const person = (p: { id: string; email: string; fname: string }) => {
    let found = people.get(p.id);
    if (!found) {
      found = { id: p.id, email: p.email, fname: p.fname, own: [], followed: [] };
      people.set(p.id, found);
    }
    return found;
  };
  for (const c of resolved) person({ id: c.studentId, email: c.userEmail, fname: c.fname }).own.push(c);
  const byId = new Map(resolved.map((c) => [c.id, c]));
  for (const f of complaintFollowing) {
    const complaint = byId.get(f.complaintId);
    const p = person(f);
    if (complaint && !p.own.includes(complaint) && !p.followed.includes(complaint)) p.followed.push(complaint);
  }
  for (const f of incidentFollowing) person(f);
  const everyone = [...people.values()];
  if (!everyone.length) return 0;

  const wanting = new Set(await wantingMail(tx, everyone.map((p) => p.email)));
  const mails: OutgoingMail[] = everyone
    .filter((p) => wanting.has(p.email))
    .map((p) => {
      const about = p.own[0] ?? p.followed[0];
      const mail = {
        fname: p.fname,
        incident,
        note: incident.resolutionNote,
        own: p.own.map((c) => ({ number: c.number, url: studentUrl(ctx, c.number) })),
        followed: p.followed.map((c) => c.number),
        myComplaintsUrl: `${ctx.publicUrl}/my`,
      };
      return { render: (r: Reader) => incidentResolvedMail(mail, r), purpose: 'incident_resolved', to: [p.email], ...(about ? { complaint: about } : {}) };
    });
  if (mails.length) await enqueueMail(tx, mails, mailOptions(ctx));

  // One bell for all of them, in one notify() call: it rings one complaint's bell per call, and a
  // call per complaint (200 of them) cost seconds. The bell names the notice; each one's numbers
  // and links are in their mail, and their complaints wait on their home page to be confirmed.
  const bell: BellText = ({ i18n }) => ({ lead: `${i18n._('Resolved: {title}:', { title: quoted(incident) })} `, quote: incident.resolutionNote });
  await notify(tx, everyone.map((p) => p.id), null, bell);
  return everyone.length;
}

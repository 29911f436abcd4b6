import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_STATUSES, isOpenStatus, type AuditAction } from '../../../shared/constants.js';
import { RESOLVED_WITH_NOTICE } from '../../../shared/incidents.js';
import type { Db, Tx } from '../../db/client.js';
import {
  auditLog,
  complaintEvents,
  complaintFollowers,
  complaints,
  incidentFollowers,
  incidents,
  users,
  type ComplaintRow,
  type IncidentRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { incidentResolvedMail } from '../mail/index.js';
import { enqueueMail, type OutgoingMail } from '../mail/index.js';
import type { Reader } from '../../i18n/readers.js';
import { notify, type BellText } from '../notifications/index.js';
import { mailOptions, studentUrl, type LifecycleContext } from './context.js';
import { wantingMail } from './notices.js';

/*
 * Notices (incidents, decision 37): a known problem the team posted. An incident is not a
 * complaint — it has no student, no thread and no status of the state machine — but it changes
 * complaints (the link at filing, a link by hand, the resolution that resolves them) and tells
 * people, so those writes live here with the rest of the lifecycle. Posting, changing and taking a
 * notice down tell nobody; only its resolution does, once per person.
 */

const quoted = (incident: Pick<IncidentRow, 'title'>) => `“${incident.title}”`;

const notActive = (incident: Pick<IncidentRow, 'status'>) =>
  new AppError(
    409,
    'incident_not_active',
    incident.status === 'resolved' ? /*i18n*/ 'This notice is already resolved.' : /*i18n*/ 'This notice was taken down: it cannot be changed.',
  );

/** What a worker posts: where, what, and until when the team expects it to last. */
export type NewIncident = Pick<IncidentRow, 'hostel' | 'floors' | 'category' | 'title' | 'details' | 'endsAt'>;

/** Posts a notice: the row and its audit entry. Nobody is told; students see it where they look. */
export async function postIncident(tx: Tx, actorId: string, input: NewIncident): Promise<IncidentRow> {
  const [row] = await tx
    .insert(incidents)
    .values({ ...input, createdBy: actorId })
    .returning();
  if (!row) throw new Error('incident insert returned nothing');
  await audit(tx, {
    actorId,
    action: 'incident.create',
    targetType: 'incident',
    targetId: row.id,
    details: { hostel: row.hostel, floors: row.floors, category: row.category, title: row.title, endsAt: row.endsAt.toISOString() },
  });
  return row;
}

export type IncidentChanges = Partial<Pick<NewIncident, 'title' | 'details' | 'endsAt' | 'floors'>>;

const auditValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Changes an active notice's words, expected end or floors; the audit entry keeps before and after. */
export async function updateIncident(tx: Tx, incident: IncidentRow, actorId: string, changes: IncidentChanges): Promise<IncidentRow> {
  if (incident.status !== 'active') throw notActive(incident);
  const keys = (Object.keys(changes) as Array<keyof IncidentChanges>).filter((k) => changes[k] !== undefined);
  const [row] = await tx
    .update(incidents)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(incidents.id, incident.id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Notice not found.');
  await audit(tx, {
    actorId,
    action: 'incident.update',
    targetType: 'incident',
    targetId: incident.id,
    details: {
      before: Object.fromEntries(keys.map((k) => [k, auditValue(incident[k])])),
      after: Object.fromEntries(keys.map((k) => [k, auditValue(row[k])])),
    },
  });
  return row;
}

/**
 * A timeline entry on each given complaint that leaves its status as it is. Stamped with the clock,
 * not the transaction's start, so it follows the entries the same transaction wrote before it (the
 * filing's own).
 */
async function noteOnComplaints(
  tx: Tx,
  rows: ReadonlyArray<Pick<ComplaintRow, 'id' | 'status'>>,
  actorId: string | null,
  note: string,
): Promise<void> {
  if (!rows.length) return;
  await tx
    .insert(complaintEvents)
    .values(
      rows.map((c) => ({ complaintId: c.id, actorId, fromStatus: c.status, toStatus: c.status, kind: 'incident' as const, public: true, note, createdAt: sql`clock_timestamp()` })),
    );
}

/**
 * Takes a notice down (posted by mistake, or not an outage after all). Its complaints keep the
 * link for their history and stay open: each open one says so on its timeline. Nobody is told.
 */
export async function withdrawIncident(tx: Tx, incident: IncidentRow, actorId: string): Promise<IncidentRow> {
  if (incident.status !== 'active') throw notActive(incident);
  const [row] = await tx
    .update(incidents)
    .set({ status: 'withdrawn', updatedAt: new Date() })
    .where(eq(incidents.id, incident.id))
    .returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Notice not found.');
  const open = await tx
    .select({ id: complaints.id, status: complaints.status })
    .from(complaints)
    .where(and(eq(complaints.incidentId, incident.id), inArray(complaints.status, [...OPEN_STATUSES])));
  await noteOnComplaints(tx, open, actorId, `The notice ${quoted(incident)} was taken down: this complaint stays open and is worked on its own.`);
  await audit(tx, { actorId, action: 'incident.withdraw', targetType: 'incident', targetId: incident.id, details: { openComplaints: open.length } });
  return row;
}

/**
 * A worker links an open complaint of the notice's hostel and category to it (filed before the
 * notice went up, say). A confidential complaint is never linked: it is never resolved in bulk,
 * and it would count its student among those "affected". Linking it again is a no-op.
 */
export async function linkComplaint(tx: Tx, incident: IncidentRow, complaint: ComplaintRow, actorId: string): Promise<ComplaintRow> {
  if (incident.status !== 'active') throw notActive(incident);
  if (complaint.incidentId === incident.id) return complaint;
  if (complaint.confidential) {
    throw new AppError(409, 'confidential_complaint', /*i18n*/ 'A confidential complaint is never linked to a notice: it is worked on its own.');
  }
  if (!isOpenStatus(complaint.status)) {
    throw AppError.withValues(409, 'complaint_not_open', /*i18n*/ '{number} is not open: only open complaints can be linked to a notice.', () => ({
      number: complaint.number,
    }));
  }
  if (complaint.hostel !== incident.hostel || complaint.category !== incident.category) {
    const message = `${complaint.number} is not about this notice's category in ${incident.hostel}.`;
    throw new AppError(400, 'validation_failed', message, { number: message });
  }
  if (complaint.incidentId) {
    const [other] = await tx.select({ title: incidents.title, status: incidents.status }).from(incidents).where(eq(incidents.id, complaint.incidentId));
    if (other?.status === 'active') {
      throw AppError.withValues(409, 'already_linked', /*i18n*/ '{number} is linked to the notice {notice}: unlink it there first.', () => ({
        number: complaint.number,
        notice: quoted(other),
      }));
    }
  }
  const [row] = await tx.update(complaints).set({ incidentId: incident.id, updatedAt: new Date() }).where(eq(complaints.id, complaint.id)).returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  await noteOnComplaints(tx, [row], actorId, `Linked to the notice ${quoted(incident)}: resolving the notice resolves this complaint.`);
  await audit(tx, { actorId, action: 'incident.update', targetType: 'incident', targetId: incident.id, details: { linked: complaint.number } });
  return row;
}

/** Unlinks a complaint from an active notice: it is worked on its own again. */
export async function unlinkComplaint(tx: Tx, incident: IncidentRow, complaint: ComplaintRow, actorId: string): Promise<ComplaintRow> {
  if (incident.status !== 'active') throw notActive(incident);
  if (complaint.incidentId !== incident.id) throw AppError.withValues(404, 'not_found', /*i18n*/ '{number} is not linked to this notice.', () => ({ number: complaint.number }));
  const [row] = await tx.update(complaints).set({ incidentId: null, updatedAt: new Date() }).where(eq(complaints.id, complaint.id)).returning();
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');
  await noteOnComplaints(tx, [row], actorId, `No longer linked to the notice ${quoted(incident)}: it is worked on its own.`);
  await audit(tx, { actorId, action: 'incident.update', targetType: 'incident', targetId: incident.id, details: { unlinked: complaint.number } });
  return row;
}

// The words around the notice's title (quoted as `quoted` quotes it).
const FILED_UNDER = { before: 'Filed while the notice “', after: '” is up: the team knows, and resolving it resolves this complaint.' };

/**
 * At filing, the notice a new complaint goes under: the newest active one of its hostel and
 * category whose floors include its floor (or that has none), the same filter as
 * activeIncidentsFor. It is locked FOR SHARE until the filing commits, so a resolution running at
 * the same moment either finishes first (then the notice is no longer active and the complaint is
 * filed on its own) or waits and resolves it too. Confidential complaints are never linked. A part
 * of filing's one statement (filing.ts): found, locked and used there together.
 */
export const noticeToFileUnder = (db: Db) =>
  db
    .select({ id: incidents.id, title: incidents.title })
    .from(incidents)
    .where(
      and(
        sql`not ${sql.placeholder('confidential')}::boolean`,
        eq(incidents.status, 'active'),
        eq(incidents.hostel, sql.placeholder('hostel')),
        eq(incidents.category, sql.placeholder('category')),
        sql`(cardinality(${incidents.floors}) = 0 or ${sql.placeholder('floor')}::int = any(${incidents.floors}))`,
      ),
    )
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .limit(1)
    .for('share');

/**
 * The timeline entry of a complaint filed under a notice, as rows for complaint_events'
 * (complaint_id, actor_id, from_status, to_status, kind, public, note, created_at): none when the
 * statement's notice (the common table named `notice`) found nothing. Written after the filing's
 * own entry (clock_timestamp), so the timeline reads in that order.
 */
export const filedUnderNoticeEntry = (filed: string, notice: string) =>
  sql`select f.id, null::uuid, f.status, f.status, 'incident', true, ${FILED_UNDER.before}::text || n.title || ${FILED_UNDER.after}::text, clock_timestamp()
    from ${sql.identifier(filed)} f, ${sql.identifier(notice)} n`;


interface Concerned {
  id: string;
  email: string;
  fname: string;
  own: ComplaintRow[];
  followed: ComplaintRow[];
}

/**
 * Tells everyone concerned by a resolution exactly once, whichever ways it concerns them: one mail
 * each (if their mail is on; all in one outbox insert) naming their own complaints with links and
 * the ones they follow, and one bell and push each. The outbox and the notifier apply the
 * confidentiality guard as always. Returns how many people were concerned.
 */
async function tellResolution(tx: Tx, ctx: LifecycleContext, incident: IncidentRow, resolved: ComplaintRow[]): Promise<number> {
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

export interface IncidentResolution {
  incident: IncidentRow;
  /** The linked complaints it resolved. */
  resolved: ComplaintRow[];
  /** Different people told. */
  told: number;
}

/**
 * Resolves a notice in the caller's transaction (the notice row locked by the caller): every
 * linked complaint still open becomes 'resolved' in a few set-based statements — the rows, their
 * timeline entries and their audit entries, one statement each however many there are — then the
 * notice itself, then everyone concerned is told once (tellResolution). The statuses moved are
 * those the shared state machine lets the team resolve; a student may still reopen theirs.
 */
export async function resolveIncident(tx: Tx, ctx: LifecycleContext, incident: IncidentRow, actorId: string, note: string): Promise<IncidentResolution> {
  if (incident.status !== 'active') throw notActive(incident);
  const now = new Date();
  // Locked in id order, so two writers touching the same complaints queue instead of deadlocking.
  const open = await tx
    .select({ id: complaints.id, status: complaints.status })
    .from(complaints)
    .where(and(eq(complaints.incidentId, incident.id), inArray(complaints.status, [...RESOLVED_WITH_NOTICE])))
    .orderBy(asc(complaints.id))
    .for('update');
  const resolved = open.length
    ? await tx
        .update(complaints)
        .set({ status: 'resolved', resolvedAt: now, updatedAt: now })
        .where(inArray(complaints.id, open.map((c) => c.id)))
        .returning()
    : [];
  const fromOf = new Map(open.map((c) => [c.id, c.status]));
  const eventNote = `The notice ${quoted(incident)} is resolved: ${note}`;
  if (resolved.length) {
    await tx.insert(complaintEvents).values(
      resolved.map((c) => ({ complaintId: c.id, actorId, fromStatus: fromOf.get(c.id) ?? null, toStatus: 'resolved' as const, kind: 'status' as const, public: true, note: eventNote })),
    );
    const action: AuditAction = 'complaint.status';
    await tx.insert(auditLog).values(
      resolved.map((c) => ({
        actorId,
        action,
        targetType: 'complaint',
        targetId: c.number,
        details: { from: fromOf.get(c.id), to: 'resolved', note: eventNote, by: 'staff (notice)', incident: incident.id },
      })),
    );
  }
  const [done] = await tx
    .update(incidents)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: actorId, resolutionNote: note, updatedAt: now })
    .where(eq(incidents.id, incident.id))
    .returning();
  if (!done) throw new AppError(404, 'not_found', /*i18n*/ 'Notice not found.');
  const told = await tellResolution(tx, ctx, done, resolved);
  await audit(tx, {
    actorId,
    action: 'incident.resolve',
    targetType: 'incident',
    targetId: incident.id,
    details: { note, resolved: resolved.map((c) => c.number), told },
  });
  return { incident: done, resolved, told };
}

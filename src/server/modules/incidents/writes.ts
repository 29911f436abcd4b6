import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_STATUSES, isOpenStatus } from '../../../shared/constants.js';
import { RESOLVED_WITH_NOTICE } from '../../../shared/incidents.js';
import type { Tx } from '../../db/client.js';
import { complaints, incidents, type ComplaintRow, type IncidentRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { addToTimeline, changeComplaint, resolveTogether, resumeWaiting, tellNoticeResolved, type LifecycleContext } from '../lifecycle/index.js';

/*
 * Notices (incidents, decision 37): a known problem the team posted. An incident is not a
 * complaint — it has no student, no thread and no status of the state machine — so its rows are
 * this module's own. What a notice does to complaints (the link by hand, the resolution that
 * resolves them, a timeline entry) and whom its resolution tells are the lifecycle's, called here
 * in the same transaction (decision 68); the link at filing is filing's (lifecycle/filing-notice.ts).
 * Posting, changing and taking a notice down tell nobody; only its resolution does, once per person.
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
  await addToTimeline(
    tx,
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
  const row = await changeComplaint(tx, complaint.id, { incidentId: incident.id, updatedAt: new Date() });
  await noteOnComplaints(tx, [row], actorId, `Linked to the notice ${quoted(incident)}: resolving the notice resolves this complaint.`);
  await audit(tx, { actorId, action: 'incident.update', targetType: 'incident', targetId: incident.id, details: { linked: complaint.number } });
  return row;
}

/** Unlinks a complaint from an active notice: it is worked on its own again. */
export async function unlinkComplaint(tx: Tx, incident: IncidentRow, complaint: ComplaintRow, actorId: string): Promise<ComplaintRow> {
  if (incident.status !== 'active') throw notActive(incident);
  if (complaint.incidentId !== incident.id) throw AppError.withValues(404, 'not_found', /*i18n*/ '{number} is not linked to this notice.', () => ({ number: complaint.number }));
  const row = await changeComplaint(tx, complaint.id, { incidentId: null, updatedAt: new Date() });
  await noteOnComplaints(tx, [row], actorId, `No longer linked to the notice ${quoted(incident)}: it is worked on its own.`);
  await audit(tx, { actorId, action: 'incident.update', targetType: 'incident', targetId: incident.id, details: { unlinked: complaint.number } });
  return row;
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
 * notice itself, then everyone concerned is told once (the lifecycle's tellNoticeResolved). The
 * statuses moved are those the shared state machine lets the team resolve; a student may still
 * reopen theirs.
 */
export async function resolveIncident(tx: Tx, ctx: LifecycleContext, incident: IncidentRow, actorId: string, note: string): Promise<IncidentResolution> {
  if (incident.status !== 'active') throw notActive(incident);
  // The clock due times are counted on: "resolved within target" compares the two.
  const now = ctx.clock.now();
  // Locked in id order, so two writers touching the same complaints queue instead of deadlocking.
  const open = await tx
    .select({ id: complaints.id, status: complaints.status })
    .from(complaints)
    .where(and(eq(complaints.incidentId, incident.id), inArray(complaints.status, [...RESOLVED_WITH_NOTICE])))
    .orderBy(asc(complaints.id))
    .for('update');
  await resumeWaiting(tx, ctx, open.map((c) => c.id), actorId);
  const resolved = await resolveTogether(tx, open, {
    actorId,
    note: `The notice ${quoted(incident)} is resolved: ${note}`,
    by: 'staff (notice)',
    details: { incident: incident.id },
    at: now,
  });
  const [done] = await tx
    .update(incidents)
    .set({ status: 'resolved', resolvedAt: now, resolvedBy: actorId, resolutionNote: note, updatedAt: now })
    .where(eq(incidents.id, incident.id))
    .returning();
  if (!done) throw new AppError(404, 'not_found', /*i18n*/ 'Notice not found.');
  const told = await tellNoticeResolved(tx, ctx, done, resolved);
  await audit(tx, {
    actorId,
    action: 'incident.resolve',
    targetType: 'incident',
    targetId: incident.id,
    details: { note, resolved: resolved.map((c) => c.number), told },
  });
  return { incident: done, resolved, told };
}

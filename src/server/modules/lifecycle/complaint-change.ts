import { eq, inArray } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AuditAction, ComplaintStatus } from '../../../shared/constants.js';
import type { Tx } from '../../db/client.js';
import { auditLog, complaintEvents, complaints, type ComplaintRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/*
 * The lifecycle's core writes for other modules (decision 68): how they change a complaint's row or
 * add to its timeline. The modules that own something a complaint points at (notices, visits,
 * followers) keep their own tables and call these for the complaint's side, in the same
 * transaction, so "whatever changes a complaint goes through the lifecycle" stays one rule that a
 * check can hold (tests/checks/lifecycle-boundary.test.ts). A change of status goes through
 * applyTransition, which checks the state machine; these are for everything else a complaint
 * carries, and for a notice's resolution, which the state machine allows for each complaint it moves.
 */

/** What may be set on a complaint: its columns, each a value or an SQL expression of the row. */
export type ComplaintChange = PgUpdateSetSource<typeof complaints>;

/** A timeline entry as written (public for both sides, or internal to the team), each column a value or SQL. */
export type TimelineEntry = PgInsertValue<typeof complaintEvents>;

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'Complaint not found.');

/** Changes one complaint's row and returns it as it is now; a complaint that is gone is "not found". */
export async function changeComplaint(tx: Tx, complaintId: string, change: ComplaintChange): Promise<ComplaintRow> {
  const [row] = await tx.update(complaints).set(change).where(eq(complaints.id, complaintId)).returning();
  if (!row) throw notFound();
  return row;
}

/** Adds entries to complaints' timelines, in one statement however many there are. */
export async function addToTimeline(tx: Tx, entries: readonly TimelineEntry[]): Promise<void> {
  if (entries.length) await tx.insert(complaintEvents).values([...entries]);
}

/**
 * Resolves many complaints together (a notice's, decision 37), the rows locked by the caller and
 * each in a status the team may resolve: the rows, their timeline entries and their audit entries,
 * one statement each however many there are. Returns the complaints as they are now.
 */
export async function resolveTogether(
  tx: Tx,
  open: ReadonlyArray<{ id: string; status: ComplaintStatus }>,
  how: { actorId: string; note: string; by: string; details?: Record<string, unknown>; at?: Date },
): Promise<ComplaintRow[]> {
  if (!open.length) return [];
  const now = how.at ?? new Date();
  const resolved = await tx
    .update(complaints)
    .set({ status: 'resolved', resolvedAt: now, updatedAt: now })
    .where(inArray(complaints.id, open.map((c) => c.id)))
    .returning();
  const fromOf = new Map(open.map((c) => [c.id, c.status]));
  if (!resolved.length) return resolved;
  await addToTimeline(
    tx,
    resolved.map((c) => ({ complaintId: c.id, actorId: how.actorId, fromStatus: fromOf.get(c.id) ?? null, toStatus: 'resolved' as const, kind: 'status' as const, public: true, note: how.note })),
  );
  const action: AuditAction = 'complaint.status';
  await tx.insert(auditLog).values(
    resolved.map((c) => ({
      actorId: how.actorId,
      action,
      targetType: 'complaint',
      targetId: c.number,
      details: { from: fromOf.get(c.id), to: 'resolved', note: how.note, by: how.by, ...how.details },
    })),
  );
  return resolved;
}

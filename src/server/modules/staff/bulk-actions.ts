import { and, eq, inArray, sql } from 'drizzle-orm';
import { STATUS_LABELS } from '../../../shared/constants.js';
import { checkTransition } from '../../../shared/lifecycle.js';
import { BULK_ACTION_WORDS, bulkApplies, type BulkActionKind, type BulkResult } from '../../../shared/queue.js';
import type { Db, Tx } from '../../db/client.js';
import { bulkActions, complaints, users, type BulkActionRow, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { inScope, isWorker, loadScope, type Scope } from '../access/index.js';
import { audit } from '../audit/index.js';
import { applyTransition, assignComplaint, type LifecycleContext } from '../lifecycle/index.js';

/*
 * Bulk actions from the queue wait out their undo window before anything happens (decision 38):
 * scheduling stores a 'pending' row and nothing else — no complaint changes, no mail, no bell —
 * so an undo has nothing to take back. When the window is over, one instance claims the row and
 * runs it, each complaint in its own transaction through applyTransition or assignComplaint, with
 * the actor's rights and the complaint's state checked again at that moment. The bulk_actions rows
 * are the staff module's own; every change to a complaint is the lifecycle's (decision 68).
 */

/** A run that stopped (its instance died) is taken over after this long without progress. */
const STALE_RUN_MINUTES = 5;

/** A result as stored: with the complaint's id, so a run taken over never does a complaint twice. */
type StoredResult = BulkResult & { id: string };

const storedResults = (row: Pick<BulkActionRow, 'results'>): StoredResult[] => (Array.isArray(row.results) ? (row.results as StoredResult[]) : []);

/** The results as the API shows them (without the ids). */
export const publicResults = (row: Pick<BulkActionRow, 'results'>): BulkResult[] =>
  storedResults(row).map(({ number, outcome, message }) => ({ number, outcome, message }));

/**
 * Stores the action as 'pending', to run `undoMs` from now by the database's clock, with its audit
 * row. Nothing else is written: the complaints and the people they concern are untouched until it
 * runs. Returns the row and the database's time, so the caller can time its wake-up by that clock.
 */
export async function scheduleBulk(
  ctx: LifecycleContext,
  input: { actor: Pick<UserRow, 'id'>; action: BulkActionKind; note: string; complaints: ReadonlyArray<Pick<ComplaintRow, 'id' | 'number'>>; undoMs: number },
): Promise<{ row: BulkActionRow; now: Date }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkActions)
      .values({
        actorId: input.actor.id,
        action: input.action,
        note: input.note,
        complaintIds: input.complaints.map((c) => c.id),
        status: 'pending',
        runAt: sql`now() + make_interval(secs => ${input.undoMs / 1000})`,
      })
      .returning();
    if (!row) throw new Error('bulk action not stored');
    await audit(tx, {
      actorId: input.actor.id,
      action: 'bulk.schedule',
      targetType: 'bulk_action',
      targetId: row.id,
      details: { action: input.action, note: input.note, numbers: input.complaints.map((c) => c.number), runAt: row.runAt.toISOString() },
    });
    return { row, now: await databaseNow(tx) };
  });
}

/** The database's clock: windows are timed by it, never by an instance's own. */
export async function databaseNow(db: Pick<Db, 'execute'>): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  // A Date from pg, a Date or text from PGlite (its parsers decide).
  const [row] = (result as { rows: Array<{ now: Date | string }> }).rows;
  return new Date(row?.now ?? Date.now());
}

/**
 * Undoes an action that is still waiting: it becomes 'cancelled' and will never run. Only its actor
 * may; anyone else's is "not found". Undoing one already undone answers as it is; one that has begun
 * running is a 409 (each change it made is a complaint's own to undo).
 */
export async function undoBulk(ctx: LifecycleContext, actor: Pick<UserRow, 'id'>, id: string): Promise<{ row: BulkActionRow; now: Date }> {
  return ctx.db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(bulkActions)
      .set({ status: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(bulkActions.id, id), eq(bulkActions.actorId, actor.id), eq(bulkActions.status, 'pending')))
      .returning();
    if (cancelled) {
      await audit(tx, {
        actorId: actor.id,
        action: 'bulk.undo',
        targetType: 'bulk_action',
        targetId: id,
        details: { action: cancelled.action, complaints: cancelled.complaintIds.length },
      });
      return { row: cancelled, now: await databaseNow(tx) };
    }
    const row = await ownBulk(tx, actor, id);
    if (row.status === 'cancelled') return { row, now: await databaseNow(tx) };
    throw new AppError(409, 'bulk_already_running', /*i18n*/ 'Too late to undo: it has already run. Change each complaint back on its own page if you need to.');
  });
}

/** The actor's own bulk action, or 404 (someone else's is not theirs to see). */
export async function ownBulk(db: Pick<Db, 'select'>, actor: Pick<UserRow, 'id'>, id: string): Promise<BulkActionRow> {
  const [row] = await db.select().from(bulkActions).where(and(eq(bulkActions.id, id), eq(bulkActions.actorId, actor.id))).limit(1);
  if (!row) throw new AppError(404, 'not_found', /*i18n*/ 'That bulk action was not found.');
  return row;
}

/**
 * Claims what is due for this instance alone: waiting actions whose window is over, and runs that
 * stopped making progress (their instance went away). One UPDATE each: of several instances asking
 * at once, exactly one gets a row.
 */
async function claimDue(db: Db): Promise<BulkActionRow[]> {
  const due = await db
    .update(bulkActions)
    .set({ status: 'running', updatedAt: sql`now()` })
    .where(and(eq(bulkActions.status, 'pending'), sql`${bulkActions.runAt} <= now()`))
    .returning();
  const stalled = await db
    .update(bulkActions)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(bulkActions.status, 'running'), sql`${bulkActions.updatedAt} < now() - make_interval(mins => ${STALE_RUN_MINUTES})`))
    .returning();
  return [...due, ...stalled];
}

/** Runs every due bulk action this instance can claim; returns how many it ran. */
export async function runDueBulkActions(ctx: LifecycleContext): Promise<number> {
  const claimed = await claimDue(ctx.db);
  for (const row of claimed) await runBulk(ctx, row);
  return claimed.length;
}

/** Who may still act at run time: a worker whose account is not disabled, with their scope as it is now. */
async function actorNow(db: Db, actorId: string): Promise<{ actor: UserRow; scope: Scope } | null> {
  const [actor] = await db.select().from(users).where(eq(users.id, actorId)).limit(1);
  if (!actor || !isWorker(actor) || actor.disabledAt) return null;
  return { actor, scope: await loadScope(db, actor) };
}

const label = (status: ComplaintRow['status']) => STATUS_LABELS[status].toLowerCase();

/**
 * What the action does to one complaint, in its transaction with the row locked: checked against
 * the complaint as it is now (someone may have moved it, or taken it, during the window) and the
 * actor's scope as it is now, then done through the lifecycle like the console's own buttons.
 */
async function actOn(
  tx: Tx,
  ctx: LifecycleContext,
  row: BulkActionRow,
  who: { actor: UserRow; scope: Scope } | null,
  complaint: ComplaintRow,
): Promise<Omit<BulkResult, 'number'>> {
  const action = row.action as BulkActionKind;
  const words = BULK_ACTION_WORDS[action];
  if (!who) return { outcome: 'skipped', message: 'Not changed: you no longer work complaints.' };
  if (!inScope(who.scope, complaint)) return { outcome: 'skipped', message: 'Not changed: it is no longer in your categories and hostels.' };
  if (!bulkApplies(action, complaint.status, complaint.assigneeId !== null)) {
    if (action === 'take') {
      const why = complaint.assigneeId === who.actor.id ? 'it is yours already' : complaint.assigneeId ? 'someone else has it now' : `it is ${label(complaint.status)} now`;
      return { outcome: 'skipped', message: `Not taken: ${why}.` };
    }
    return { outcome: 'skipped', message: `Not ${words.done}: it is ${label(complaint.status)} now.` };
  }
  if (action === 'take') {
    await assignComplaint(tx, ctx, complaint, who.actor, who.actor, 'took it in bulk');
    return { outcome: 'done', message: 'Taken: it is yours now.' };
  }
  const check = checkTransition(complaint.status, action, 'staff', row.note);
  if (!check.ok) return { outcome: 'skipped', message: `Not ${words.done}: a reason is needed.` };
  const updated = await applyTransition(tx, ctx, complaint, { kind: 'staff', id: who.actor.id, via: 'console' }, action, row.note);
  // As from the console: whoever acknowledges an unassigned complaint has taken it.
  if (action === 'acknowledged' && updated.assigneeId === null) {
    await assignComplaint(tx, ctx, updated, who.actor, who.actor, 'took it by acknowledging');
    return { outcome: 'done', message: 'Acknowledged: it is yours now.' };
  }
  return { outcome: 'done', message: `${STATUS_LABELS[action]}: the student was told.` };
}

/** Appends one complaint's result (and shows progress, which keeps the run from looking stalled). */
async function record(tx: Tx, bulkId: string, result: StoredResult): Promise<void> {
  await tx
    .update(bulkActions)
    .set({ results: sql`coalesce(${bulkActions.results}, '[]'::jsonb) || ${JSON.stringify([result])}::jsonb`, updatedAt: sql`now()` })
    .where(eq(bulkActions.id, bulkId));
}

/**
 * Runs a claimed action: each complaint in its own transaction, which locks the action's row
 * first, so a complaint is done and recorded together, exactly once, even when a stalled run is
 * taken over while the first one wakes up again.
 */
async function runBulk(ctx: LifecycleContext, row: BulkActionRow): Promise<void> {
  const who = await actorNow(ctx.db, row.actorId);
  const numbers = new Map(
    (await ctx.db.select({ id: complaints.id, number: complaints.number }).from(complaints).where(inArray(complaints.id, row.complaintIds))).map((c) => [
      c.id,
      c.number,
    ]),
  );
  for (const complaintId of row.complaintIds) {
    const number = numbers.get(complaintId) ?? '';
    try {
      await ctx.transaction(async (tx) => {
        const [held] = await tx.select().from(bulkActions).where(eq(bulkActions.id, row.id)).for('update');
        if (held?.status !== 'running' || storedResults(held).some((r) => r.id === complaintId)) return;
        const [complaint] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update');
        const result = complaint ? await actOn(tx, ctx, row, who, complaint) : { outcome: 'skipped' as const, message: 'Not changed: it no longer exists.' };
        await record(tx, row.id, { id: complaintId, number, ...result });
      });
    } catch (error) {
      // A refusal from the lifecycle (the complaint changed in a way the checks above did not
      // foresee) is this complaint's result; anything else stops the run, to be taken over later.
      if (!(error instanceof AppError)) throw error;
      await ctx.db.transaction(async (tx) => {
        const [held] = await tx.select().from(bulkActions).where(eq(bulkActions.id, row.id)).for('update');
        if (held?.status !== 'running' || storedResults(held).some((r) => r.id === complaintId)) return;
        await record(tx, row.id, { id: complaintId, number, outcome: 'skipped', message: `Not changed: ${error.message}` });
      });
    }
  }
  await ctx.db
    .update(bulkActions)
    .set({ status: 'done', finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bulkActions.id, row.id), eq(bulkActions.status, 'running')));
}

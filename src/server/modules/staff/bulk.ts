import { and, inArray } from 'drizzle-orm';
import { bulkApplies, type BulkAction, type BulkActionKind, type BulkRequest } from '../../../shared/queue.js';
import { valued } from '../../../shared/valued-message.js';
import type { Db } from '../../db/client.js';
import { complaints, type BulkActionRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { isWorker, loadScope, scopeCondition } from '../access/index.js';
import { databaseNow, ownBulk, publicResults, scheduleBulk, undoBulk } from './bulk-actions.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import type { BulkRunner } from './bulk-runner.js';

const refuseNonWorker = (actor: UserRow) => {
  if (!isWorker(actor)) throw new AppError(403, 'forbidden', /*i18n*/ 'You are not allowed to do that.');
};

/** The action as the API shows it: the complaints by number in the order chosen, and the server's time. */
async function toView(db: Pick<Db, 'select'>, row: BulkActionRow, now: Date): Promise<BulkAction> {
  const found = await db.select({ id: complaints.id, number: complaints.number }).from(complaints).where(inArray(complaints.id, row.complaintIds));
  const numberOf = new Map(found.map((c) => [c.id, c.number]));
  return {
    id: row.id,
    action: row.action as BulkActionKind,
    note: row.note,
    status: row.status,
    numbers: row.complaintIds.flatMap((id) => numberOf.get(id) ?? []),
    runAt: row.runAt.toISOString(),
    now: now.toISOString(),
    results: publicResults(row),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Why a bulk action is refused outright, a whole sentence per action (issue 28): translated by the error handler. */
const NOTHING_APPLIES: Record<BulkActionKind, string> = {
  acknowledged: /*i18n*/ 'None of them can be acknowledged as they are now.',
  in_progress: /*i18n*/ 'None of them can be started as they are now.',
  resolved: /*i18n*/ 'None of them can be resolved as they are now.',
  rejected: /*i18n*/ 'None of them can be rejected as they are now.',
  take: /*i18n*/ 'None of them can be taken as they are now.',
};

/**
 * Schedules a bulk action on complaints in the actor's scope (any other number is "not found"). At
 * least one of them must allow it now; those that do not are left as they are when it runs, each
 * with its reason in the results. Nothing changes and nobody is told until the undo window is over.
 */
export async function scheduleBulkAction(ctx: LifecycleContext, runner: Pick<BulkRunner, 'wake' | 'undoMs'>, actor: UserRow, request: BulkRequest): Promise<BulkAction> {
  refuseNonWorker(actor);
  if (request.action === 'rejected' && request.note === '') {
    throw new AppError(400, 'validation_failed', /*i18n*/ 'Give a reason to reject: every student is told it.', { note: /*i18n*/ 'Give a reason to reject' });
  }
  const numbers = [...new Set(request.numbers)];
  const scope = await loadScope(ctx.db, actor);
  const rows = await ctx.db.select().from(complaints).where(and(inArray(complaints.number, numbers), scopeCondition(scope, complaints)));
  const byNumber = new Map(rows.map((c) => [c.number, c]));
  const missing = numbers.filter((n) => !byNumber.has(n));
  if (missing.length) {
    throw AppError.withValues(404, 'not_found', /*i18n*/ 'Not found: {numbers}.', () => ({ numbers: missing.join(', ') }), {
      numbers: valued(/*i18n*/ 'not found: {numbers}', { numbers: missing.join(', ') }),
    });
  }
  const chosen = numbers.flatMap((n) => byNumber.get(n) ?? []);
  if (!chosen.some((c) => bulkApplies(request.action, c.status, c.assigneeId !== null))) {
    throw new AppError(409, 'nothing_applies', NOTHING_APPLIES[request.action]);
  }
  const { row, now } = await scheduleBulk(ctx, { actor, action: request.action, note: request.note, complaints: chosen, undoMs: runner.undoMs });
  runner.wake(row.runAt.getTime() - now.getTime());
  return toView(ctx.db, row, now);
}

/** Undoes the actor's own action while it waits (409 once it has begun). */
export async function undoBulkAction(ctx: LifecycleContext, actor: UserRow, id: string): Promise<BulkAction> {
  refuseNonWorker(actor);
  const { row, now } = await undoBulk(ctx, actor, id);
  return toView(ctx.db, row, now);
}

/** Where the actor's own action is: waiting, running, done with what happened to each complaint, or undone. */
export async function bulkActionStatus(db: Db, actor: UserRow, id: string): Promise<BulkAction> {
  refuseNonWorker(actor);
  const row = await ownBulk(db, actor, id);
  return toView(db, row, await databaseNow(db));
}

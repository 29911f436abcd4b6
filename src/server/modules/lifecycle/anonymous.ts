import { and, eq } from 'drizzle-orm';
import { ANONYMOUS_REPORTER_EMAIL } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/client.js';
import { complaints, users, type ComplaintRow, type UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { LifecycleContext } from './context.js';
import { recordFiling, type FilingOptions, type NewComplaint } from './filing.js';
import { alreadyWritten, recordReply } from './replies.js';

/*
 * Anonymous ragging reports through the lifecycle (decision 41). Every one is filed under the one
 * anonymous reporter of migration 0021: a disabled user with every channel off, whom the lifecycle
 * never tells anything (tellStudent skips an anonymous complaint's student). So the filing and the
 * reporter's replies are the ordinary ones — the committee's mail, the duty's bells, the audit and
 * the timeline — with nobody behind them.
 */

/** The anonymous reporter (migration 0021). Its absence is a database without migrations, not a user error. */
export async function anonymousReporter(db: Pick<Db, 'select'>): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.email, ANONYMOUS_REPORTER_EMAIL)).limit(1);
  if (!row) throw new Error('the anonymous reporter is missing: migrations did not run');
  return row;
}

/**
 * Files an anonymous report: recordFiling under the anonymous reporter, so the committee hears of
 * it as of any ragging report (the guard has no identity to withhold) and no acknowledgement goes
 * anywhere. `input.anonymous` carries the tracking code and the secret's hash.
 */
export async function recordAnonymousFiling(
  ctx: LifecycleContext,
  input: NewComplaint & { anonymous: NonNullable<NewComplaint['anonymous']> },
  opts: Omit<FilingOptions, 'photoIds'>,
): Promise<ComplaintRow> {
  // A report with no name is always confidential: the place and the words are all there is.
  return recordFiling(ctx, await anonymousReporter(ctx.db), { ...input, confidential: true }, { ...opts, photoIds: [] });
}

/** The anonymous report with this tracking code, locked for a change; anything else is "not found". */
async function lockReport(tx: Tx, trackingCode: string): Promise<ComplaintRow> {
  const [complaint] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.trackingCode, trackingCode), eq(complaints.anonymous, true)))
    .for('update')
    .limit(1);
  if (!complaint) throw new AppError(404, 'not_found', /*i18n*/ 'No report matches this tracking code.');
  return complaint;
}

/**
 * The reporter answers in the thread: recordReply as the report's student (the anonymous
 * reporter), so the duty and the committee are told as of any student's reply, and a finished
 * report refuses it with the student's rule. A retry with the same key writes nothing more.
 */
export function recordAnonymousReply(ctx: LifecycleContext, trackingCode: string, text: string, idempotencyKey: string | undefined): Promise<ComplaintRow> {
  return ctx.transaction(async (tx) => {
    const complaint = await lockReport(tx, trackingCode);
    if (await alreadyWritten(tx, complaint, complaint.studentId, idempotencyKey)) return complaint;
    return recordReply(tx, ctx, complaint, { kind: 'student', id: complaint.studentId }, text, { idempotencyKey });
  });
}

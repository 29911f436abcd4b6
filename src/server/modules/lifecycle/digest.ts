import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { OPEN_STATUSES } from '../../../shared/constants.js';
import { complaints, oneOf, users } from '../../db/schema.js';
import { newWorkDigestMail } from '../mail/index.js';
import { loadScope, scopeCondition } from '../access/index.js';
import type { LifecycleContext } from './context.js';
import { tellByMail } from './notices.js';

/** At most this many complaints are listed in one digest; the console has the rest. */
const DIGEST_MAX_ITEMS = 50;

/**
 * Mails each worker who asked for a digest of new work the complaints filed in their scope since
 * their last one, every `digest_hours`. People are claimed with SKIP LOCKED and their
 * `last_digest_at` moves in the same transaction as the mail is queued, so no digest goes twice.
 * Lists numbers, categories and places only: no complaint text, nothing about who filed.
 */
export async function sendNewWorkDigests(ctx: LifecycleContext, batch = 50): Promise<number> {
  return ctx.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(users)
      .where(
        and(
          eq(users.newWorkMail, 'digest'),
          inArray(users.role, ['staff', 'warden']),
          isNull(users.disabledAt),
          or(isNull(users.lastDigestAt), sql`${users.lastDigestAt} + make_interval(hours => ${users.digestHours}) <= now()`),
        ),
      )
      .limit(batch)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const person of due) {
      const since = person.lastDigestAt ?? new Date(Date.now() - person.digestHours * 3_600_000);
      const scope = await loadScope(tx, person);
      const items = await tx
        .select()
        .from(complaints)
        .where(and(scopeCondition(scope, complaints), gt(complaints.createdAt, since), oneOf(complaints.status, OPEN_STATUSES)))
        .orderBy(asc(complaints.createdAt))
        .limit(DIGEST_MAX_ITEMS);
      if (items.length) {
        await tellByMail(tx, ctx, person.email, { render: (r) => newWorkDigestMail(items, person.digestHours, `${ctx.publicUrl}/staff`, r), purpose: 'digest' });
        sent += 1;
      }
      await tx.update(users).set({ lastDigestAt: new Date() }).where(eq(users.id, person.id));
    }
    return sent;
  });
}

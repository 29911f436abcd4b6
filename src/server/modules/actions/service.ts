import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { actionTokens, complaints, type ComplaintRow } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { transitionByLink, type LifecycleContext } from '../staff/service.js';

export type LinkAction = 'acknowledge' | 'resolve';
type Queryable = Pick<Db, 'insert'>;

export const ACTION_TARGET: Record<LinkAction, 'acknowledged' | 'resolved'> = { acknowledge: 'acknowledged', resolve: 'resolved' };
export const ACTION_LABEL: Record<LinkAction, string> = { acknowledge: 'Acknowledge', resolve: 'Mark resolved' };

/** Makes one-click links for a facility mail; only the hashes are stored. */
export async function createActionLinks(
  db: Queryable,
  complaintId: string,
  opts: { publicUrl: string; ttlMs: number },
): Promise<Record<LinkAction, string>> {
  const expiresAt = new Date(Date.now() + opts.ttlMs);
  const links = {} as Record<LinkAction, string>;
  const rows = (['acknowledge', 'resolve'] as const).map((action) => {
    const token = randomToken(32);
    links[action] = `${opts.publicUrl}/act/${token}`;
    return { id: sha256(token), complaintId, action, expiresAt };
  });
  await db.insert(actionTokens).values(rows);
  return links;
}

export type LinkState =
  | { ok: true; action: LinkAction; complaint: ComplaintRow }
  | { ok: false; reason: 'unknown' | 'spent' | 'expired'; complaint?: ComplaintRow };

/** What a link would do, without doing it (the confirmation page). */
export async function inspectLink(db: Db, token: string): Promise<LinkState> {
  const [row] = await db
    .select({ token: actionTokens, complaint: complaints })
    .from(actionTokens)
    .innerJoin(complaints, eq(complaints.id, actionTokens.complaintId))
    .where(eq(actionTokens.id, sha256(token)))
    .limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.token.spentAt) return { ok: false, reason: 'spent', complaint: row.complaint };
  if (row.token.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired', complaint: row.complaint };
  return { ok: true, action: row.token.action as LinkAction, complaint: row.complaint };
}

/** Spends the link and moves the complaint, in one transaction; a second use finds it spent. */
export async function useLink(ctx: LifecycleContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(actionTokens).where(eq(actionTokens.id, sha256(token))).for('update').limit(1);
    if (!row) return { ok: false as const, reason: 'unknown' as const };
    if (row.spentAt) return { ok: false as const, reason: 'spent' as const };
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false as const, reason: 'expired' as const };
    const action = row.action as LinkAction;
    const complaint = await transitionByLink(tx, ctx, row.complaintId, ACTION_TARGET[action]);
    // Both links of a complaint are single-purpose; this one is now used.
    await tx.update(actionTokens).set({ spentAt: new Date() }).where(eq(actionTokens.id, row.id));
    return { ok: true as const, action, complaint };
  });
}

import { eq } from 'drizzle-orm';
import type { ComplaintStatus, LinkAction } from '../../../shared/constants.js';
import { checkTransition } from '../../../shared/lifecycle.js';
import type { Db } from '../../db/client.js';
import { actionTokens, complaints, type ComplaintRow } from '../../db/schema.js';
import { sha256 } from '../../lib/tokens.js';
import type { LifecycleContext } from '../lifecycle/index.js';
import { transitionByLink } from '../lifecycle/index.js';

export type { LinkAction };

export const ACTION_TARGET: Record<LinkAction, 'acknowledged' | 'resolved'> = { acknowledge: 'acknowledged', resolve: 'resolved' };
export const ACTION_LABEL: Record<LinkAction, string> = { acknowledge: 'Acknowledge', resolve: 'Mark resolved' };

/** A link is usable only while the lifecycle allows its transition from the complaint's current status. */
export const linkAllowed = (status: ComplaintStatus, action: LinkAction) =>
  checkTransition(status, ACTION_TARGET[action], 'staff', '').ok;

export type LinkState =
  | { ok: true; action: LinkAction; complaint: ComplaintRow }
  | { ok: false; reason: 'unknown' | 'spent' | 'expired'; complaint?: ComplaintRow }
  /** The complaint moved on (acknowledged in the console, resolved, closed…): the link's action is no longer possible. */
  | { ok: false; reason: 'not_allowed'; action: LinkAction; complaint: ComplaintRow };

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
  const { action } = row.token;
  if (!linkAllowed(row.complaint.status, action)) return { ok: false, reason: 'not_allowed', action, complaint: row.complaint };
  return { ok: true, action, complaint: row.complaint };
}

export type LinkUse =
  | { ok: true; action: LinkAction; complaint: ComplaintRow }
  | { ok: false; reason: 'unknown' | 'spent' | 'expired' }
  | { ok: false; reason: 'not_allowed'; action: LinkAction; complaint: ComplaintRow };

/**
 * Spends the link and moves the complaint, in one transaction; a second use finds it spent. With the
 * link and the complaint locked, the lifecycle decides: when the transition is no longer allowed
 * nothing is written (no status, mail or notification) and the link stays unspent.
 */
export async function useLink(ctx: LifecycleContext, token: string): Promise<LinkUse> {
  return ctx.transaction(async (tx): Promise<LinkUse> => {
    const [row] = await tx.select().from(actionTokens).where(eq(actionTokens.id, sha256(token))).for('update').limit(1);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.spentAt) return { ok: false, reason: 'spent' };
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    const { action } = row;
    const result = await transitionByLink(tx, ctx, row.complaintId, ACTION_TARGET[action]);
    if (!result.changed) return { ok: false, reason: 'not_allowed', action, complaint: result.complaint };
    // Both links of a complaint are single-purpose; this one is now used.
    await tx.update(actionTokens).set({ spentAt: new Date() }).where(eq(actionTokens.id, row.id));
    return { ok: true, action, complaint: result.complaint };
  });
}

import { eq, sql } from 'drizzle-orm';
import { LINK_ACTIONS, type ComplaintStatus, type LinkAction } from '../../../shared/constants.js';
import { checkTransition } from '../../../shared/lifecycle.js';
import type { Db } from '../../db/client.js';
import { actionTokens, complaints, type ComplaintRow } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { LifecycleContext } from '../lifecycle/context.js';
import { transitionByLink } from '../lifecycle/service.js';

export type { LinkAction };

export const ACTION_TARGET: Record<LinkAction, 'acknowledged' | 'resolved'> = { acknowledge: 'acknowledged', resolve: 'resolved' };
export const ACTION_LABEL: Record<LinkAction, string> = { acknowledge: 'Acknowledge', resolve: 'Mark resolved' };

/** A link is usable only while the lifecycle allows its transition from the complaint's current status. */
export const linkAllowed = (status: ComplaintStatus, action: LinkAction) =>
  checkTransition(status, ACTION_TARGET[action], 'staff', '').ok;

/** Makes one-click links for a facility mail; only the hashes are stored. */
// Every filing writes its links: prepared once per connection (db/prepared.ts).
/** A complaint's one-click links before they are stored: the URLs to mail and what the database keeps. */
export interface NewActionLinks {
  /** The URLs the facility mail carries, by action. */
  urls: Record<LinkAction, string>;
  /** The stored ids: each token's SHA-256, so a leaked database holds no usable link. */
  ids: Record<LinkAction, string>;
  expiresAt: Date;
}

export function newActionLinks(opts: { publicUrl: string; ttlMs: number }): NewActionLinks {
  const urls = {} as Record<LinkAction, string>;
  const ids = {} as Record<LinkAction, string>;
  for (const action of LINK_ACTIONS) {
    const token = randomToken(32);
    urls[action] = `${opts.publicUrl}/act/${token}`;
    ids[action] = sha256(token);
  }
  return { urls, ids, expiresAt: new Date(Date.now() + opts.ttlMs) };
}

const linkPlaceholder = (action: LinkAction) => `link_${action}`;

/**
 * The write that stores the links of the complaint a statement inserts (its common table `filed`):
 * a part of filing's one statement (lifecycle/filing.ts), whose values come from linkValues.
 */
export const storeLinksOf = (filed: string) =>
  sql`insert into ${actionTokens} (${sql.identifier(actionTokens.id.name)}, ${sql.identifier(actionTokens.complaintId.name)}, ${sql.identifier(actionTokens.action.name)}, ${sql.identifier(actionTokens.expiresAt.name)})
      select t.id, f.id, t.action, ${sql.placeholder('linksExpireAt')}::timestamptz
      from ${sql.identifier(filed)} f, (values ${sql.join(
        LINK_ACTIONS.map((action) => sql`(${sql.placeholder(linkPlaceholder(action))}::text, ${sql.raw(`'${action}'`)})`),
        sql`, `,
      )}) t(id, action)`;

/** The values storeLinksOf's placeholders take. */
export function linkValues(links: NewActionLinks): Record<string, string | Date> {
  const values: Record<string, string | Date> = { linksExpireAt: links.expiresAt };
  for (const action of LINK_ACTIONS) values[linkPlaceholder(action)] = links.ids[action];
  return values;
}

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

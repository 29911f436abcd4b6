import { sql } from 'drizzle-orm';
import { LINK_ACTIONS, type LinkAction } from '../../../shared/constants.js';
import { actionTokens } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/tokens.js';

/*
 * The one-click links a facility mail carries (acknowledge, resolve), made and stored as the
 * complaint is filed, in filing's one statement; the actions module answers them.
 */

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

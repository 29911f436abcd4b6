import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incidents } from '../../db/schema.js';

/*
 * The filing's notice (decision 37): a complaint filed while a notice of its hostel and category is
 * up goes under it, in filing's one statement (filing.ts). Part of the lifecycle's core, not of the
 * incidents module, because filing is: the incidents module calls the lifecycle, never the reverse
 * (decision 68).
 */

// The words around the notice's title, in the curly quotes the incidents module's own entries use.
const FILED_UNDER = { before: 'Filed while the notice “', after: '” is up: the team knows, and resolving it resolves this complaint.' };

/**
 * At filing, the notice a new complaint goes under: the newest active one of its hostel and
 * category whose floors include its floor (or that has none), the same filter as
 * activeIncidentsFor. It is locked FOR SHARE until the filing commits, so a resolution running at
 * the same moment either finishes first (then the notice is no longer active and the complaint is
 * filed on its own) or waits and resolves it too. Confidential complaints are never linked. A part
 * of filing's one statement (filing.ts): found, locked and used there together.
 */
export const noticeToFileUnder = (db: Db) =>
  db
    .select({ id: incidents.id, title: incidents.title })
    .from(incidents)
    .where(
      and(
        sql`not ${sql.placeholder('confidential')}::boolean`,
        eq(incidents.status, 'active'),
        eq(incidents.hostel, sql.placeholder('hostel')),
        eq(incidents.category, sql.placeholder('category')),
        sql`(cardinality(${incidents.floors}) = 0 or ${sql.placeholder('floor')}::int = any(${incidents.floors}))`,
      ),
    )
    .orderBy(desc(incidents.createdAt), desc(incidents.id))
    .limit(1)
    .for('share');

/**
 * The timeline entry of a complaint filed under a notice, as rows for complaint_events'
 * (complaint_id, actor_id, from_status, to_status, kind, public, note, created_at): none when the
 * statement's notice (the common table named `notice`) found nothing. Written after the filing's
 * own entry (clock_timestamp), so the timeline reads in that order.
 */
export const filedUnderNoticeEntry = (filed: string, notice: string) =>
  sql`select f.id, null::uuid, f.status, f.status, 'incident', true, ${FILED_UNDER.before}::text || n.title || ${FILED_UNDER.after}::text, clock_timestamp()
    from ${sql.identifier(filed)} f, ${sql.identifier(notice)} n`;

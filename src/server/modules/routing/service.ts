import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { routingRules, type RoutingRuleRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

export interface Recipients {
  to: string[];
  cc: string[];
}

/** A transaction or the database: both have the same query builder. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * The recipients for a routing key and hostel: the hostel's own rule when there is one, else the
 * key's default. The request never names a recipient; this is the only place one comes from.
 */
export async function resolveRecipients(db: Queryable, routingKey: string, hostel: string): Promise<Recipients> {
  const rules = await db
    .select()
    .from(routingRules)
    .where(and(eq(routingRules.routingKey, routingKey), inArray(routingRules.hostel, [hostel, ''])));
  const rule = rules.find((r) => r.hostel === hostel) ?? rules.find((r) => r.hostel === '');
  if (!rule) {
    // Misconfiguration, not the student's fault: refuse rather than lose the complaint silently.
    throw new AppError(503, 'routing_missing', 'This kind of complaint cannot be sent right now: no team is set up to receive it.');
  }
  return { to: rule.toEmails, cc: rule.ccEmails };
}

export const listRules = (db: Queryable): Promise<RoutingRuleRow[]> =>
  db.select().from(routingRules).orderBy(asc(routingRules.routingKey), asc(routingRules.hostel));

export async function putRule(
  db: Queryable,
  key: { routingKey: string; hostel: string },
  value: Recipients,
  actorId: string,
): Promise<RoutingRuleRow> {
  const [row] = await db
    .insert(routingRules)
    .values({ ...key, toEmails: value.to, ccEmails: value.cc, updatedBy: actorId })
    .onConflictDoUpdate({
      target: [routingRules.routingKey, routingRules.hostel],
      set: { toEmails: value.to, ccEmails: value.cc, updatedBy: actorId, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('routing upsert returned nothing');
  return row;
}

/** Removes a hostel override (the default then applies); a key's default cannot be removed. */
export async function deleteOverride(db: Queryable, key: { routingKey: string; hostel: string }): Promise<boolean> {
  if (!key.hostel) {
    throw new AppError(409, 'routing_default_required', 'The default recipients of a key cannot be removed; change them instead.');
  }
  const deleted = await db
    .delete(routingRules)
    .where(and(eq(routingRules.routingKey, key.routingKey), eq(routingRules.hostel, key.hostel)))
    .returning({ id: routingRules.id });
  return deleted.length > 0;
}

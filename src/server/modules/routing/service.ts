import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { RoutingKeyUse } from '../../../shared/routing.js';
import type { Db } from '../../db/client.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { categories, hostels, routingRules, services, type RoutingRuleRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { bumpCatalogVersion } from '../catalog/index.js';
import { recipientsFrom, routingTableKey, type Recipients, type RoutingTable } from '../catalog/index.js';

export type { Recipients };

/** A transaction or the database: both have the same query builder. */
type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

// Asked by every filing: prepared once (db/prepared.ts).
const rulesFor = preparedPerDatabase((db) =>
  db
    .select({ hostel: routingRules.hostel, toEmails: routingRules.toEmails, ccEmails: routingRules.ccEmails })
    .from(routingRules)
    .where(and(eq(routingRules.routingKey, sql.placeholder('routingKey')), or(eq(routingRules.hostel, sql.placeholder('hostel')), eq(routingRules.hostel, ''))))
    .prepare('routing_rules_for'),
);

/**
 * The recipients for a routing key and hostel: the hostel's own rule when there is one, else the
 * key's default. The request never names a recipient; this is the only place one comes from.
 */
export async function resolveRecipients(db: Db, routingKey: string, hostel: string): Promise<Recipients> {
  const rules = await rulesFor(db).execute({ routingKey, hostel });
  return recipientsOrRefusal(recipientsFrom(new Map(rules.map((r) => [routingTableKey(routingKey, r.hostel), { to: r.toEmails, cc: r.ccEmails }])), routingKey, hostel));
}

/** The recipients as the catalogue in memory has them (catalog/store.ts): what a filing uses, with no query. */
export function resolveRecipientsFrom(table: RoutingTable, routingKey: string, hostel: string): Recipients {
  return recipientsOrRefusal(recipientsFrom(table, routingKey, hostel));
}

function recipientsOrRefusal(rule: Recipients | undefined): Recipients {
  if (!rule) {
    // Misconfiguration, not the student's fault: refuse rather than lose the complaint silently.
    throw new AppError(503, 'routing_missing', /*i18n*/ 'This kind of complaint cannot be sent right now: no team is set up to receive it.');
  }
  return rule;
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
    throw new AppError(409, 'routing_default_required', /*i18n*/ 'The default recipients of a key cannot be removed; change them instead.');
  }
  const deleted = await db
    .delete(routingRules)
    .where(and(eq(routingRules.routingKey, key.routingKey), eq(routingRules.hostel, key.hostel)))
    .returning({ id: routingRules.id });
  return deleted.length > 0;
}

/** A rule's key as the admin API names it: a routing key and a hostel, '' for every hostel. */
export interface RuleKey {
  routingKey: string;
  hostel: string;
}

/**
 * Every routing key the catalogue reads, with what reads it: categories, their sub-categories that
 * have a key of their own (decision 40), and services. Retired categories count (their complaints
 * keep their routing).
 */
export async function routingKeys(db: Pick<Db, 'select'>): Promise<RoutingKeyUse[]> {
  const [categoryRows, serviceRows] = await Promise.all([
    db.select({ key: categories.key, cardTitle: categories.cardTitle, routingKey: categories.routingKey, subCategories: categories.subCategories }).from(categories).orderBy(asc(categories.position)),
    db.select({ key: services.key, label: services.label, routingKey: services.routingKey }).from(services).orderBy(asc(services.position)),
  ]);
  const uses = new Map<string, RoutingKeyUse['usedBy']>();
  const add = (routingKey: string, use: RoutingKeyUse['usedBy'][number]) => uses.set(routingKey, [...(uses.get(routingKey) ?? []), use]);
  for (const c of categoryRows) {
    add(c.routingKey, { kind: 'category', category: c.key, name: c.cardTitle });
    for (const sub of c.subCategories) if (sub.routingKey) add(sub.routingKey, { kind: 'subCategory', category: c.key, name: `${c.cardTitle} → ${sub.name}` });
  }
  for (const sv of serviceRows) add(sv.routingKey, { kind: 'service', category: sv.key, name: sv.label });
  return [...uses].map(([routingKey, usedBy]) => ({ routingKey, usedBy }));
}

/** Only keys the catalogue uses and hostels it knows: a typo must not create a rule nobody reads. */
async function checkTarget(db: Pick<Db, 'select'>, { routingKey, hostel }: RuleKey): Promise<void> {
  const used = (await routingKeys(db)).some((k) => k.routingKey === routingKey);
  if (!used) throw AppError.withValues(404, 'not_found', /*i18n*/ 'No category, sub-category or service is routed by {key}.', () => ({ key: routingKey }));
  if (hostel) {
    const [known] = await db.select({ id: hostels.id }).from(hostels).where(eq(hostels.name, hostel));
    if (!known) throw AppError.withValues(404, 'not_found', /*i18n*/ 'There is no hostel called {hostel}.', () => ({ hostel }));
  }
}

const ruleTarget = (key: RuleKey) => `${key.routingKey}/${key.hostel || 'default'}`;

/**
 * An administrator sets the recipients of a key, for every hostel or one: the rule, the catalogue's
 * version (every instance re-reads it) and the audit row in one transaction.
 */
export async function setRoutingRule(db: Db, actorId: string, key: RuleKey, recipients: Recipients): Promise<RoutingRuleRow> {
  await checkTarget(db, key);
  return db.transaction(async (tx) => {
    const updated = await putRule(tx, key, recipients, actorId);
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: 'routing.update',
      targetType: 'routing',
      targetId: ruleTarget(key),
      details: { after: { to: updated.toEmails, cc: updated.ccEmails } },
    });
    return updated;
  });
}

/** An administrator removes a hostel's override (the key's default then applies); audited. */
export async function removeRoutingOverride(db: Db, actorId: string, key: RuleKey): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteOverride(tx, key);
    if (!removed) throw new AppError(404, 'not_found', /*i18n*/ 'There is no such override.');
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, { actorId, action: 'routing.remove_override', targetType: 'routing', targetId: `${key.routingKey}/${key.hostel}` });
  });
}

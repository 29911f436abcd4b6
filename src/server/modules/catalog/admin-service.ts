import { and, asc, count, eq, inArray, isNull, max, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CategoryAdmin,
  categoryCreateSchema,
  categoryUpdateSchema,
  HostelAdmin,
  HostelCreate,
  HostelUpdate,
  Routing,
  ServiceAdmin,
  serviceUpdateSchema,
  RaggingContacts,
  universityUpdateSchema,
} from '../../../shared/admin.js';
import { LOGO_MAX_BYTES } from '../../../shared/admin.js';
import { categoryRoute, floorMessage, givenTranslations, mergeTranslations, type ServiceKey } from '../../../shared/catalog.js';
import {
  areaCodeSuggestion,
  areaLabel,
  hostelCodeFromName,
  numberedCode,
  placeAddress,
  type CommonAreaAdmin,
  type commonAreaCreateSchema,
  type commonAreaUpdateSchema,
} from '../../../shared/places.js';
import type { Db, Tx } from '../../db/client.js';
import {
  categories,
  commonAreas,
  complaintCounts,
  hostels,
  routingRules,
  services,
  university,
  type CategoryRow,
  type CommonAreaRow,
  type HostelRow,
  type RoutingRuleRow,
  type ServiceRow,
  type UniversityRow,
} from '../../db/schema.js';
import { lockCount } from '../../lib/count-locks.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { RAGGING_CATEGORY, RAGGING_ROUTING_KEY } from '../../../shared/ragging.js';
import { valued } from '../../../shared/valued-message.js';
import { bumpCatalogVersion, raggingContactsOf, readUniversity, savedSettings, toCategoryInfo, universityTranslations } from './store.js';

type Queryable = Pick<Db, 'select'>;

const conflict = (message: string, field: string, fieldMessage = message) =>
  new AppError(409, 'conflict', message, { [field]: fieldMessage });

// ---------------------------------------------------------------------------------------------
// University profile

export async function updateUniversity(db: Db, actorId: string, input: z.output<typeof universityUpdateSchema>): Promise<void> {
  const { contacts, translations, timeZone, defaultLocale, ...settings } = input;
  const { translations: committeeTranslations, ...contactFields } = contacts ?? {};
  await db.transaction(async (tx) => {
    const before = await readUniversity(tx);
    // The profile's and the committee's names share the row's one column; left out: unchanged.
    const allTranslations = mergeTranslations<string>(mergeTranslations<string>(before.translations, translations), committeeTranslations);
    // Left out: unchanged (drizzle skips undefined values).
    const language = { timeZone, defaultLocale };
    const [after] = await tx
      .update(university)
      .set({ ...settings, ...language, ...contactFields, translations: allTranslations, updatedAt: new Date(), updatedBy: actorId })
      .where(eq(university.id, 1))
      .returning();
    if (!after) throw new Error('update returned nothing');
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: 'university.update',
      targetType: 'university',
      targetId: '1',
      details: { before: { ...savedSettings(before), ...languageOf(before) }, after: { ...settings, ...languageOf(after) } },
    });
    const beforeContacts = raggingContactsOf(before);
    const afterContacts = contacts && raggingContactsOf(after);
    if (afterContacts && JSON.stringify(beforeContacts) !== JSON.stringify(afterContacts)) {
      await audit(tx, { actorId, action: 'university.contacts', targetType: 'university', targetId: '1', details: { before: beforeContacts, after: afterContacts } });
      await followContacts(tx, actorId, beforeContacts, afterContacts);
    }
  });
}

/** The profile's names in other languages, time zone and default language as saved. */
export const languageOf = (row: UniversityRow) => ({
  translations: universityTranslations(row),
  timeZone: row.timeZone,
  defaultLocale: row.defaultLocale,
});

/**
 * Ragging reports go to the committee with the nodal officer in copy (migration 0021): when either
 * address changes, the `ragging` rules that still name the old one name the new one, so the
 * contacts every page shows and where reports go do not drift apart. Rules naming someone else
 * (an administrator's own choice) are left alone.
 */
async function followContacts(tx: Tx, actorId: string, before: RaggingContacts, after: RaggingContacts): Promise<void> {
  const pairs: Array<[string, string]> = [
    [before.committeeEmail, after.committeeEmail],
    [before.nodalOfficerEmail, after.nodalOfficerEmail],
  ];
  const swaps = new Map(pairs.filter(([from, to]) => from && from !== to));
  if (!swaps.size) return;
  const swap = (addresses: string[]) => [...new Set(addresses.map((a) => swaps.get(a) ?? a))];
  const rules = await tx.select().from(routingRules).where(eq(routingRules.routingKey, RAGGING_ROUTING_KEY));
  for (const rule of rules) {
    const to = swap(rule.toEmails);
    const cc = swap(rule.ccEmails).filter((a) => !to.includes(a));
    if (to.join() === rule.toEmails.join() && cc.join() === rule.ccEmails.join()) continue;
    await tx.update(routingRules).set({ toEmails: to, ccEmails: cc, updatedBy: actorId, updatedAt: new Date() }).where(eq(routingRules.id, rule.id));
    await audit(tx, {
      actorId,
      action: 'routing.update',
      targetType: 'routing',
      targetId: `${rule.routingKey}/${rule.hostel || 'default'}`,
      details: { before: { to: rule.toEmails, cc: rule.ccEmails }, after: { to, cc }, reason: 'anti-ragging contacts changed' },
    });
  }
}

/** Magic numbers of the accepted image types: the declared type must match the bytes. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export async function setLogo(db: Db, actorId: string, dataUrl: string | null): Promise<void> {
  let logo: Buffer | null = null;
  let logoType: string | null = null;
  if (dataUrl !== null) {
    const match = /^data:(image\/(?:png|jpeg|webp));base64,(.+)$/.exec(dataUrl);
    logoType = match?.[1] ?? '';
    logo = Buffer.from(match?.[2] ?? '', 'base64');
    if (!SIGNATURES[logoType]?.(logo)) {
      throw new AppError(400, 'validation_failed', /*i18n*/ 'The logo must be a PNG, JPEG or WebP image.', { dataUrl: 'is not a PNG, JPEG or WebP image' });
    }
    if (logo.length > LOGO_MAX_BYTES) {
      throw new AppError(400, 'validation_failed', /*i18n*/ 'The logo must be at most 200 KB.', { dataUrl: 'is larger than 200 KB' });
    }
  }
  await db.transaction(async (tx) => {
    const before = await readUniversity(tx);
    await tx.update(university).set({ logo, logoType, updatedAt: new Date(), updatedBy: actorId }).where(eq(university.id, 1));
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: logo ? 'university.logo_set' : 'university.logo_remove',
      targetType: 'university',
      targetId: '1',
      details: {
        before: { logo: before.logo ? `${before.logoType ?? ''}, ${before.logo.length} bytes` : null },
        after: { logo: logo ? `${logoType ?? ''}, ${logo.length} bytes` : null },
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Hostels

async function complaintsPerHostel(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ hostel: complaintCounts.hostel, n: sql<number>`sum(${complaintCounts.count})::int` })
    .from(complaintCounts)
    .groupBy(complaintCounts.hostel);
  return new Map(rows.map((r) => [r.hostel, Number(r.n)]));
}

const hostelDto = (row: HostelRow, counts: Map<string, number>): HostelAdmin => ({
  id: row.id,
  name: row.name,
  translations: row.translations,
  code: row.code,
  floorMin: row.floorMin,
  floorMax: row.floorMax,
  roomRanges: row.roomRanges,
  retired: row.retiredAt !== null,
  complaints: counts.get(row.name) ?? 0,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listHostels(db: Queryable): Promise<HostelAdmin[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(hostels).orderBy(asc(hostels.position), asc(hostels.name)),
    complaintsPerHostel(db),
  ]);
  return rows.map((row) => hostelDto(row, counts));
}

const hostelState = (h: Pick<HostelRow, 'translations' | 'code' | 'floorMin' | 'floorMax' | 'roomRanges' | 'retiredAt'>) => ({
  translations: h.translations,
  code: h.code,
  floorMin: h.floorMin,
  floorMax: h.floorMax,
  roomRanges: h.roomRanges,
  retired: h.retiredAt !== null,
});

const sortRanges = (ranges: Array<{ from: number; to: number }>) => [...ranges].sort((a, b) => a.from - b.from);

export async function createHostel(db: Db, actorId: string, input: HostelCreate): Promise<HostelAdmin> {
  const row = await db.transaction(async (tx) => {
    const [same] = await tx.select({ name: hostels.name }).from(hostels).where(sql`lower(${hostels.name}) = lower(${input.name})`);
    if (same) throw conflict(`There is already a hostel called ${same.name}.`, 'name', 'is already taken');
    const code = input.code ?? numberedCode(hostelCodeFromName(input.name), await hostelCodesTaken(tx));
    if (input.code) await checkHostelCode(tx, input.code);
    const [last] = await tx.select({ position: max(hostels.position) }).from(hostels);
    const [created] = await tx
      .insert(hostels)
      .values({ ...input, translations: givenTranslations(input.translations), code, roomRanges: sortRanges(input.roomRanges), position: (last?.position ?? 0) + 1 })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, { actorId, action: 'hostel.create', targetType: 'hostel', targetId: created.id, details: { name: created.name, after: hostelState(created) } });
    return created;
  });
  return hostelDto(row, new Map());
}

export async function updateHostel(db: Db, actorId: string, id: string, input: HostelUpdate): Promise<HostelAdmin> {
  const row = await db.transaction(async (tx) => {
    // Before anything is read: another retirement waits, then counts what this one left in use.
    if (input.retired) await lockCount(tx, 'hostelsInUse');
    const [before] = await tx.select().from(hostels).where(eq(hostels.id, id)).for('update');
    if (!before) throw new AppError(404, 'not_found', /*i18n*/ 'No such hostel.');
    if (input.retired && before.retiredAt === null) {
      const [active] = await tx.select({ n: count() }).from(hostels).where(isNull(hostels.retiredAt));
      if (Number(active?.n ?? 0) <= 1) throw conflict('This is the last hostel in use; add another before retiring it.', 'retired');
    }
    const code = input.code ?? before.code;
    if (code.toUpperCase() !== before.code.toUpperCase()) await checkHostelCode(tx, code, id);
    const retiredAt = input.retired ? (before.retiredAt ?? new Date()) : null;
    const [after] = await tx
      .update(hostels)
      .set({
        code,
        translations: mergeTranslations(before.translations, input.translations),
        floorMin: input.floorMin,
        floorMax: input.floorMax,
        roomRanges: sortRanges(input.roomRanges),
        retiredAt,
        updatedAt: new Date(),
      })
      .where(eq(hostels.id, id))
      .returning();
    if (!after) throw new Error('update returned nothing');
    await bumpCatalogVersion(tx, actorId);
    const action = input.retired !== (before.retiredAt !== null) ? (input.retired ? 'hostel.retire' : 'hostel.restore') : 'hostel.update';
    await audit(tx, { actorId, action, targetType: 'hostel', targetId: id, details: { name: before.name, before: hostelState(before), after: hostelState(after) } });
    return after;
  });
  return hostelDto(row, await complaintsPerHostel(db));
}

/** Every hostel's code, upper-cased (retired hostels' too: their labels may still hang on walls). */
async function hostelCodesTaken(tx: Queryable): Promise<Set<string>> {
  const rows = await tx.select({ code: hostels.code }).from(hostels);
  return new Set(rows.map((r) => r.code.toUpperCase()));
}

async function checkHostelCode(tx: Queryable, code: string, exceptId?: string): Promise<void> {
  const [same] = await tx.select({ id: hostels.id, name: hostels.name }).from(hostels).where(sql`upper(${hostels.code}) = upper(${code})`);
  if (same && same.id !== exceptId) throw conflict(`${same.name} already has the code ${code.toUpperCase()}.`, 'code', 'is already taken');
}

// ---------------------------------------------------------------------------------------------
// Common areas of a hostel (decision 45): rows beside the rooms, which stay derived from ranges

const areaDto = (row: CommonAreaRow, hostelCode: string): CommonAreaAdmin => ({
  id: row.id,
  hostelId: row.hostelId,
  name: row.name,
  translations: row.translations,
  floor: row.floor,
  code: row.code,
  position: row.position,
  retired: row.retiredAt !== null,
  label: areaLabel(row),
  address: placeAddress(hostelCode, row.code),
  updatedAt: row.updatedAt.toISOString(),
});

const areaState = (a: Pick<CommonAreaRow, 'name' | 'translations' | 'floor' | 'code' | 'position' | 'retiredAt'>) => ({
  name: a.name,
  translations: a.translations,
  floor: a.floor,
  code: a.code,
  position: a.position,
  retired: a.retiredAt !== null,
});

async function hostelOf(tx: Queryable, hostelId: string): Promise<HostelRow> {
  const [hostel] = await tx.select().from(hostels).where(eq(hostels.id, hostelId));
  if (!hostel) throw new AppError(404, 'not_found', /*i18n*/ 'No such hostel.');
  return hostel;
}

export async function listCommonAreas(db: Queryable, hostelId: string): Promise<CommonAreaAdmin[]> {
  const hostel = await hostelOf(db, hostelId);
  const rows = await db
    .select()
    .from(commonAreas)
    .where(eq(commonAreas.hostelId, hostelId))
    .orderBy(asc(commonAreas.position), sql`${commonAreas.floor} nulls first`, asc(commonAreas.name));
  return rows.map((row) => areaDto(row, hostel.code));
}

/** The floor is one of the hostel's, and no other area in use has the same name on it. */
async function checkArea(tx: Queryable, hostel: HostelRow, area: { name: string; floor: number | null; code: string }, exceptId?: string): Promise<void> {
  if (area.floor !== null && (area.floor < hostel.floorMin || area.floor > hostel.floorMax)) {
    throw new AppError(400, 'validation_failed', floorMessage(hostel), { floor: floorMessage(hostel) });
  }
  const [sameCode] = await tx
    .select({ id: commonAreas.id, name: commonAreas.name, floor: commonAreas.floor })
    .from(commonAreas)
    .where(and(eq(commonAreas.hostelId, hostel.id), sql`upper(${commonAreas.code}) = upper(${area.code})`));
  if (sameCode && sameCode.id !== exceptId) {
    throw conflict(`${areaLabel(sameCode)} of ${hostel.name} already has the code ${area.code}.`, 'code', 'is already taken');
  }
  const [sameName] = await tx
    .select({ id: commonAreas.id })
    .from(commonAreas)
    .where(
      and(
        eq(commonAreas.hostelId, hostel.id),
        isNull(commonAreas.retiredAt),
        area.floor === null ? isNull(commonAreas.floor) : eq(commonAreas.floor, area.floor),
        sql`lower(${commonAreas.name}) = lower(${area.name})`,
      ),
    );
  if (sameName && sameName.id !== exceptId) {
    throw conflict(`${hostel.name} already has ${areaLabel(area)}.`, 'name', 'is already taken on that floor');
  }
}

export async function createCommonArea(db: Db, actorId: string, hostelId: string, input: z.output<typeof commonAreaCreateSchema>): Promise<CommonAreaAdmin> {
  const { row, hostel } = await db.transaction(async (tx) => {
    const owner = await hostelOf(tx, hostelId);
    const taken = await tx.select({ code: commonAreas.code }).from(commonAreas).where(eq(commonAreas.hostelId, hostelId));
    const code = input.code ?? numberedCode(areaCodeSuggestion(input.name, input.floor), new Set(taken.map((t) => t.code.toUpperCase())));
    await checkArea(tx, owner, { ...input, code });
    const [last] = await tx.select({ position: max(commonAreas.position) }).from(commonAreas).where(eq(commonAreas.hostelId, hostelId));
    const [created] = await tx
      .insert(commonAreas)
      .values({ hostelId, name: input.name, translations: givenTranslations(input.translations), floor: input.floor, code, position: last?.position === null || last?.position === undefined ? 0 : last.position + 1 })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, { actorId, action: 'common_area.create', targetType: 'common_area', targetId: created.id, details: { hostel: owner.name, after: areaState(created) } });
    return { row: created, hostel: owner };
  });
  return areaDto(row, hostel.code);
}

export async function updateCommonArea(
  db: Db,
  actorId: string,
  hostelId: string,
  areaId: string,
  input: z.output<typeof commonAreaUpdateSchema>,
): Promise<CommonAreaAdmin> {
  const { row, hostel } = await db.transaction(async (tx) => {
    const owner = await hostelOf(tx, hostelId);
    const [before] = await tx
      .select()
      .from(commonAreas)
      .where(and(eq(commonAreas.id, areaId), eq(commonAreas.hostelId, hostelId)))
      .for('no key update');
    if (!before) throw new AppError(404, 'not_found', /*i18n*/ 'No such common area in this hostel.');
    // Bringing one back checks its name against the areas in use, like a new one.
    await checkArea(tx, owner, input, areaId);
    const [after] = await tx
      .update(commonAreas)
      .set({
        name: input.name,
        translations: mergeTranslations(before.translations, input.translations),
        floor: input.floor,
        code: input.code,
        position: input.position,
        retiredAt: input.retired ? (before.retiredAt ?? new Date()) : null,
        updatedAt: new Date(),
      })
      .where(eq(commonAreas.id, areaId))
      .returning();
    if (!after) throw new Error('update returned nothing');
    await bumpCatalogVersion(tx, actorId);
    const action = input.retired !== (before.retiredAt !== null) ? (input.retired ? 'common_area.retire' : 'common_area.restore') : 'common_area.update';
    await audit(tx, { actorId, action, targetType: 'common_area', targetId: areaId, details: { hostel: owner.name, before: areaState(before), after: areaState(after) } });
    return { row: after, hostel: owner };
  });
  return areaDto(row, hostel.code);
}

// ---------------------------------------------------------------------------------------------
// Routing of a category or service

/** The rules of one routing key as the console edits them: the default and the hostels' own. */
function routingOf(rules: RoutingRuleRow[], routingKey: string): Routing {
  const own = rules.filter((r) => r.routingKey === routingKey);
  const fallback = own.find((r) => r.hostel === '');
  return {
    default: { to: fallback?.toEmails ?? [], cc: fallback?.ccEmails ?? [] },
    overrides: own.filter((r) => r.hostel !== '').map((r) => ({ hostel: r.hostel, to: r.toEmails, cc: r.ccEmails })),
  };
}

export async function readRouting(db: Queryable, routingKey: string): Promise<Routing> {
  return routingOf(await db.select().from(routingRules).where(eq(routingRules.routingKey, routingKey)).orderBy(asc(routingRules.hostel)), routingKey);
}

/** Replaces every rule of a key: the default and exactly the overrides given. */
async function writeRouting(tx: Tx, routingKey: string, routing: Routing, actorId: string): Promise<void> {
  const names = routing.overrides.map((o) => o.hostel);
  if (names.length) {
    const known = await tx.select({ name: hostels.name }).from(hostels).where(and(inArray(hostels.name, names), isNull(hostels.retiredAt)));
    const unknown = names.filter((n) => !known.some((k) => k.name === n));
    if (unknown.length) {
      throw AppError.withValues(400, 'validation_failed', /*i18n*/ 'Unknown hostel in routing: {hostels}.', () => ({ hostels: unknown.join(', ') }), {
        'routing.overrides': valued(/*i18n*/ 'unknown hostel {hostels}', { hostels: unknown.join(', ') }),
      });
    }
  }
  await tx.delete(routingRules).where(and(eq(routingRules.routingKey, routingKey), notInArray(routingRules.hostel, ['', ...names])));
  for (const rule of [{ hostel: '', ...routing.default }, ...routing.overrides]) {
    await tx
      .insert(routingRules)
      .values({ routingKey, hostel: rule.hostel, toEmails: rule.to, ccEmails: rule.cc, updatedBy: actorId })
      .onConflictDoUpdate({
        target: [routingRules.routingKey, routingRules.hostel],
        set: { toEmails: rule.to, ccEmails: rule.cc, updatedBy: actorId, updatedAt: new Date() },
      });
  }
}

/**
 * A sub-category routed by a key nobody receives yet starts with a copy of its category's
 * recipients (default and hostel overrides), so its complaints keep going where they went until an
 * administrator sets the key's own under Routing. Keys that already have recipients keep them.
 */
async function seedSubCategoryRouting(
  tx: Tx,
  actorId: string,
  category: Pick<CategoryRow, 'key' | 'routingKey' | 'subCategories'>,
  routing: Routing,
): Promise<void> {
  const keys = [...new Set(category.subCategories.flatMap((s) => (s.routingKey && s.routingKey !== category.routingKey ? [s.routingKey] : [])))];
  for (const key of keys) {
    const [known] = await tx.select({ id: routingRules.id }).from(routingRules).where(and(eq(routingRules.routingKey, key), eq(routingRules.hostel, ''))).limit(1);
    if (known) continue;
    await writeRouting(tx, key, routing, actorId);
    await audit(tx, {
      actorId,
      action: 'routing.update',
      targetType: 'routing',
      targetId: `${key}/default`,
      details: { after: routing, reason: `new routing key of a sub-category of ${category.key}, copied from the category` },
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Categories

const categoryDto = (row: CategoryRow, routing: Routing): CategoryAdmin => ({
  ...toCategoryInfo(row),
  escalateWardensAfterHours: row.escalateWardensAfterHours,
  escalateAdminsAfterHours: row.escalateAdminsAfterHours,
  routing,
  retired: row.retiredAt !== null,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listCategories(db: Queryable): Promise<CategoryAdmin[]> {
  const [rows, rules] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.key)),
    db.select().from(routingRules).orderBy(asc(routingRules.hostel)),
  ]);
  return rows.map((row) => categoryDto(row, routingOf(rules, row.routingKey)));
}

const categoryState = (c: Omit<CategoryRow, 'createdAt' | 'updatedAt' | 'position' | 'key' | 'routingKey'>, routing: Routing) => ({
  cardTitle: c.cardTitle,
  complaintHead: c.complaintHead,
  description: c.description,
  translations: c.translations,
  subCategories: c.subCategories,
  confidential: c.confidential,
  targetHours: c.targetHours,
  targetUnit: c.targetUnit,
  escalateWardensAfterHours: c.escalateWardensAfterHours,
  escalateAdminsAfterHours: c.escalateAdminsAfterHours,
  retired: c.retiredAt !== null,
  routing,
});

async function checkCardTitle(tx: Queryable, cardTitle: string, exceptKey?: string) {
  const [same] = await tx.select({ key: categories.key }).from(categories).where(sql`lower(${categories.cardTitle}) = lower(${cardTitle})`);
  if (same && same.key !== exceptKey) throw conflict(`Another category already has the title ${cardTitle}.`, 'cardTitle', 'is already taken');
}

type ParsedCategory = z.output<typeof categoryCreateSchema>;
type StoredSubCategory = CategoryRow['subCategories'][number];

/** Sub-categories as stored: the list as given, with translations only where some are (none: the English shows). */
function storedSubCategories(given: ParsedCategory['subCategories']): StoredSubCategory[] {
  return given.map(({ translations, ...rest }) => {
    const kept = givenTranslations(translations);
    return Object.keys(kept).length ? { ...rest, translations: kept } : rest;
  });
}

export async function createCategory(db: Db, actorId: string, input: ParsedCategory): Promise<CategoryAdmin> {
  const routingKey = categoryRoute(input.key);
  const row = await db.transaction(async (tx) => {
    const [same] = await tx.select({ key: categories.key }).from(categories).where(eq(categories.key, input.key));
    if (same) throw conflict(`There is already a category with the key ${input.key}.`, 'key', 'is already taken');
    const [routingTaken] = await tx.select({ key: categories.key }).from(categories).where(eq(categories.routingKey, routingKey));
    const [serviceTaken] = await tx.select({ key: services.key }).from(services).where(eq(services.routingKey, routingKey));
    if (routingTaken || serviceTaken) throw conflict(`The key ${input.key} would share its recipients with another category.`, 'key', 'is already taken');
    await checkCardTitle(tx, input.cardTitle);
    const [last] = await tx.select({ position: max(categories.position) }).from(categories);
    const { routing, subCategories, ...fields } = input;
    const [created] = await tx
      .insert(categories)
      .values({ ...fields, translations: givenTranslations(fields.translations), subCategories: storedSubCategories(subCategories), routingKey, position: (last?.position ?? 0) + 1 })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await writeRouting(tx, routingKey, routing, actorId);
    await seedSubCategoryRouting(tx, actorId, created, routing);
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, { actorId, action: 'category.create', targetType: 'category', targetId: created.key, details: { after: categoryState(created, routing) } });
    return created;
  });
  return categoryDto(row, await readRouting(db, row.routingKey));
}

type ParsedCategoryUpdate = z.output<typeof categoryUpdateSchema>;

export async function updateCategory(db: Db, actorId: string, key: string, input: ParsedCategoryUpdate): Promise<CategoryAdmin> {
  const row = await db.transaction(async (tx) => {
    // Before anything is read: another retirement waits, then counts what this one left in use.
    if (input.retired) await lockCount(tx, 'categoriesInUse');
    const [before] = await tx.select().from(categories).where(eq(categories.key, key)).for('update');
    if (!before) throw new AppError(404, 'not_found', /*i18n*/ 'No such category.');
    // The regulations want ragging reported, and reported in confidence, at all times (decision 40).
    if (key === RAGGING_CATEGORY && input.retired) throw conflict('Reporting ragging cannot be switched off.', 'retired');
    if (key === RAGGING_CATEGORY && !input.confidential) throw conflict('Ragging reports are always confidential.', 'confidential');
    await checkCardTitle(tx, input.cardTitle, key);
    if (input.retired && before.retiredAt === null) {
      const [active] = await tx.select({ n: count() }).from(categories).where(isNull(categories.retiredAt));
      if (Number(active?.n ?? 0) <= 1) throw conflict('This is the last category in use; add another before retiring it.', 'retired');
    }
    const beforeRouting = await readRouting(tx, before.routingKey);
    const { routing, retired, subCategories, ...fields } = input;
    const [after] = await tx
      .update(categories)
      .set({ ...fields, translations: mergeTranslations(before.translations, fields.translations), subCategories: storedSubCategories(subCategories), retiredAt: retired ? (before.retiredAt ?? new Date()) : null, updatedAt: new Date() })
      .where(eq(categories.key, key))
      .returning();
    if (!after) throw new Error('update returned nothing');
    await writeRouting(tx, before.routingKey, routing, actorId);
    await seedSubCategoryRouting(tx, actorId, after, routing);
    await bumpCatalogVersion(tx, actorId);
    const action = retired !== (before.retiredAt !== null) ? (retired ? 'category.retire' : 'category.restore') : 'category.update';
    await audit(tx, {
      actorId,
      action,
      targetType: 'category',
      targetId: key,
      details: { before: categoryState(before, beforeRouting), after: categoryState(after, routing) },
    });
    return after;
  });
  return categoryDto(row, await readRouting(db, row.routingKey));
}

// ---------------------------------------------------------------------------------------------
// Services

const serviceDto = (row: ServiceRow, routing: Routing): ServiceAdmin => ({
  key: row.key as ServiceKey,
  label: row.label,
  translations: row.translations,
  enabled: row.enabled,
  routingKey: row.routingKey,
  targetHours: row.targetHours,
  targetUnit: row.targetUnit,
  routing,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listServices(db: Queryable): Promise<ServiceAdmin[]> {
  const rows = await db.select().from(services).orderBy(asc(services.position));
  return Promise.all(rows.map(async (row) => serviceDto(row, await readRouting(db, row.routingKey))));
}

export async function updateService(
  db: Db,
  actorId: string,
  key: string,
  input: z.output<typeof serviceUpdateSchema>,
): Promise<ServiceAdmin> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(services).where(eq(services.key, key)).for('update');
    if (!before) throw new AppError(404, 'not_found', /*i18n*/ 'No such service.');
    const beforeRouting = await readRouting(tx, before.routingKey);
    const [after] = await tx
      .update(services)
      .set({ label: input.label, translations: mergeTranslations(before.translations, input.translations), enabled: input.enabled, targetHours: input.targetHours, targetUnit: input.targetUnit, updatedAt: new Date() })
      .where(eq(services.key, key))
      .returning();
    if (!after) throw new Error('update returned nothing');
    await writeRouting(tx, before.routingKey, input.routing, actorId);
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: before.enabled !== after.enabled ? (after.enabled ? 'service.enable' : 'service.disable') : 'service.update',
      targetType: 'service',
      targetId: key,
      details: {
        before: { label: before.label, translations: before.translations, enabled: before.enabled, targetHours: before.targetHours, targetUnit: before.targetUnit, routing: beforeRouting },
        after: { label: after.label, translations: after.translations, enabled: after.enabled, targetHours: after.targetHours, targetUnit: after.targetUnit, routing: input.routing },
      },
    });
    return after;
  });
  return serviceDto(row, await readRouting(db, row.routingKey));
}

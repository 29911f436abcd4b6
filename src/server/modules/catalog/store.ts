import { createHash } from 'node:crypto';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { RaggingContacts, UniversitySettings } from '../../../shared/admin.js';
import {
  catalogFingerprint,
  categoryRoute,
  givenTranslations,
  type Translations,
  type CategoryInfo,
  type HostelInfo,
  type PublicCatalog,
  type RaggingContactsInfo,
  type ServiceKey,
  type UniversityInfo,
} from '../../../shared/catalog.js';
import { DEFAULT_TIME_ZONE } from '../../../shared/constants.js';
import { isSafeRegExpSource } from '../../../shared/safe-regex.js';
import type { Locale } from '../../../shared/constants.js';
import type { UniversityEnv } from '../../config.js';
import type { Db } from '../../db/client.js';
import { categories, commonAreas, holidays, hostels, routingRules, services, university, type CategoryRow, type UniversityRow } from '../../db/schema.js';
import type { WorkingCalendar } from '../../../shared/working-time.js';
import { routingTableKey, type RoutingTable } from './routing-table.js';

type Queryable = Pick<Db, 'select' | 'update'>;

/** The catalogue as GET /api/catalog serves it: always with the anti-ragging contacts. */
export type ServedCatalog = Omit<PublicCatalog, 'university' | 'hostels'> & {
  university: UniversityInfo & { raggingContacts: RaggingContactsInfo; timeZone: string };
  /** With their codes and common areas, always. */
  hostels: ServedHostel[];
};
export type ServedHostel = HostelInfo & Required<Pick<HostelInfo, 'code' | 'commonAreas'>>;

/** The catalogue as one instance uses it: what the pages show plus the rules sign-in needs. */
export interface CatalogSnapshot {
  version: number;
  catalog: ServedCatalog;
  /** The saved profile with the environment's fields laid over it. */
  settings: UniversitySettings;
  regPattern: RegExp;
  fingerprint: string;
  /** The language of mail to people who never chose one, and to addresses that are nobody's account (issue 28). */
  defaultLocale: Locale;
  /** Every common area by id, retired ones included (filing refuses those by name), with its hostel's name. */
  commonAreas: Map<string, CommonAreaEntry>;
  /** The profile's IANA time zone (decision 53): every day, "today" and time of day the server names. */
  timeZone: string;
  /** The working-day calendar (issue 44): the weekly days off and the holidays, in that zone. */
  calendar: WorkingCalendar;
  /** The routing rules (never served: recipients are not the public's to read). */
  routing: RoutingTable;
}

export interface CommonAreaEntry {
  id: string;
  hostel: string;
  hostelCode: string;
  code: string;
  name: string;
  translations: Translations<'name'>;
  floor: number | null;
  retired: boolean;
}

export const savedSettings = (row: UniversityRow): UniversitySettings => ({
  name: row.name,
  shortName: row.shortName,
  allowedDomains: row.allowedDomains,
  regPattern: row.regPattern,
  aboutText: row.aboutText,
  credits: row.credits,
});

/** The anti-ragging contacts as saved, the head of the institution included (admins and the clocks). */
export const raggingContactsOf = (row: UniversityRow): RaggingContacts & { translations: Translations<'committeeName'> } => ({
  raggingHelpline: row.raggingHelpline,
  committeeName: row.committeeName,
  translations: committeeTranslations(row),
  committeeEmail: row.committeeEmail,
  committeePhone: row.committeePhone,
  nodalOfficerName: row.nodalOfficerName,
  nodalOfficerEmail: row.nodalOfficerEmail,
  nodalOfficerPhone: row.nodalOfficerPhone,
  headName: row.headName,
  headEmail: row.headEmail,
});

/** The university row keeps its own names' and the committee's translations in one column: these are the committee's. */
const committeeTranslations = (row: Pick<UniversityRow, 'translations'>): Translations<'committeeName'> =>
  pick(row.translations, ['committeeName']);

/** The profile's own translated names (the committee's are the contacts'). */
export const universityTranslations = (row: Pick<UniversityRow, 'translations'>): Translations<'name' | 'shortName' | 'aboutText'> =>
  pick(row.translations, ['name', 'shortName', 'aboutText']);

function pick<Field extends string>(translations: Translations, fields: readonly Field[]): Translations<Field> {
  return givenTranslations(
    Object.fromEntries(
      Object.entries(translations).map(([locale, texts]) => [locale, Object.fromEntries(fields.map((field) => [field, texts?.[field]]))]),
    ) as Translations<Field>,
  );
}

/** What every page shows: the contacts without the head of the institution. */
export const publicRaggingContacts = (row: UniversityRow): RaggingContactsInfo => {
  const { headName: _name, headEmail: _email, translations, ...shown } = raggingContactsOf(row);
  return { ...shown, ...served(translations) };
};

/**
 * A thing's translations as the catalogue serves them (issue 28): left out when there are none, an
 * empty one is "not translated" and left out, and the reader's app shows the English instead.
 */
export function served<Field extends string>(translations: Translations<Field> | undefined): { translations?: Translations<Field> } {
  const given = givenTranslations(translations);
  return Object.keys(given).length ? { translations: given } : {};
}

/** A sub-category as stored (jsonb), with its translations only when it has some. */
const subCategoryInfo = ({ translations, ...rest }: CategoryRow['subCategories'][number]) => ({ ...rest, ...served(translations) });

export const effectiveSettings = (row: UniversityRow, env: UniversityEnv): UniversitySettings => ({ ...savedSettings(row), ...env });

export const logoUrl = (row: Pick<UniversityRow, 'logo'>): string | null =>
  row.logo ? `/api/university/logo?v=${createHash('sha256').update(row.logo).digest('hex').slice(0, 12)}` : null;

export const toCategoryInfo = (c: CategoryRow): CategoryInfo => ({
  key: c.key,
  route: categoryRoute(c.key),
  cardTitle: c.cardTitle,
  complaintHead: c.complaintHead,
  description: c.description,
  ...served(c.translations),
  subCategories: c.subCategories.map(subCategoryInfo),
  confidential: c.confidential,
  targetHours: c.targetHours,
  targetUnit: c.targetUnit,
  routingKey: c.routingKey,
});

export async function readUniversity(db: Pick<Db, 'select'>): Promise<UniversityRow> {
  const [row] = await db.select().from(university).where(eq(university.id, 1));
  // The migration seeds it; a missing row is a broken database, not a user error.
  if (!row) throw new Error('the university row is missing: migrations did not run');
  return row;
}

/** Matches nothing. */
const NO_REG_NUMBER = /(?!)/;

/**
 * The registration-number pattern as sign-in runs it. One saved before unsafe patterns were
 * refused is not run at all (no registration numbers are read) until an administrator saves a
 * safe one: a crafted display name must not block the server.
 */
export const compileRegPattern = (source: string): RegExp => (isSafeRegExpSource(source) ? new RegExp(source) : NO_REG_NUMBER);

async function load(db: Pick<Db, 'select'>, env: UniversityEnv): Promise<CatalogSnapshot> {
  const [row, hostelRows, categoryRows, serviceRows, areaRows, ruleRows, holidayRows] = await Promise.all([
    readUniversity(db),
    db.select().from(hostels).where(isNull(hostels.retiredAt)).orderBy(asc(hostels.position), asc(hostels.name)),
    db.select().from(categories).where(isNull(categories.retiredAt)).orderBy(asc(categories.position), asc(categories.key)),
    db.select().from(services).orderBy(asc(services.position)),
    db
      .select({ area: commonAreas, hostel: hostels.name, hostelCode: hostels.code })
      .from(commonAreas)
      .innerJoin(hostels, eq(hostels.id, commonAreas.hostelId))
      .orderBy(asc(commonAreas.position), sql`${commonAreas.floor} nulls first`, asc(commonAreas.name)),
    db.select({ routingKey: routingRules.routingKey, hostel: routingRules.hostel, to: routingRules.toEmails, cc: routingRules.ccEmails }).from(routingRules),
    // Every year's: a few dozen rows a year, and a clock may run into next year's.
    db.select({ day: holidays.day }).from(holidays),
  ]);
  const areasOf = (hostelId: string) =>
    areaRows
      .filter((r) => r.area.hostelId === hostelId && r.area.retiredAt === null)
      .map(({ area }) => ({ id: area.id, code: area.code, name: area.name, ...served(area.translations), floor: area.floor }));
  const settings = effectiveSettings(row, env);
  const catalog: ServedCatalog = {
    university: {
      name: settings.name,
      shortName: settings.shortName,
      aboutText: settings.aboutText,
      ...served(universityTranslations(row)),
      timeZone: row.timeZone,
      credits: settings.credits,
      logoUrl: logoUrl(row),
      raggingContacts: publicRaggingContacts(row),
    },
    hostels: hostelRows.map((h) => ({
      name: h.name,
      ...served(h.translations),
      floorMin: h.floorMin,
      floorMax: h.floorMax,
      roomRanges: h.roomRanges,
      code: h.code,
      commonAreas: areasOf(h.id),
    })),
    categories: categoryRows.map(toCategoryInfo),
    services: serviceRows.map((s) => ({ key: s.key as ServiceKey, label: s.label, ...served(s.translations), enabled: s.enabled, routingKey: s.routingKey, targetHours: s.targetHours, targetUnit: s.targetUnit })),
  };
  const areas = new Map(
    areaRows.map(({ area, hostel, hostelCode }): [string, CommonAreaEntry] => [
      area.id,
      { id: area.id, hostel, hostelCode, code: area.code, name: area.name, translations: area.translations, floor: area.floor, retired: area.retiredAt !== null },
    ]),
  );
  return {
    version: row.catalogVersion,
    catalog,
    settings,
    regPattern: compileRegPattern(settings.regPattern),
    fingerprint: catalogFingerprint(catalog),
    defaultLocale: row.defaultLocale,
    commonAreas: areas,
    timeZone: row.timeZone,
    calendar: { timeZone: row.timeZone, weeklyDaysOff: row.weeklyDaysOff, holidays: new Set(holidayRows.map((h) => h.day)) },
    routing: new Map(ruleRows.map((r) => [routingTableKey(r.routingKey, r.hostel), { to: r.to, cc: r.cc }])),
  };
}

/**
 * How long an instance trusts its copy before asking the database for the version again. The
 * question costs a round trip on every submission (a sixth of the embedded database's filing rate
 * when asked every time); a second is "at once" for people, and the instance that made a change
 * drops its copy immediately.
 */
const TRUST_MS = 1000;

/**
 * Every instance keeps the catalogue in memory and reads only its version (one primary-key row)
 * at most once a second, reloading when it changed: an administrator's change shows on every
 * instance within a second, on the one that made it at once.
 */
export class CatalogStore {
  private cached: CatalogSnapshot | undefined;
  private loading: Promise<CatalogSnapshot> | undefined;
  private checkedAt = 0;
  private zone = DEFAULT_TIME_ZONE;

  constructor(
    private readonly db: Db,
    private readonly env: UniversityEnv,
  ) {}

  /**
   * `within`: a transaction the caller holds (a clock's due time counted inside it). The check and
   * any reload then run on it and never wait for another request's reload on the pool, which on
   * the embedded database would wait for this very transaction to end.
   */
  async get(within?: Pick<Db, 'select'>): Promise<CatalogSnapshot> {
    if (this.cached && Date.now() - this.checkedAt < TRUST_MS) return this.cached;
    if (within) {
      const [current] = await within.select({ version: university.catalogVersion }).from(university).where(eq(university.id, 1));
      if (this.cached && current && this.cached.version === current.version) return this.cached;
      return load(within, this.env);
    }
    this.checkedAt = Date.now();
    const [row] = await this.db.select({ version: university.catalogVersion }).from(university).where(eq(university.id, 1));
    if (this.cached && row && this.cached.version === row.version) return this.cached;
    // Concurrent requests after a change share one reload.
    this.loading ??= load(this.db, this.env).finally(() => {
      this.loading = undefined;
    });
    this.cached = await this.loading;
    this.zone = this.cached.timeZone;
    return this.cached;
  }

  /**
   * The profile's time zone as last loaded, for the few places that must answer without waiting
   * (a rate limit's refusal). Nearly every request reads the catalogue, so it trails a change only briefly.
   */
  get lastTimeZone(): string {
    return this.zone;
  }

  /** After a change made through this instance: the next use reloads. */
  invalidate(): void {
    this.cached = undefined;
    this.checkedAt = 0;
  }
}

/** Call in the transaction of every catalogue change: instances reload at their next request. */
export async function bumpCatalogVersion(tx: Queryable, actorId: string | null): Promise<void> {
  await tx
    .update(university)
    .set({ catalogVersion: sql`${university.catalogVersion} + 1`, updatedAt: new Date(), updatedBy: actorId })
    .where(eq(university.id, 1));
}

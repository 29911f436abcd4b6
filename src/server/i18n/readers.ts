import { sql } from 'drizzle-orm';
import { LOCALES, SOURCE_LOCALE, type Locale, type TranslatedLocale } from '../../shared/constants.js';
import { INTL_LOCALE, isLocale } from '../../shared/locale.js';
import type { Db, Tx } from '../db/client.js';
import { preparedPerDatabase } from '../db/prepared.js';
import { categories, commonAreas, hostels, services, university, users, type ComplaintRow } from '../db/schema.js';
import { i18nFor, type I18n } from './index.js';

/** The names a complaint row keeps in English at filing, which a reader may read in their language. */
export type NamedComplaint = Pick<ComplaintRow, 'category' | 'complaintHead' | 'subCategory' | 'hostel' | 'commonAreaId' | 'placeText'>;

/**
 * Who reads what the server writes (a mail, a bell): their language, its messages, and the names
 * an administrator gave in it (a complaint keeps its category, hostel and area in English).
 */
export interface Reader {
  locale: Locale;
  i18n: I18n;
  /** The complaint with its category, sub-category, hostel and common area in the reader's language. */
  local<C extends NamedComplaint>(complaint: C): C;
  /** A hostel's name in the reader's language. */
  hostel(name: string): string;
  /** The university's clock (decision 53), on which the reader's dates are written. */
  timeZone: string;
  /** "26 Nov 2026, 16:51 IST": a moment in the reader's words, on the university's clock, naming it. */
  time: (at: Date) => string;
  /** "Tue 1 Dec"-style day words take this `Intl` locale: English keeps en-GB, as it always had. */
  intlLocale: string;
}

/** The names an administrator gave in one language, by what the complaint keeps in English; empty maps: none given. */
export interface LocalNames {
  heads: Map<string, string>;
  subs: Map<string, string>;
  hostels: Map<string, string>;
  areas: Map<string, string>;
}

/**
 * A reader of `locale` with the given names (null: the names as filed), reading times on the
 * university's clock `timeZone` (UTC when none is known: a template rendered with no database).
 */
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** Made once per language and zone: readers are made for every mail and bell written. */
function timeFormat(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    timeFormats.set(key, format);
  }
  return format;
}

export function readerOf(locale: Locale, names: LocalNames | null, timeZone = 'UTC'): Reader {
  const hostel = (name: string) => names?.hostels.get(name.toLowerCase()) || name;
  const times = timeFormat(locale, timeZone);
  return {
    locale,
    i18n: i18nFor(locale),
    hostel,
    timeZone,
    time: (at) => times.format(at),
    intlLocale: locale === SOURCE_LOCALE ? 'en-GB' : INTL_LOCALE[locale],
    local(complaint) {
      if (!names) return complaint;
      const area = complaint.commonAreaId ? names.areas.get(complaint.commonAreaId) : undefined;
      return {
        ...complaint,
        complaintHead: names.heads.get(complaint.category) || complaint.complaintHead,
        subCategory: complaint.subCategory ? names.subs.get(`${complaint.category}\n${complaint.subCategory}`) || complaint.subCategory : '',
        hostel: hostel(complaint.hostel),
        placeText: complaint.placeText && area ? area : complaint.placeText,
      };
    },
  };
}

/** The reader of the source language with the names as filed: what the templates write by default. */
export const ENGLISH: Reader = readerOf(SOURCE_LOCALE, null);

async function localNamesIn(db: Pick<Db, 'select'>, locale: TranslatedLocale): Promise<LocalNames> {
  const [cats, servs, halls, areas] = await Promise.all([
    db.select({ key: categories.key, translations: categories.translations, subs: categories.subCategories }).from(categories),
    db.select({ key: services.key, translations: services.translations }).from(services),
    db.select({ name: hostels.name, translations: hostels.translations }).from(hostels),
    db.select({ id: commonAreas.id, translations: commonAreas.translations }).from(commonAreas),
  ]);
  const given = <K, V>(pairs: Array<readonly [K, V | undefined]>) => new Map(pairs.filter((pair): pair is readonly [K, V] => Boolean(pair[1])));
  return {
    heads: given([
      ...cats.map((c) => [c.key, c.translations[locale]?.complaintHead] as const),
      ...servs.map((s) => [s.key, s.translations[locale]?.label] as const),
    ]),
    subs: given(cats.flatMap((c) => c.subs.map((s) => [`${c.key}\n${s.name}`, s.translations?.[locale]?.name] as const))),
    hostels: given(halls.map((h) => [h.name.toLowerCase(), h.translations[locale]?.name] as const)),
    areas: given(areas.map((a) => [a.id, a.translations[locale]?.name] as const)),
  };
}

/** The university's language: for addresses that are nobody's account (a facility's mailbox). */
export async function defaultLocale(db: Pick<Db, 'select'>): Promise<Locale> {
  return (await universitySettings(db)).locale;
}

/** The university's language and clock, one primary-key row. */
async function universitySettings(db: Pick<Db, 'select'>): Promise<UniversitySettings> {
  const [row] = await db.select(universityColumns).from(university).limit(1);
  return settingsOf(row);
}

export interface UniversitySettings {
  locale: Locale;
  timeZone: string;
}

/**
 * The university's language and clock as columns to select beside people's `users.locale`: a
 * query that already reads the people (the bell's channels) learns them with no statement of its own.
 */
export const universityColumns = { defaultLocale: university.defaultLocale, timeZone: university.timeZone };

export function settingsOf(row: { defaultLocale: string | null; timeZone: string | null } | undefined): UniversitySettings {
  return { locale: row && isLocale(row.defaultLocale) ? row.defaultLocale : SOURCE_LOCALE, timeZone: row?.timeZone ?? 'UTC' };
}

// Asked for the recipients of nearly every mail and bell: prepared once per connection
// (db/prepared.ts), the people as one array parameter so the statement's shape never changes.
const localesOf = (column: typeof users.email | typeof users.id, type: 'text' | 'uuid', name: string) =>
  preparedPerDatabase((db) =>
    db
      .select({ key: sql<string | null>`${column}`, locale: users.locale, ...universityColumns })
      .from(university)
      .leftJoin(users, sql`${column} = any(${sql.placeholder('keys')}::${sql.raw(type)}[])`)
      .prepare(name),
  );
const localesByEmail = localesOf(users.email, 'text', 'locales_by_email');
const localesById = localesOf(users.id, 'uuid', 'locales_by_id');

/** A row of what localesOf reads: a person's key and language beside the university's settings. */
interface LocaleRow {
  key: string | null;
  locale: string | null;
  defaultLocale: string | null;
  timeZone: string | null;
}

/**
 * The languages of the addresses in the placeholder `name` (lower-cased, as localesOfEmails asks)
 * as one JSON column of a statement that writes anyway: filing learns its mail's readers with no
 * statement of its own. Readers.knowing takes the value.
 */
export const localesOfEmailsColumn = (name: string) =>
  sql<LocaleRow[]>`(select json_agg(json_build_object('key', ${users.email}, 'locale', ${users.locale}, 'defaultLocale', ${university.defaultLocale}, 'timeZone', ${university.timeZone}))
    from ${university} left join ${users} on ${users.email} = any(${sql.placeholder(name)}::text[]))`;

/**
 * The readers of one piece of writing: each person's language (`users.locale`, else the
 * university's), looked up once, and a Reader per language, the Hindi names read only when needed.
 */
export class Readers {
  private readonly made = new Map<Locale, Promise<Reader>>();
  private settings: Promise<UniversitySettings> | undefined;

  /** `known`: the university's settings when the caller read them already (no statement then). */
  constructor(
    private readonly db: Db | Tx,
    known?: UniversitySettings,
  ) {
    if (known) this.settings = Promise.resolve(known);
  }

  /**
   * Readers that already know the languages of `emails` (read by localesOfEmailsColumn in the
   * caller's statement): asking for those addresses sends no statement.
   */
  static knowing(db: Db | Tx, emails: readonly string[], rows: readonly LocaleRow[] | null): Readers {
    const readers = new Readers(db);
    if (rows?.length) {
      readers.settings = Promise.resolve(settingsOf(rows[0]));
      readers.known = { keys: new Set(emails.map((e) => e.toLowerCase())), rows };
    }
    return readers;
  }

  /** What knowing() was given: these keys' rows, with no statement. */
  private known: { keys: Set<string>; rows: readonly LocaleRow[] } | undefined;

  private university() {
    this.settings ??= universitySettings(this.db);
    return this.settings;
  }

  /** The university's language, read once. */
  async defaultLocale(): Promise<Locale> {
    return (await this.university()).locale;
  }

  reader(locale: Locale): Promise<Reader> {
    let reader = this.made.get(locale);
    if (!reader) {
      reader = this.university().then(async ({ timeZone }) =>
        locale === SOURCE_LOCALE ? readerOf(locale, null, timeZone) : readerOf(locale, await localNamesIn(this.db, locale), timeZone),
      );
      this.made.set(locale, reader);
    }
    return reader;
  }

  /** Each address's language: its account's, else the university's (an address that is nobody's account). */
  async localesOfEmails(emails: readonly string[]): Promise<Map<string, Locale>> {
    return this.localesOf(users.email, emails.map((e) => e.toLowerCase()), (e) => e.toLowerCase(), emails);
  }

  /** Each user's language, by id. */
  async localesOfUsers(ids: readonly string[]): Promise<Map<string, Locale>> {
    return this.localesOf(users.id, ids, (id) => id, ids);
  }

  private async localesOf(column: typeof users.email | typeof users.id, keys: readonly string[], keyOf: (given: string) => string, given: readonly string[]) {
    // The people and the university's settings in one statement: the university's row, joined to
    // whichever of the people have an account (it is the fallback for those who have none).
    const known = column === users.email && this.known && keys.every((k) => this.known?.keys.has(k)) ? this.known.rows : undefined;
    const rows = known ?? (keys.length ? await (column === users.email ? localesByEmail : localesById)(this.db).execute({ keys: [...new Set(keys)] }) : []);
    if (rows.length && !this.settings) this.settings = Promise.resolve(settingsOf(rows[0]));
    const found = rows.filter((row): row is typeof row & { key: string } => row.key !== null);
    const chosen = new Map(found.filter((f) => f.locale && (LOCALES as readonly string[]).includes(f.locale)).map((f) => [f.key, f.locale as Locale]));
    const result = new Map<string, Locale>();
    for (const g of given) {
      const locale = chosen.get(keyOf(g));
      result.set(g, locale ?? (await this.defaultLocale()));
    }
    return result;
  }
}

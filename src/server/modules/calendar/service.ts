import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { CalendarView, Holiday, HolidayImportResult, holidayCreateSchema, holidayImportSchema, holidayUpdateSchema } from '../../../shared/calendar.js';
import { givenTranslations, mergeTranslations, type Translations } from '../../../shared/catalog.js';
import type { Db } from '../../db/client.js';
import { holidays, university, type HolidayRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { bumpCatalogVersion, readUniversity } from '../catalog/index.js';
import { holidaysCsv, parseHolidayCsv } from './csv.js';

/*
 * The working calendar as the admin console keeps it (issue 44): the weekly days off on the
 * university row, the holidays in their own table. Every change is audited and bumps the
 * catalogue's version in its transaction, so every instance counts the next deadline on it.
 */

const inYear = (year: number) => and(gte(holidays.day, `${year}-01-01`), lte(holidays.day, `${year}-12-31`));

const toHoliday = (row: Pick<HolidayRow, 'day' | 'name' | 'translations'>): Holiday => {
  const translations = givenTranslations(row.translations);
  return { day: row.day, name: row.name, ...(Object.keys(translations).length ? { translations } : {}) };
};

const notFound = () => new AppError(404, 'not_found', /*i18n*/ 'There is no holiday on that day.');

export async function readCalendar(db: Db, year: number): Promise<CalendarView> {
  const [row, list] = await Promise.all([readUniversity(db), db.select().from(holidays).where(inYear(year)).orderBy(asc(holidays.day))]);
  return { timeZone: row.timeZone, weeklyDaysOff: row.weeklyDaysOff, year, holidays: list.map(toHoliday) };
}

/** The schema refused a week with no working day already; the days come sorted and once each. */
export async function setWeeklyDaysOff(db: Db, actorId: string, days: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readUniversity(tx);
    await tx.update(university).set({ weeklyDaysOff: days }).where(eq(university.id, 1));
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: 'calendar.days_off',
      targetType: 'university',
      targetId: 'calendar',
      details: { before: { weeklyDaysOff: before.weeklyDaysOff }, after: { weeklyDaysOff: days } },
    });
  });
}

export async function addHoliday(db: Db, actorId: string, input: z.output<typeof holidayCreateSchema>): Promise<Holiday> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(holidays)
      .values({ day: input.day, name: input.name, translations: givenTranslations(input.translations), updatedBy: actorId })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError(409, 'conflict', /*i18n*/ 'That day is a holiday already: rename it instead.', { day: /*i18n*/ 'is a holiday already' });
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, { actorId, action: 'holiday.add', targetType: 'holiday', targetId: input.day, details: { after: { name: created.name, translations: created.translations } } });
    return toHoliday(created);
  });
}

export async function renameHoliday(db: Db, actorId: string, day: string, input: z.output<typeof holidayUpdateSchema>): Promise<Holiday> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(holidays).where(eq(holidays.day, day)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(holidays)
      .set({ name: input.name, translations: mergeTranslations(before.translations, input.translations), updatedBy: actorId, updatedAt: new Date() })
      .where(eq(holidays.day, day))
      .returning();
    if (!after) throw notFound();
    // A renamed holiday moves no clock; the catalogue's copy still names the day by its new name.
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: 'holiday.rename',
      targetType: 'holiday',
      targetId: day,
      details: { before: { name: before.name, translations: before.translations }, after: { name: after.name, translations: after.translations } },
    });
    return toHoliday(after);
  });
}

export async function removeHoliday(db: Db, actorId: string, day: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(holidays).where(eq(holidays.day, day)).returning();
    if (!removed) throw notFound();
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, { actorId, action: 'holiday.remove', targetType: 'holiday', targetId: day, details: { before: { name: removed.name, translations: removed.translations } } });
  });
}

const sameNames = (row: HolidayRow, name: string, translations: Translations<'name'>) =>
  row.name === name && JSON.stringify(givenTranslations(row.translations)) === JSON.stringify(givenTranslations(translations));

/**
 * A year's holidays from a CSV file (parseHolidayCsv refuses the whole file, with every bad line,
 * when any line is bad). `merge` adds the file's days and gives the days it names again the file's
 * names, leaving the year's others; `replace` also removes the year's days the file does not name.
 * A preview answers the same and stores nothing. A file without a Hindi column leaves the Hindi
 * names as they are; one with it sets them (an empty cell removes one).
 */
export async function importHolidays(db: Db, actorId: string, input: z.output<typeof holidayImportSchema>): Promise<HolidayImportResult> {
  const { lines, withHindi } = parseHolidayCsv(input.csv, input.year);
  return db.transaction(async (tx) => {
    const stored = await tx.select().from(holidays).where(inYear(input.year)).for('update');
    const byDay = new Map(stored.map((row) => [row.day, row]));
    const named = new Set(lines.map((l) => l.day));
    const added: Holiday[] = [];
    const renamed: Holiday[] = [];
    let unchanged = 0;
    for (const line of lines) {
      const before = byDay.get(line.day);
      const translations = withHindi ? mergeTranslations(before?.translations ?? {}, { hi: { name: line.nameHi ?? '' } }) : (before?.translations ?? {});
      const holiday = toHoliday({ day: line.day, name: line.name, translations });
      if (!before) added.push(holiday);
      else if (sameNames(before, line.name, translations)) unchanged += 1;
      else renamed.push(holiday);
    }
    const removed = input.mode === 'replace' ? stored.filter((row) => !named.has(row.day)).map(toHoliday) : [];
    const result: HolidayImportResult = { year: input.year, mode: input.mode, stored: !input.preview, added, renamed, removed, unchanged };
    if (input.preview || (!added.length && !renamed.length && !removed.length)) return result;
    for (const h of [...added, ...renamed]) {
      await tx
        .insert(holidays)
        .values({ day: h.day, name: h.name, translations: h.translations ?? {}, updatedBy: actorId })
        .onConflictDoUpdate({ target: holidays.day, set: { name: h.name, translations: h.translations ?? {}, updatedBy: actorId, updatedAt: new Date() } });
    }
    if (removed.length) await tx.delete(holidays).where(inArray(holidays.day, removed.map((h) => h.day)));
    await bumpCatalogVersion(tx, actorId);
    await audit(tx, {
      actorId,
      action: 'holiday.import',
      targetType: 'holiday',
      targetId: String(input.year),
      details: { mode: input.mode, added: added.map((h) => h.day), renamed: renamed.map((h) => h.day), removed: removed.map((h) => h.day), unchanged },
    });
    return result;
  });
}

/** The year's holidays as the CSV file the import reads. */
export async function exportHolidays(db: Db, year: number): Promise<string> {
  const list = await db.select().from(holidays).where(inYear(year)).orderBy(asc(holidays.day));
  return holidaysCsv(list.map((h) => ({ day: h.day, name: h.name, nameHi: givenTranslations(h.translations).hi?.name })));
}

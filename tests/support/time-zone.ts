import { eq, sql } from 'drizzle-orm';
import { timeIn } from '../../src/shared/time.js';
import { university } from '../../src/server/db/schema.js';
import type { TestApp } from './test-app.js';

/**
 * Sets the profile's time zone as the admin console's save does (the catalogue's version moves, so
 * every instance reloads), and drops this instance's copy at once. The insights rollup re-buckets
 * in the same statement (migration 0026).
 */
export async function setUniversityTimeZone(portal: TestApp, timeZone: string): Promise<void> {
  await portal.database.db
    .update(university)
    .set({ timeZone, catalogVersion: sql`${university.catalogVersion} + 1` })
    .where(eq(university.id, 1));
  portal.app.catalog.invalidate();
}

/**
 * A zone whose clock reads between 04:00 and 20:00 at `now`, so that "today" has hours left on both
 * sides whenever the test runs: when Kolkata is near midnight (20:00–04:00), New York is in its
 * afternoon (09:30–17:30, 10:30–18:30 in summer time).
 */
export function zoneAwayFromMidnight(now = new Date()): string {
  for (const zone of ['Asia/Kolkata', 'America/New_York']) {
    const hour = Number(timeIn(now, zone).slice(0, 2));
    if (hour >= 4 && hour < 20) return zone;
  }
  throw new Error('no zone away from midnight');
}

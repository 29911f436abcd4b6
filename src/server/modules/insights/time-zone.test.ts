import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, dayIn, weekdayOf } from '../../../shared/time.js';
import { fromZonedInputValue } from '../../../shared/time.js';
import type { Insights } from '../../../shared/insights.js';
import { complaints, insightDaily, outbox, users } from '../../db/schema.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { setUniversityTimeZone, zoneAwayFromMidnight } from '../../../../tests/support/time-zone.js';
import { sendInsightsDigests } from './digest.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * The university's time zone (decision 53): the insights count a complaint on the day it was filed
 * in the university's clock, weeks start on its Monday, a change of zone re-buckets every figure,
 * "Due today" ends at its midnight and the digest's period is its days.
 */

let portal: TestApp;
let admin: ApiClient;
let studentId: string;
const ADMIN = { email: 'zone.admin@vitbhopal.ac.in', name: 'Zone Admin' };
const HOUR = 3_600_000;

const test = portalTest({ env: RELAXED_LIMITS, admin: ADMIN });
test.beforeAll(async ({ portal: app, admin: a }) => {
  [portal, admin] = [app, a];
  const [student] = await portal.database.db
    .insert(users)
    .values({ email: 'zone.student@vitbhopal.ac.in', name: 'Zone Student', fname: 'Zone', regId: '21BCE17777', displayName: 'Zone Student 21BCE17777' })
    .returning({ id: users.id });
  studentId = student?.id ?? '';
});

const db = () => portal.database.db;

/** An open complaint written straight into the database, as an import would, filed at `createdAt`. */
async function insertComplaint(number: string, over: { createdAt: Date; dueAt?: Date; hostel?: string; category?: string }) {
  await db()
    .insert(complaints)
    .values({
      number,
      kind: 'complaint',
      category: over.category ?? 'water',
      complaintHead: 'Water Complaint',
      subCategory: '',
      hostel: over.hostel ?? 'Block-3',
      floor: 1,
      roomNo: '101',
      message: `Zone test ${number}`,
      studentId,
      fname: 'Zone',
      regId: '21BCE17777',
      userEmail: 'zone.student@vitbhopal.ac.in',
      toEmails: ['facility@vitbhopal.ac.in'],
      status: 'submitted',
      createdAt: over.createdAt,
      updatedAt: over.createdAt,
      dueAt: over.dueAt ?? new Date(over.createdAt.getTime() + 24 * HOUR),
    });
}

async function figures(query: string) {
  const { status, body } = await admin.get(`/api/insights${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as Insights;
}

async function queue(query: string) {
  const { status, body } = await admin.get(`/api/staff/complaints${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.items as Array<{ number: string }>).map((c) => c.number);
}

/** A Sunday at least five weeks back (Kolkata), so nothing else the portal files lands near it. */
function pastSunday(): string {
  const back = addDays(dayIn(new Date(), 'Asia/Kolkata'), -35);
  return addDays(back, -(weekdayOf(back) % 7));
}

describe("the insights on the university's clock", () => {
  it('count a complaint filed at 22:00 UTC on the next day in Kolkata, in the week from that Monday, and move it when the zone changes', async () => {
    const sunday = pastSunday();
    const monday = addDays(sunday, 1);
    expect(weekdayOf(sunday)).toBe(7);
    // 22:00 UTC on Sunday is 03:30 on Monday in Kolkata.
    await insertComplaint('HC-ZONE-0001', { createdAt: new Date(`${sunday}T22:00:00Z`), hostel: 'Girls', category: 'mess' });
    const range = (from: string, to: string) => `?from=${from}&to=${to}&hostel=Girls&category=mess`;

    expect((await figures(range(monday, monday))).total.filed).toBe(1);
    expect((await figures(range(sunday, sunday))).total.filed).toBe(0);
    expect((await figures(range(addDays(sunday, -6), monday))).weekly).toEqual([{ week: monday, category: 'mess', filed: 1 }]);

    // In UTC it was Sunday: saving another zone re-buckets what was already counted.
    await setUniversityTimeZone(portal, 'UTC');
    expect((await figures(range(sunday, sunday))).total.filed).toBe(1);
    expect((await figures(range(monday, monday))).total.filed).toBe(0);
    expect((await figures(range(addDays(sunday, -6), monday))).weekly).toEqual([{ week: addDays(sunday, -6), category: 'mess', filed: 1 }]);
    const rows = await db()
      .select({ day: insightDaily.day, filed: insightDaily.filed })
      .from(insightDaily)
      .where(and(eq(insightDaily.hostel, 'Girls'), eq(insightDaily.category, 'mess')));
    expect(rows).toEqual([{ day: sunday, filed: 1 }]);

    // And back, with what the triggers count from then on on the same clock.
    await setUniversityTimeZone(portal, 'Asia/Kolkata');
    await insertComplaint('HC-ZONE-0002', { createdAt: new Date(`${sunday}T18:29:00Z`), hostel: 'Girls', category: 'mess' });
    expect((await figures(range(sunday, sunday))).total.filed).toBe(1);
    expect((await figures(range(monday, monday))).total.filed).toBe(1);
  });

  it('refuse a zone the database does not know, which would stop every filing', async () => {
    await expect(setUniversityTimeZone(portal, 'Mars/Olympus')).rejects.toThrow();
    const [row] = await db().select({ zone: sql<string>`university_time_zone()` }).from(sql`(select 1) as one`);
    expect(row?.zone).toBe('Asia/Kolkata');
  });

  it("default to the 12 weeks up to today on the university's clock", async () => {
    const zone = zoneAwayFromMidnight();
    await setUniversityTimeZone(portal, zone);
    try {
      const page = await figures('');
      expect(page.to).toBe(dayIn(new Date(), zone));
      expect(page.from).toBe(addDays(page.to, -83));
    } finally {
      await setUniversityTimeZone(portal, 'Asia/Kolkata');
    }
  });
});

describe('"Due today" in the staff queue', () => {
  it("ends at midnight on the university's clock, not 24 hours from now", async () => {
    const zone = zoneAwayFromMidnight();
    await setUniversityTimeZone(portal, zone);
    try {
      const midnight = fromZonedInputValue(`${addDays(dayIn(new Date(), zone), 1)}T00:00`, zone);
      if (!midnight) throw new Error('no midnight');
      const filed = new Date(Date.now() - HOUR);
      await insertComplaint('HC-ZONE-0101', { createdAt: filed, dueAt: new Date(midnight.getTime() - 60_000) });
      await insertComplaint('HC-ZONE-0102', { createdAt: filed, dueAt: new Date(midnight.getTime() + 60_000) });
      await insertComplaint('HC-ZONE-0103', { createdAt: filed, dueAt: new Date(Date.now() - 60_000) });

      const today = await queue('?due=today&limit=100');
      expect(today).toContain('HC-ZONE-0101');
      // Within 24 hours, but tomorrow on the university's clock.
      expect(today).not.toContain('HC-ZONE-0102');
      expect(today).not.toContain('HC-ZONE-0103');
      expect(await queue('?due=overdue&limit=100')).toContain('HC-ZONE-0103');
    } finally {
      await db().delete(complaints).where(sql`${complaints.number} like 'HC-ZONE-01%'`);
      await setUniversityTimeZone(portal, 'Asia/Kolkata');
    }
  });
});

describe('the insights digest', () => {
  it("covers the last days on the university's clock, today included", async () => {
    // 20:00 UTC on the 10th is 01:30 on the 11th in Kolkata: the week ends on the 11th.
    const now = new Date('2026-11-10T20:00:00Z');
    expect(await sendInsightsDigests(portal.app.lifecycle, () => portal.app.catalog.get(), 7, 20, now)).toBeGreaterThan(0);
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.purpose, 'insights_digest'), sql`${ADMIN.email} = any(${outbox.toEmails})`));
    expect(mail?.subject).toContain('2026-11-05 to 2026-11-11');
    expect(mail?.textBody).toContain(`${portal.config.publicUrl}/insights?from=2026-11-05&to=2026-11-11`);
  });
});

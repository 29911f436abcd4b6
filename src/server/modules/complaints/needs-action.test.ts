import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { complaints, notifications } from '../../db/schema.js';
import { aComplaint } from '../../../../tests/factories/complaints.js';
import type { ApiClient } from '../../../../tests/support/student.js';
import type { TestApp } from '../../../../tests/support/test-app.js';
import { RELAXED_LIMITS } from '../../../../tests/support/limits.js';
import { portalTest } from '../../../../tests/support/fixtures.js';

/**
 * "You need to act": the student's list says which complaints wait for them (a team question not
 * yet answered, a fix to confirm) and previews the last thing said, so My complaints and the home
 * page can show it without opening each complaint.
 */

let portal: TestApp;
let admin: ApiClient;

const it = portalTest({ env: RELAXED_LIMITS, admin: { email: 'act.admin@vitbhopal.ac.in', name: 'Act Admin' } });
it.beforeAll(({ portal: app, admin: a }) => {
  [portal, admin] = [app, a];
});

interface Listed {
  number: string;
  needsAction: 'reply' | 'confirm' | null;
  lastMessage: { text: string; fromStudent: boolean; at: string } | null;
}

async function listed(student: ApiClient, number: string): Promise<Listed | undefined> {
  const page = await student.get('/api/complaints/mine?state=unfinished');
  expect(page.status).toBe(200);
  return (page.body.items as Listed[]).find((c) => c.number === number);
}

const teamSays = (number: string, text: string, internal = false) =>
  admin.send('POST', `/api/staff/complaints/${number}/replies`, { text, internal });

describe("the student's list says what needs them", () => {
  it('asks for a reply after a team question, not after the student answered, and for a confirmation once resolved', async ({ newStudent: student }) => {
    const number = String((await student.post('/api/complaints', aComplaint({ complaint: 'No signal in room 312 since Monday.' }))).body.number);

    // Just filed: nothing to do, and the preview is the student's own words (never where it was sent).
    expect(await listed(student, number)).toMatchObject({
      needsAction: null,
      lastMessage: { text: 'No signal in room 312 since Monday.', fromStudent: true },
    });

    expect((await teamSays(number, 'Is it the 5 GHz network or both?')).status).toBe(204);
    // An internal note is neither shown nor a question.
    expect((await teamSays(number, 'Router 3 again', true)).status).toBe(204);
    expect(await listed(student, number)).toMatchObject({
      needsAction: 'reply',
      lastMessage: { text: 'Is it the 5 GHz network or both?', fromStudent: false },
    });

    expect((await student.post(`/api/complaints/${number}/replies`, { text: 'Both of them.' })).status).toBe(204);
    expect(await listed(student, number)).toMatchObject({ needsAction: null, lastMessage: { text: 'Both of them.', fromStudent: true } });

    expect((await admin.send('POST', `/api/staff/complaints/${number}/transitions`, { to: 'resolved', note: 'Router 3 replaced.' })).status).toBe(200);
    expect(await listed(student, number)).toMatchObject({
      needsAction: 'confirm',
      lastMessage: { text: 'Router 3 replaced.', fromStudent: false },
    });
  });

  it('lists what waits for the student on its own (state=waiting), for the home page and My complaints to show first (issue 40)', async ({ newStudent: student }) => {
    const file = async (text: string) => String((await student.post('/api/complaints', aComplaint({ complaint: text }))).body.number);
    const asked = await file('The router on floor 3 blinks red.');
    const fixed = await file('No signal in the reading room.');
    const answered = await file('The wifi drops at night.');
    const quiet = await file('Slow in the mornings.');
    expect((await teamSays(asked, 'Which router exactly?')).status).toBe(204);
    expect((await admin.send('POST', `/api/staff/complaints/${fixed}/transitions`, { to: 'resolved', note: 'New access point.' })).status).toBe(200);
    expect((await teamSays(answered, 'Since when?')).status).toBe(204);
    expect((await student.post(`/api/complaints/${answered}/replies`, { text: 'Since Monday.' })).status).toBe(204);

    const waiting = await student.get('/api/complaints/mine?state=waiting');
    expect(waiting.status).toBe(200);
    const items = waiting.body.items as Listed[];
    expect(items.map((c) => [c.number, c.needsAction])).toEqual([
      [fixed, 'confirm'],
      [asked, 'reply'],
    ]);
    expect(items.map((c) => c.number)).not.toContain(quiet);
  });

  it('does not ask for a reply on a finished complaint', async ({ newStudent: student }) => {
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    await teamSays(number, 'Which floor exactly?');
    await portal.database.db.update(complaints).set({ status: 'closed' }).where(eq(complaints.number, number));
    const page = await student.get('/api/complaints/mine?state=finished');
    expect((page.body.items as Listed[]).find((c) => c.number === number)).toMatchObject({ needsAction: null });
  });

  it("rings the student's bell with a preview of the team's words", async ({ newStudent: student }) => {
    const number = String((await student.post('/api/complaints', aComplaint())).body.number);
    const long = `Could you tell us ${'which access point you see '.repeat(5)}on your phone?`;
    await teamSays(number, long);
    const [row] = await portal.database.db.select().from(complaints).where(eq(complaints.number, number));
    const bells = await portal.database.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.complaintId, row?.id ?? ''), eq(notifications.userId, row?.studentId ?? '')));
    const bell = bells.map((b) => b.text).find((t) => t.startsWith('The hostel team replied'));
    expect(bell).toBe(`The hostel team replied about ${number}: ${long.slice(0, 79)}…`);
  });
});

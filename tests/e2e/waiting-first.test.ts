import { describe, expect } from 'vitest';
import { aComplaint } from '../factories/complaints.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/*
 * Issue 40, item 12: what needs the student (a question of the team's to answer, a fix to confirm)
 * comes first on the home page and on My complaints, however many newer complaints they filed since.
 */

const ADMIN = { email: 'first.admin@vitbhopal.ac.in', name: 'First Admin' };
const STUDENT = { email: 'neha.rao@vitbhopal.ac.in', name: 'Neha Rao 23BCE10600' };
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email });
const { it } = suite;

describe('what waits for the student comes first', () => {
  it('on the home page and on My complaints, a fix to confirm and a question to answer lead, above newer complaints', async ({ browse }) => {
    const student = await suite.api(STUDENT);
    const admin = await suite.api(ADMIN);
    const file = async (text: string) => String((await student.post('/api/complaints', aComplaint({ complaint: text }))).body.number);
    const fixed = await file('The router on floor 3 blinks red all day.');
    const asked = await file('No signal in the reading room since Monday.');
    const newer = [await file('Slow in the mornings.'), await file('Drops at 9 pm.'), await file('The 5 GHz network is gone.')];
    expect((await admin.send('POST', `/api/staff/complaints/${fixed}/transitions`, { to: 'resolved', note: 'New access point.' })).status).toBe(200);
    expect((await admin.send('POST', `/api/staff/complaints/${asked}/replies`, { text: 'Which side of the room?', internal: false })).status).toBe(204);

    const { page } = await browse.as(STUDENT, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/`);
    const open = page.getByTestId('open-complaints');
    await open.getByRole('link').first().waitFor();
    // The three shown: the two waiting first (newest of them first), then the newest of the rest.
    await expect.poll(async () => (await open.locator('li').allInnerTexts()).map((text) => /HC-\d{4}-\d+/.exec(text)?.[0])).toEqual([asked, fixed, newer[2]]);

    await page.goto(`${suite.portal.baseUrl}/my`);
    const waiting = page.getByTestId('waiting-for-you');
    await waiting.getByRole('heading', { name: 'Waiting for you' }).waitFor();
    await expect.poll(async () => (await waiting.getByTestId('complaint-row').allInnerTexts()).map((text) => /HC-\d{4}-\d+/.exec(text)?.[0])).toEqual([asked, fixed]);
    // Within the first screen, above the full list.
    const box = await waiting.boundingBox();
    expect((box?.y ?? Infinity) + 100).toBeLessThan(844);
    // Each once: the rest below, newest first.
    await expect.poll(() => page.getByTestId('complaint-row').count()).toBe(5);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { browserSuite } from '../support/e2e.js';

/*
 * The complaint form checks a field again as it changes once a submit has shown its messages: a
 * field put right loses its message (and its red border) at once, one put wrong gets the new message.
 */

const STUDENT = { email: 'meera.iyer@vitbhopal.ac.in', name: 'Meera Iyer 22BCE10456' };

const suite = browserSuite({});
const { it } = suite;

const FIELDS = { hostel: 'Hostel', floor: 'Floor', roomNo: 'Room number', subCategory: "What's wrong?", complaint: 'Message' } as const;
type FieldName = keyof typeof FIELDS;

/** The message a field shows under it, or null when it shows none (and is not marked invalid). */
async function messageOf(page: Page, field: FieldName): Promise<string | null> {
  const control = page.getByLabel(FIELDS[field], { exact: true });
  const error = page.locator(`#complaint-${field}-error`);
  const invalid = (await control.getAttribute('aria-invalid')) === 'true';
  const shown = (await error.count()) > 0 ? await error.textContent() : null;
  if (invalid !== (shown !== null)) return `aria-invalid=${String(invalid)} but message ${JSON.stringify(shown)}`;
  return shown;
}

const messages = async (page: Page) =>
  Object.fromEntries(await Promise.all((Object.keys(FIELDS) as FieldName[]).map(async (f) => [f, await messageOf(page, f)] as const)));

describe('the complaint form', () => {
  it('clears each message as soon as its field is filled in correctly, and shows a new one when it goes wrong', async ({ browse }) => {
    const { page } = await browse.as(STUDENT);
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => messageOf(page, 'hostel')).not.toBeNull();
    const empty = await messages(page);
    for (const field of Object.keys(FIELDS) as FieldName[]) expect(empty[field], field).toEqual(expect.any(String));

    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-2');
    await expect.poll(() => messages(page)).toMatchObject({ hostel: null, floor: empty.floor, roomNo: empty.roomNo, complaint: empty.complaint });

    const floor = page.getByLabel('Floor', { exact: true });
    await floor.fill('9');
    await expect.poll(() => messageOf(page, 'floor')).toBe('Floor must be a number from 0 to 7');
    await floor.fill('3');
    await expect.poll(() => messageOf(page, 'floor')).toBeNull();

    await page.getByLabel('Room number', { exact: true }).fill('312');
    await expect.poll(() => messageOf(page, 'roomNo')).toBeNull();
    await page.getByRole('radio', { name: 'Slow', exact: true }).check();
    await expect.poll(() => messageOf(page, 'subCategory')).toBeNull();
    await page.getByLabel('Message', { exact: true }).fill('The wifi drops every evening after 9 pm.');
    await expect.poll(() => messages(page)).toEqual({ hostel: null, floor: null, roomNo: null, subCategory: null, complaint: null });
    // In-room work asks whether staff may enter when the student is out (decision 47): still unanswered.
    expect(await page.locator('#complaint-entryConsent-error').textContent()).toBe('Say whether staff may enter when you are out');
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();
    await expect.poll(() => page.locator('#complaint-entryConsent-error').count()).toBe(0);

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Your complaint is registered' }).waitFor();
  });
});

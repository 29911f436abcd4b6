import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { complaints, photos } from '../../src/server/db/schema.js';
import { aPhoneJpeg } from '../factories/photos.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

const ADMIN = { email: 'photo.chief@vitbhopal.ac.in', name: 'Photo Chief' };
const STUDENT = { email: 'kavya.nair@vitbhopal.ac.in', name: 'KAVYA NAIR 21BCE10031' };
const OTHER_STUDENT = { email: 'rohan.das@vitbhopal.ac.in', name: 'ROHAN DAS 21BCE10032' };
const WIFI_STAFF = { email: 'photo.wifi.tech@vitbhopal.ac.in', name: 'Photo Wifi Tech' };
/** A phone held upright, 390 px wide. */
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP_1366 = { viewport: { width: 1366, height: 768 } };
const NUMBER = /HC-\d{4}-\d{6,}/;

const suite = browserSuite({ ...RELAXED_LIMITS, ADMIN_EMAILS: ADMIN.email }, { admin: ADMIN, team: { wifi: { ...WIFI_STAFF, role: 'staff', antiRagging: false, scopes: [{ category: 'wifi', hostel: '' }] } } });
const { it } = suite;

/** Whether every image in `scope` has loaded, i.e. the server sent the bytes and the page could show them. */
async function imagesLoaded(scope: Locator): Promise<boolean> {
  return scope.locator('img').evaluateAll((images) => images.length > 0 && images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
}

describe('photos before and after', () => {
  it('a photo taken on a phone is stored without EXIF, shown to staff, refused to another student, and the after-photo reaches the student', async ({ browse }) => {
    const student = await browse.as(STUDENT, PHONE_390);
    const page = student.page;
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    await page.getByLabel('Hostel', { exact: true }).selectOption('Block-2');
    await page.getByLabel('Floor', { exact: true }).fill('2');
    await page.getByLabel('Room number', { exact: true }).fill('214');
    await page.getByRole('radio', { name: 'Not Working', exact: true }).check();
    await page.getByLabel('Message', { exact: true }).fill('The router in the corridor has a burnt smell and no lights.');
    await page.getByRole('radio', { name: 'Yes', exact: true }).check();

    // The camera button opens the camera on a phone; both are file inputs the browser fills.
    expect(await page.getByLabel('Take a photo').getAttribute('capture')).toBe('environment');
    const original = await aPhoneJpeg({ width: 3000, height: 2250 });
    await page.getByLabel('Choose photos').setInputFiles({ name: 'router.jpg', mimeType: 'image/jpeg', buffer: original });
    const picked = page.getByTestId('picked-photo');
    await expect.poll(() => picked.getAttribute('data-state')).toBe('done');
    // Uploaded is not yet decoded: a 3000 × 2250 picture can still be drawing when the upload ends.
    await expect.poll(() => imagesLoaded(picked)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);

    await page.getByRole('button', { name: 'Submit' }).click();
    const card = page.getByRole('status').filter({ hasText: 'Your complaint is registered' });
    await card.waitFor();
    const number = NUMBER.exec((await card.textContent()) ?? '')?.[0] ?? '';
    expect(number).toMatch(NUMBER);
    // The picker is empty again for the next complaint.
    expect(await page.getByTestId('picked-photo').count()).toBe(0);

    // Stored: one photo on the complaint, at most 1600 px, WebP, and nothing of the camera's EXIF or GPS.
    const db = suite.portal.app.db;
    const [complaint] = await db.select().from(complaints).where(eq(complaints.number, number));
    const stored = await db.select().from(photos).where(eq(photos.complaintId, complaint?.id ?? ''));
    expect(stored).toHaveLength(1);
    const bytes = await suite.portal.app.photoStorage.get(db, stored[0]?.id ?? '', 'full');
    if (!bytes) throw new Error('the photo has no bytes');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, Math.max(meta.width, meta.height), meta.exif]).toEqual(['webp', 1600, undefined]);
    for (const word of ['PhotoTestCam', 'Meera', 'GPS']) expect(bytes.toString('latin1')).not.toContain(word);

    // The staff member in scope sees it on the complaint, and resolves it with an "after" photo.
    const staff = await browse.as(WIFI_STAFF, DESKTOP_1366);
    await staff.page.goto(`${suite.portal.baseUrl}/staff/complaints/${number}`);
    const staffGallery = staff.page.getByTestId('photo-gallery');
    await staffGallery.getByTestId('photos-before').getByRole('img').waitFor();
    // Below the actions at a desk, and lazily loaded: the worker scrolls to it.
    await staffGallery.scrollIntoViewIfNeeded();
    await expect.poll(() => imagesLoaded(staffGallery)).toBe(true);
    await staff.page
      .getByTestId('photo-picker')
      .getByLabel('Choose photos')
      .setInputFiles({ name: 'new-router.jpg', mimeType: 'image/jpeg', buffer: await aPhoneJpeg({ colour: '#2ecc71' }) });
    await expect.poll(() => staff.page.getByTestId('picked-photo').getAttribute('data-state')).toBe('done');
    await staff.page.getByLabel('Reply to the student').fill('Router replaced.');
    await staff.page.getByRole('button', { name: 'Send and mark resolved' }).click();
    await staff.page.getByTestId('reply-result').getByText('Sent to the student and marked resolved.').waitFor();
    await staffGallery.getByTestId('photos-after').getByRole('img').waitFor();
    expect(await seriousAxeViolations(staff.page)).toEqual([]);

    // Another student: the complaint does not exist for them, nor its photo.
    browse.allow(new RegExp(`status of 404 .*/api/complaints/${number}\\)`));
    const other = await browse.as(OTHER_STUDENT, PHONE_390);
    await other.page.goto(`${suite.portal.baseUrl}/my/${number}`);
    await other.page.getByTestId('complaint-not-found').waitFor();
    const photoUrl = `${suite.portal.baseUrl}/api/photos/${stored[0]?.id ?? ''}/full`;
    expect((await other.context.request.get(photoUrl)).status()).toBe(404);
    expect((await other.context.request.get(`${suite.portal.baseUrl}/api/complaints/${number}/photos`)).status()).toBe(404);
    expect((await staff.context.request.get(photoUrl)).status()).toBe(200);

    // The student sees their photo and the team's "after" photo.
    await page.goto(`${suite.portal.baseUrl}/my/${number}`);
    const gallery = page.getByTestId('photo-gallery');
    await gallery.getByTestId('photos-after').getByRole('img', { name: 'Photo 1 after the work (opens full size)' }).waitFor();
    await gallery.getByTestId('photos-before').getByRole('img').waitFor();
    await expect.poll(() => imagesLoaded(gallery)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  it('says plainly why a file that is not a photo is refused, and lets it be removed', async ({ browse }) => {
    const { page } = await browse.as(STUDENT, PHONE_390);
    browse.allow(/api\/photos.*415|status of 415/);
    await page.goto(`${suite.portal.baseUrl}/complaints/wifiComplaint`);
    await page.getByRole('heading', { name: 'Wifi complaint', level: 1 }).waitFor();
    // The page is prerendered: its fields are disabled until the app has taken over.
    const picker = page.getByLabel('Choose photos');
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await picker.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><body>not a photo</body></html>') });
    await page.getByTestId('picked-photo').getByRole('alert').getByText('Photos must be JPEG, PNG or WebP images.').waitFor();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    expect(await page.getByTestId('picked-photo').count()).toBe(0);
  });
});

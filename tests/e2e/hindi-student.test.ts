import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { categories, hostels } from '../../src/server/db/schema.js';
import { localNameOr, type PublicCatalog, type Translated, type Translations } from '../../src/shared/catalog.js';
import { hasHorizontalScroll, seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';

/*
 * Issue 28: a student on a phone picks हिन्दी on the account page and files a complaint through the
 * whole form in Hindi. Every screen on the way reads in Hindi: the only Latin letters left are names
 * an administrator gave no Hindi for, the complaint's number, and words people say in English. The
 * Devanagari is drawn with real glyphs, not boxes.
 */

const STUDENT = { email: 'kavya.nair@vitbhopal.ac.in', name: 'Kavya Nair 23BCE10077' };
/** The phone of the issue: 390×844. */
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const COMPLAINT_TEXT = 'रात के खाने में दाल रोज़ ठंडी मिलती है।';
/** Words Hindi speakers say in English, and the names of the two languages (each named in itself). */
const LATIN_WORDS = new Set(['Wi-Fi', 'WhatsApp', 'FIR', 'OTP', 'QR', 'CSV', 'PDF', 'iPhone', 'iPad', 'iOS', 'English']);

// The mail the student gets goes to the suite's SMTP sink, to be read in Hindi too.
const env: Record<string, string> = { MAIL_POLL_INTERVAL_MS: '200' };
const suite = browserSuite(env, { mail: true });
const { it } = suite;

beforeAll(async () => {
  // An administrator gave the mess and Block-2 their Hindi names (the other names stay English).
  const { db } = suite.portal.database;
  const [mess] = await db.select().from(categories).where(eq(categories.key, 'mess'));
  const hindi: Record<string, string> = { Food: 'खाना', Staff: 'कर्मचारी', Other: 'अन्य' };
  await db
    .update(categories)
    .set({
      translations: { hi: { cardTitle: 'मेस', complaintHead: 'मेस की शिकायत', description: 'खाने की क्वालिटी, मेस के कर्मचारी और मेस की दूसरी बातें।' } },
      subCategories: (mess?.subCategories ?? []).map((sub) => {
        const name = hindi[sub.name];
        return name ? { ...sub, translations: { hi: { name } } } : sub;
      }),
    })
    .where(eq(categories.key, 'mess'));
  await db.update(hostels).set({ translations: { hi: { name: 'ब्लॉक-2' } } }).where(eq(hostels.name, 'Block-2'));
  suite.portal.app.catalog.invalidate();
});

/** The catalogue as the page gets it. */
const servedCatalog = (page: Page) => page.evaluate(async () => (await fetch('/api/catalog')).json() as Promise<PublicCatalog>);

/** The English names the catalogue gives no Hindi for: shown in English on a Hindi page, as they should be. */
function untranslatedNames(catalog: PublicCatalog): string[] {
  const untranslated = <Field extends string>(thing: Translated<Field>, field: Field) => (thing.translations?.hi?.[field] ? [] : [thing[field]]);
  return [
    ...untranslated(catalog.university, 'name'),
    ...catalog.hostels.flatMap((h) => [...untranslated(h, 'name'), ...(h.commonAreas ?? []).flatMap((a) => untranslated(a, 'name'))]),
    ...catalog.categories.flatMap((c) => [
      ...untranslated(c, 'cardTitle'),
      // The form's heading says "Mess complaint" for "Mess Complaint".
      ...untranslated(c, 'complaintHead').flatMap((head) => [head, head.replace(/ Complaint$/, ' complaint')]),
      ...untranslated(c, 'description'),
      ...c.subCategories.flatMap((s) => untranslated(s, 'name')),
    ]),
    ...catalog.services.flatMap((s) => untranslated(s, 'label')),
  ].filter((name) => name !== '');
}

/** The words in Latin letters left in the page's main part once `allowed` is taken out. */
async function englishLeft(page: Page, allowed: readonly string[]): Promise<string[]> {
  let text = await page.locator('#main').innerText();
  for (const phrase of [...allowed].sort((a, b) => b.length - a.length)) text = text.split(phrase).join(' ');
  return (text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).filter((word) => !LATIN_WORDS.has(word));
}

/**
 * Whether an element's Devanagari is drawn with glyphs: in its own font, the text must not measure
 * the same as as many characters no font has (each drawn as the same empty box).
 */
function drawnWithGlyphs(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const element = document.querySelector(css);
    const text = element?.textContent ?? '';
    const context = document.createElement('canvas').getContext('2d');
    if (!element || !context || !/[\u0900-\u097F]/.test(text)) return false;
    context.font = getComputedStyle(element).font;
    const missing = '\uE000'.repeat([...text].length);
    return Math.abs(context.measureText(text).width - context.measureText(missing).width) > 1;
  }, selector);
}

describe('a student in Hindi', () => {
  it('picks हिन्दी on the account page and files a complaint through the whole form in Hindi', async ({ browse }) => {
    const { page } = await browse.as(STUDENT, PHONE_390);
    const base = suite.portal.baseUrl;
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));

    // The account page, in English until the student picks हिन्दी.
    await page.goto(`${base}/userInfo`);
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'हिन्दी' }).check();
    await page.getByRole('heading', { name: 'आपका अकाउंट', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'हिन्दी' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(false);
    // Kept on the server, which writes this student's mail, push and bell in it.
    await expect.poll(() => page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { locale: string | null } }).user.locale)).toBe('hi');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await drawnWithGlyphs(page, '#user-info-heading')).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const catalog = await servedCatalog(page);
    const names = untranslatedNames(catalog);
    const mess = catalog.categories.find((c) => c.key === 'mess');
    if (!mess) throw new Error('the catalogue has no mess');
    const local = <Field extends string>(en: string, thing: { translations?: Translations<Field> | undefined } | undefined, field: Field) => localNameOr('hi', en, thing, field);

    // The categories, in Hindi after a reload (the device and the server both remember the choice).
    await page.goto(`${base}/complaints`);
    await page.getByRole('heading', { name: 'शिकायतें', level: 1 }).waitFor();
    await expect.poll(() => englishLeft(page, names)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('link', { name: local(mess.cardTitle, mess, 'cardTitle') }).first().click();

    // The form: its heading, labels, choices and buttons.
    const heading = local(mess.complaintHead.replace(/ Complaint$/, ' complaint'), mess, 'complaintHead');
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.getByText('सभी जानकारी भरना ज़रूरी है।').waitFor();
    await expect.poll(() => englishLeft(page, names)).toEqual([]);
    const hostel = page.getByLabel('हॉस्टल', { exact: true });
    await hostel.selectOption('Block-2');
    const block2 = catalog.hostels.find((h) => h.name === 'Block-2');
    expect(await hostel.locator('option:checked').textContent()).toBe(local('Block-2', block2, 'name'));
    await page.getByLabel('मंज़िल', { exact: true }).fill('3');
    await page.getByLabel('कमरा नंबर', { exact: true }).fill('312');
    await page.getByRole('radiogroup', { name: 'क्या समस्या है?' }).waitFor();
    const food = mess.subCategories.find((s) => s.name === 'Food');
    await page.getByRole('radio', { name: local('Food', food, 'name'), exact: true }).check();
    await page.getByLabel('संदेश', { exact: true }).fill(COMPLAINT_TEXT);
    await expect.poll(() => englishLeft(page, names)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('button', { name: 'भेजें', exact: true }).click();

    // The filed screen: the number, when it should be done, the way to follow it.
    const filed = page.getByTestId('filed-screen');
    await filed.getByRole('heading', { name: 'शिकायत दर्ज हो गई' }).waitFor();
    const number = (await filed.locator('strong.font-mono').textContent()) ?? '';
    expect(number).toMatch(/\d/);
    await expect.poll(() => filed.innerText()).toContain(`आपका नंबर है ${number}`);
    await expect.poll(() => englishLeft(page, [...names, number, COMPLAINT_TEXT])).toEqual([]);
    expect(await drawnWithGlyphs(page, '#filed-heading')).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);

    // Its page, then My complaints.
    await filed.getByRole('link', { name: 'इसे देखते रहें' }).click();
    await page.getByRole('heading', { name: `शिकायत ${number}`, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'मेरी शिकायतों पर वापस' }).click();
    await page.getByRole('heading', { name: 'मेरी शिकायतें', level: 1 }).waitFor();
    const row = page.getByTestId('complaint-row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.innerText()).toContain(local(mess.complaintHead, mess, 'complaintHead'));
    await expect.poll(() => englishLeft(page, [...names, number, COMPLAINT_TEXT])).toEqual([]);
    expect(await drawnWithGlyphs(page, '#my-complaints-heading')).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The student's phone loaded the Hindi of its own pages, never the staff's or the admins'.
    expect(fetched.filter((path) => /\/assets\/web-student-/.test(path))).not.toEqual([]);
    expect(fetched.filter((path) => /\/assets\/web-(staff|admin|insights)-/.test(path))).toEqual([]);

    // The mail that tells the student it arrived: in Hindi, naming the category as the Hindi reader knows it.
    await expect.poll(() => suite.sink.to(STUDENT.email).length).toBeGreaterThan(0);
    const [receipt] = suite.sink.to(STUDENT.email);
    expect(receipt?.parsed.subject).toBe(`आपकी शिकायत हमें मिल गई — ${number}`);
    const body = receipt?.parsed.text ?? '';
    expect(body).toContain(local(mess.complaintHead, mess, 'complaintHead'));
    // No English of the mail's own words: only names, the number, addresses and links are left in Latin letters.
    const latin = body
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\S+@\S+/g, ' ')
      .split(number)
      .join(' ');
    const left = [...names, ...STUDENT.name.split(' ')].sort((a, b) => b.length - a.length).reduce((text, name) => text.split(name).join(' '), latin);
    expect((left.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []).filter((word) => !LATIN_WORDS.has(word))).toEqual([]);
  });

  it("switches with the header's button and back, the keyboard focus staying on it", async ({ browse }) => {
    const { page } = await browse.as({ email: 'arjun.mehta@vitbhopal.ac.in', name: 'Arjun Mehta 23BCE10078' }, PHONE_390);
    await page.goto(`${suite.portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Hostel Complaint Portal', level: 1 }).waitFor();
    // The switch itself, once the app owns the page (a tap before then is first-tap.test.ts's).
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app ?? '')).toBe('live');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    const saved = () => page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { locale: string | null } }).user.locale);

    await page.getByRole('button', { name: 'हिन्दी', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'हॉस्टल शिकायत पोर्टल', level: 1 }).waitFor();
    await expect.poll(focused).toBe('English');
    await expect.poll(saved).toBe('hi');

    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Hostel Complaint Portal', level: 1 }).waitFor();
    await expect.poll(focused).toBe('हिन्दी');
    await expect.poll(saved).toBe('en');
  });
});

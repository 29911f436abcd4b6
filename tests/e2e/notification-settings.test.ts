import { describe, expect } from 'vitest';
import { seriousAxeViolations } from '../support/browser.js';
import { browserSuite } from '../support/e2e.js';
import { RELAXED_LIMITS } from '../support/limits.js';

/** The notifications page (issue 24) as a student uses it on a phone: reached from the account page, switches that stay. */

const TARA = { email: 'tara.menon@vitbhopal.ac.in', name: 'TARA MENON 21BCE10061' };

const suite = browserSuite(RELAXED_LIMITS);
const { it } = suite;

describe('the notifications settings page', () => {
  it('a student turns mail and the bell off from the account page, and they stay off', async ({ browse }) => {
    const { page } = await browse.as(TARA);
    await page.goto(`${suite.portal.baseUrl}/userInfo`);
    await page.getByRole('link', { name: 'Notifications: push, e-mail and the bell' }).click();
    await page.waitForURL(`${suite.portal.baseUrl}/settings/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();

    const mail = page.getByRole('switch', { name: 'E-mail' });
    const bell = page.getByRole('switch', { name: 'The bell' });
    expect(await mail.getAttribute('aria-checked')).toBe('true');
    expect(await bell.getAttribute('aria-checked')).toBe('true');
    expect({ violations: await seriousAxeViolations(page) }).toEqual({ violations: [] });

    await mail.click();
    await page.getByTestId('notification-channels-status').filter({ hasText: 'Saved: no e-mail.' }).waitFor();
    await expect.poll(() => bell.isEnabled()).toBe(true);
    await bell.click();
    await page.getByTestId('notification-channels-status').filter({ hasText: 'Saved: the bell stays quiet.' }).waitFor();

    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'E-mail' }).getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('switch', { name: 'The bell' }).getAttribute('aria-checked')).toBe('false');
    const saved = await (await suite.api(TARA)).get('/api/me/notification-channels');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ mail: false, bell: false });
    expect({ violations: await seriousAxeViolations(page) }).toEqual({ violations: [] });
  });
});

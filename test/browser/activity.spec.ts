import { expect, test } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations, uniqueAdmin } from './support';

test('Activity shows what an administrator just did, by name, filtered by administrator and kind in the URL', async ({ page, browser }) => {
  // A second browser context signing in, two axe runs, and the first test of its worker on a cold
  // server: on a loaded 2-core machine it has taken over a minute (seen in CI, 26 November).
  test.slow();
  // A new admin of its own, so other tests' actions never crowd the page.
  const admin = uniqueAdmin('Auditor');
  const registered = await apiOf(page).post('/api/admins/register/', { data: admin });
  expect(registered.status()).toBe(201);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const own = await context.newPage();
  try {
    await own.goto('/admin/login');
    await own.getByLabel('Email').fill(admin.email);
    await own.getByLabel('Password').fill(admin.password);
    await own.getByRole('button', { name: 'Login' }).click();
    await expect(own).toHaveURL(/\/admin$/); // signing in lands on the dashboard (issue 24)

    const title = unique('Audited ');
    const created = await own.request.post('/api/services', { data: { title, about: 'A' } });
    const { id } = (await created.json()) as { id: string };
    expect((await own.request.patch(`/api/services/${id}`, { data: { about: 'B' } })).status()).toBe(200);
    expect((await own.request.delete(`/api/services/${id}`)).status()).toBe(200);

    await own.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect(own.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await own.getByLabel('Administrator').selectOption({ label: admin.name });
    await expect(own).toHaveURL(/admin=/);
    const entries = own.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    await expect(entries.nth(0)).toContainText(`${admin.name} deleted service “${title}”`);
    await expect(entries.nth(1)).toContainText(`${admin.name} edited service “${title}”`);
    await expect(entries.nth(1)).toContainText('Changed: about');
    await expect(entries.nth(2)).toContainText(`${admin.name} created service “${title}”`);
    await expect(entries.nth(3)).toContainText(`${admin.name} signed in`);
    await expectNoA11yViolations(own);

    await own.getByLabel('Kind').selectOption({ label: 'Sign-in and sign-out' });
    await expect(own).toHaveURL(/kind=session/);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`${admin.name} signed in`);

    // The filters live in the URL: a reload keeps them.
    await own.reload();
    await expect(own.getByLabel('Kind')).toHaveValue('session');
    await expect(entries).toHaveCount(1);

    await own.setViewportSize({ width: 390, height: 844 });
    expect(await own.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(own);
  } finally {
    await context.close();
  }
});

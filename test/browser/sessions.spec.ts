import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiOf, expectNoA11yViolations, uniqueAdmin } from './support';

/** A browser of its own (no saved state), signed in as `admin` through the login screen. */
async function signedInBrowser(browser: Browser, admin: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}

async function signedIn(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/admins/me');
  return ((await res.json()) as { admin: unknown }).admin !== null;
}

test('Your sessions lists where the admin is signed in, ends another browser’s session and signs out everywhere else', async ({
  page,
  browser,
}) => {
  // Two browsers signing in, and axe twice: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  // An admin of its own, so no other test's sessions show in the list.
  const admin = uniqueAdmin('Traveller');
  expect((await apiOf(page).post('/api/admins/register/', { data: admin })).status()).toBe(201);
  const laptop = await signedInBrowser(browser, admin);
  const lost = await signedInBrowser(browser, admin);
  try {
    await laptop.setViewportSize({ width: 1280, height: 860 });
    await laptop.goto('/admin/account');
    const section = laptop.getByRole('region', { name: 'Your sessions' });
    const items = section.getByRole('listitem');
    await expect(items).toHaveCount(2);
    // This device first, without an End button; the other one with its own (Playwright's desktop Chrome says Windows).
    await expect(items.first()).toContainText('this device');
    await expect(items.first()).toContainText(/Chrome \d+ on \w+/);
    await expect(items.first()).toContainText('Last seenNow');
    await expect(items.first().getByRole('button')).toHaveCount(0);
    await expect(items.nth(1)).toContainText('AddressThis computer (127.0.0.1)');
    await expectNoA11yViolations(laptop);

    await items
      .nth(1)
      .getByRole('button', { name: /^End session on Chrome \d+ on \w+$/ })
      .click();
    await expect(laptop.getByText(/^Session on Chrome \d+ on \w+ ended$/)).toBeVisible();
    await expect(items).toHaveCount(1);
    expect(await signedIn(lost)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    // Alone now: nothing else to sign out of.
    await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0);

    // Signed in again there (and on a phone), then signed out everywhere else at once.
    await lost.goto('/admin/login');
    await lost.getByLabel('Email').fill(admin.email);
    await lost.getByLabel('Password').fill(admin.password);
    await lost.getByRole('button', { name: 'Login' }).click();
    await expect(lost).toHaveURL(/\/admin$/);
    await laptop.setViewportSize({ width: 390, height: 844 });
    await laptop.reload();
    await expect(items).toHaveCount(2);
    expect(await laptop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(laptop);
    await section.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(laptop.getByText('Signed out of 1 other session')).toBeVisible();
    await expect(items).toHaveCount(1);
    expect(await signedIn(lost)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  } finally {
    await laptop.context().close();
    await lost.context().close();
  }
});

import { expect, test, type Page } from '@playwright/test';
import { baseURL } from './playwright.config';
import { expectNoA11yViolations, uniqueAdmin } from './support';

// Issue #38 items 1 and 2 in the browser: Settings → Mail when SMTP_URL wins (the suite's server
// sets it), and a password-reset link an administrator makes for a colleague, handed over, which
// sets the password once.

test.describe.configure({ timeout: 120_000 });
test.use({ storageState: { cookies: [], origins: [] } });

async function accessibleAtBothSizes(page: Page) {
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A new admin, signed in on `page` (a fresh sign-in also counts as the recent confirmation). */
async function signedIn(page: Page, label: string) {
  const admin = uniqueAdmin(label);
  expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
  expect((await page.request.post('/api/admins/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
  return admin;
}

test('Settings → Mail says SMTP_URL wins and shows its fields read-only', async ({ page }) => {
  await signedIn(page, 'Mailer');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/settings');
  const mail = page.getByRole('region', { name: 'Mail' });
  await expect(mail.getByText(/SMTP_URL is set in the server's environment/)).toBeVisible();
  await expect(mail.getByRole('textbox', { name: 'Mail server' })).toBeDisabled();
  await expect(mail.getByRole('button', { name: 'Save mail settings' })).toHaveCount(0);
  await accessibleAtBothSizes(page);
});

test('a reset link made by a colleague on the Admins screen sets the password once, then is refused', async ({ page, browser }) => {
  await signedIn(page, 'Helper');
  const colleague = uniqueAdmin('Colleague');
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  expect((await guest.request.post(`${baseURL}/api/admins/register`, { data: colleague })).status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/admins');
  await page.getByRole('button', { name: `Make a reset link for ${colleague.name}` }).click();
  const link = page.getByLabel('One-time link');
  await expect(link).toHaveValue(/\/admin\/reset-password#token=/);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await accessibleAtBothSizes(page);
  const url = await link.inputValue();

  const theirs = await guest.newPage();
  await theirs.goto(url);
  await expect(theirs.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await theirs.getByLabel('New password').fill('a colleague passphrase 7');
  await theirs.getByRole('button', { name: 'Set new password' }).click();
  await expect(theirs).toHaveURL(/\/admin\/login$/);
  await theirs.getByLabel('Email').fill(colleague.email);
  await theirs.getByLabel('Password').fill('a colleague passphrase 7');
  await theirs.getByRole('button', { name: 'Login' }).click();
  await expect(theirs).toHaveURL(/\/admin$/);

  // The same link a second time: spent.
  const again = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const second = await again.newPage();
  await second.goto(url);
  await second.getByLabel('New password').fill('another passphrase 8');
  await second.getByRole('button', { name: 'Set new password' }).click();
  await expect(second.getByText(/This link is not valid any more/)).toBeVisible();
  await again.close();
  await guest.close();
});

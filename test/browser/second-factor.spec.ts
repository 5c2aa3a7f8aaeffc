import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { unique } from '../support/unique.mjs';
import { expectNoA11yViolations, uniqueAdmin } from './support';

// Two-step sign-in (issue #22): authenticator codes turned on in Your account, the login screen's
// second step with a code computed here (as the phone's app computes it) and with a recovery code,
// and the sign-in-again dialog asking for the code.

// Each flow runs axe at two sizes on several screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });
test.use({ storageState: { cookies: [], origins: [] } });

/** The code the app shows, `offsetSeconds` from now (30: the next step's, which the server also accepts). */
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** axe at desktop width and at a phone's, with nothing wider than the phone. */
async function accessibleAtBothSizes(page: Page) {
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function logInWithPassword(page: Page, admin: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('turn on authenticator codes, sign out, sign in with a code, then with a recovery code', async ({ page }) => {
  const admin = uniqueAdmin('Totp');
  expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInWithPassword(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('Signing in asks for your password only.');
  await accessibleAtBothSizes(page);

  await section.getByRole('button', { name: 'Turn on authenticator codes' }).click();
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await section.locator('code').first().textContent())!.replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await accessibleAtBothSizes(page);

  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByLabel('Code from the app')).toHaveAccessibleDescription(
    'This code is not right. Enter the code your authenticator app shows now.',
  );
  // The previous step's code (still accepted): the current one is left for the sign-in below.
  await section.getByLabel('Code from the app').fill(await codeAt(secret, -30));
  await section.getByRole('button', { name: 'Turn on' }).click();

  await expect(section.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCodes = await section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download as a text file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const file = readFileSync(await download.path(), 'utf8');
  for (const code of recoveryCodes) expect(file).toContain(code);
  await accessibleAtBothSizes(page);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section).toContainText('Authenticator codes are on');
  await expect(section).toContainText('10 recovery codes left');

  // Signed out, the password alone no longer signs in: the second step asks for the code.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await logInWithPassword(page, admin);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toHaveAttribute('autocomplete', 'one-time-code');
  await accessibleAtBothSizes(page);
  await page.getByLabel('Authentication code').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // And with a recovery code, which then is spent.
  await page.getByRole('button', { name: 'Logout' }).click();
  await logInWithPassword(page, admin);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  await accessibleAtBothSizes(page);
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/account');
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('9 recovery codes left');
});

test('the sign-in-again dialog asks for the code after the password, then saves what was typed', async ({ page, context }) => {
  const admin = uniqueAdmin('Again');
  expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
  expect((await page.request.post('/api/admins/login', { data: admin })).status()).toBe(200);
  const { secret } = await (await page.request.post('/api/admins/me/totp')).json();
  expect((await page.request.post('/api/admins/me/totp/confirm', { data: { code: await codeAt(secret, -30) } })).status()).toBe(200);

  const title = unique('Kept service ');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/service/create');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('About').fill('Typed before the session ended.');
  await context.clearCookies();
  await page.getByRole('button', { name: 'Create Service' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await dialog.getByLabel('Password').fill(admin.password);
  await dialog.getByRole('button', { name: 'Sign in and save' }).click();
  await expect(dialog.getByLabel('Authentication code')).toHaveAttribute('autocomplete', 'one-time-code');
  await accessibleAtBothSizes(page);
  await dialog.getByLabel('Authentication code').fill(await codeAt(secret));
  await dialog.getByRole('button', { name: 'Sign in and save' }).click();

  await expect(page).toHaveURL(/\/admin\/service$/);
  await expect(page.getByRole('list', { name: 'Services' }).getByRole('heading', { name: title })).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, uniqueAdmin } from './support';

/*
 * Passkeys with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain), which
 * answers the browser's prompts as a platform authenticator that has verified its user. A relying
 * party id must be a domain name, never an IP address: the suite's server has PUBLIC_URL
 * http://localhost:PORT (a secure context over plain HTTP), its baseURL (playwright.config.ts).
 */
test.use({ storageState: { cookies: [], origins: [] } });

async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return authenticatorId;
}

async function logIn(page: Page, admin: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** axe at the desktop and the phone width, and nothing wider than the phone's screen. */
async function checkBothSizes(page: Page) {
  await page.setViewportSize({ width: 1280, height: 860 });
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** An admin of the test's own, signed in on `page`, which has a virtual authenticator. */
async function signedInWithAuthenticator(page: Page) {
  const admin = uniqueAdmin('Passkey');
  expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
  await addVirtualAuthenticator(page);
  await logIn(page, admin);
  return admin;
}

async function addPasskey(page: Page, name: string) {
  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Passkey name').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(`Passkey “${name}” added`)).toBeVisible();
}

test('an admin adds a passkey, signs out, signs in with it alone, then removes it', async ({ page }) => {
  // Six axe runs (three screens at two sizes) on top of the journey.
  test.slow();
  // As in a browser without passkey autofill: the virtual authenticator would answer the login
  // screen's autofill request at once, before the button could be pressed (the next test).
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  const admin = await signedInWithAuthenticator(page);

  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await checkBothSizes(page);
  await addPasskey(page, 'Work laptop');
  const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await expect(item).toContainText('never used');
  await expect(section.getByLabel('Passkey name')).toHaveValue('');
  await checkBothSizes(page);

  await logOut(page);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await checkBothSizes(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('complementary', { name: 'Side menu' }).getByText(admin.name)).toBeVisible();
  const entries = (await (await page.request.get('/api/activity?kind=session')).json()) as {
    data: { action: string; admin: { name: string } }[];
  };
  expect(entries.data.find((e) => e.admin?.name === admin.name)?.action).toBe('sign-in-passkey');

  await page.goto('/admin/account');
  await expect(item).toContainText('last used');
  await item.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
  await expect(page.getByText('Passkey “Work laptop” removed')).toBeVisible();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The authenticator still holds it, but the site no longer accepts it.
  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('The passkey was not accepted. Try again, or log in with your password.');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("where the browser offers passkeys among the email field's suggestions, picking one signs in", async ({ page }) => {
  const admin = await signedInWithAuthenticator(page);
  await addPasskey(page, 'Phone');
  // Signed out, the login screen asks for a passkey in the background (conditional mediation); the
  // virtual authenticator answers it as a person picking the suggestion would.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('complementary', { name: 'Side menu' }).getByText(admin.name)).toBeVisible();
  await page.goto('/admin/account');
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Phone' })).toContainText(
    'last used',
  );
});

/** Answers the next call to `path` (one only) as the server does when the session's confirmation is stale. */
async function refuseOnceForConfirmation(page: Page, path: string) {
  let refused = false;
  await page.route(`**${path}`, async (route) => {
    if (refused) return route.continue();
    refused = true;
    const error = { password: { msg: 'Confirm it is you: enter your password or use a passkey, then make this change again.' } };
    await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error }) });
  });
}

test('a lasting change without a recent confirmation asks for the password or a passkey in place, then goes on', async ({ page }) => {
  // Two ceremonies and axe at two widths.
  test.slow();
  const admin = await signedInWithAuthenticator(page);
  await refuseOnceForConfirmation(page, '/api/admins/me/passkeys/options');
  await page.goto('/admin/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Passkey name').fill('Laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await checkBothSizes(page);
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(admin.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Passkey “Laptop” added')).toBeVisible();

  // With the passkey just added, "Use a passkey" confirms instead of the password.
  await refuseOnceForConfirmation(page, '/api/admins/me/passkeys/*');
  await section.getByRole('button', { name: 'Remove the passkey Laptop' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Passkey “Laptop” removed')).toBeVisible();
});

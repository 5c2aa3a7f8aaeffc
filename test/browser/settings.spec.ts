import { expect, test, type Page } from '@playwright/test';
import type { components } from '../../client/src/lib/api-types';
import { unique } from '../support/unique.mjs';
import { ADMIN, apiOf, expectNoA11yViolations } from './support';

// Issue 15: the Settings screen. Every test here changes the site's one row of settings, so this
// file runs in the 'site-wide' project (playwright.config.ts): after every other spec, one test at
// a time. Each test sets the values it starts from, and leaves maintenance on, as the other
// specs expect of `/`.
test.describe.configure({ mode: 'default' });

const PHONE = { width: 360, height: 740 };

type Settings = components['schemas']['UpdateSettingsDto'];

async function saveThroughApi(page: Page, changes: Partial<Settings>): Promise<Settings> {
  const res = await apiOf(page).patch('/api/settings', { data: changes });
  expect(res.status()).toBe(200);
  return (await res.json()) as Settings;
}

async function readThroughApi(page: Page): Promise<Settings> {
  const res = await apiOf(page).get('/api/settings');
  expect(res.status()).toBe(200);
  return (await res.json()) as Settings;
}

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
const sideMenu = (page: Page) => page.getByRole('complementary', { name: 'Side menu' });
const siteRegion = (page: Page) => page.getByRole('region', { name: 'Website' });

test.beforeEach(async ({ page }) => {
  await saveThroughApi(page, { maintenance: true, companyName: 'Settings Test Ltd', tagline: 'Before', email: '', phone: '' });
});

test.afterEach(async ({ page }) => {
  await saveThroughApi(page, { maintenance: true });
});

test('opens Settings from the side menu, saves the tagline and phone, and a reload keeps them', async ({ page }) => {
  await page.goto('/admin/service');
  await sideMenu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page).toHaveTitle('Settings · Admin Panel');
  await expect(page.getByLabel('Company name')).toHaveValue('Settings Test Ltd');
  await expect(page.getByLabel('Tagline')).toHaveValue('Before');
  await expect(siteRegion(page).getByText('Hidden (maintenance page)')).toBeVisible();
  await expectNoA11yViolations(page);

  const tagline = unique('Pipes fixed fast ');
  await page.getByLabel('Tagline').fill(tagline);
  await page.getByLabel('Phone').fill('+1 (555) 010-0199');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page)).toContainText('Settings saved');
  // Saved, nothing is left to lose: leaving asks nothing.
  await sideMenu(page).getByRole('link', { name: 'Services' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/service$/);

  await page.goto('/admin/settings');
  await expect(page.getByLabel('Tagline')).toHaveValue(tagline);
  await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 010-0199');
  await page.reload();
  await expect(page.getByLabel('Tagline')).toHaveValue(tagline);
  await expect(page.getByLabel('Phone')).toHaveValue('+1 (555) 010-0199');
  await expect(siteRegion(page).getByText('Hidden (maintenance page)')).toBeVisible();
  expect(await readThroughApi(page)).toMatchObject({ tagline, phone: '+1 (555) 010-0199', maintenance: true });

  // The Activity screen names the change and the fields, never their values.
  await sideMenu(page).getByRole('link', { name: 'Activity' }).click();
  await page.getByLabel('Kind').selectOption({ label: 'Settings' });
  await expect(page).toHaveURL(/kind=settings/);
  const latest = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first();
  await expect(latest).toContainText(`${ADMIN.name} edited Site settings`);
  await expect(latest).toContainText('Changed: tagline, phone');
  await expect(latest).not.toContainText(tagline);
});

test('shows the server’s message under Email for a bad address, keeps the keyboard there and saves nothing', async ({ page }) => {
  await page.goto('/admin/settings');
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await email.fill('not-an-email');
  await page.getByLabel('Tagline').fill(unique('Not saved '));
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email must be a valid email address');
  await expect(page.getByText('Email must be a valid email address')).toBeVisible();
  await expect(email).toBeFocused();
  await expect(toasts(page)).not.toContainText('Settings saved');
  expect(await readThroughApi(page)).toMatchObject({ email: '', tagline: 'Before' });
  await expectNoA11yViolations(page);

  // Corrected, it saves.
  await email.fill('hello@example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page)).toContainText('Settings saved');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  expect((await readThroughApi(page)).email).toBe('hello@example.com');
});

// Issue 38: going live from Settings, at once after a confirmation (no Save further down), by keyboard.
for (const [label, viewport, colorScheme] of [
  ['1280 px, light', { width: 1280, height: 860 }, 'light'],
  ['390 px, dark', { width: 390, height: 844 }, 'dark'],
] as const) {
  test(`at ${label} Settings puts the site live and hides it again at once, each after a confirmation, by keyboard`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize(viewport);
    await page.goto('/admin/settings');
    const site = siteRegion(page);
    await expect(site.getByText('Hidden (maintenance page)')).toBeVisible();
    await expect(site.getByText('Visitors see only the maintenance page.')).toBeVisible();
    await expectNoA11yViolations(page);

    await site.getByRole('button', { name: 'Put the site live' }).press('Enter');
    const ask = page.getByRole('dialog', { name: 'Put the site live?' });
    await expect(ask).toContainText('Visitors will see the website at once');
    await expectNoA11yViolations(page);
    // Escape changes nothing.
    await page.keyboard.press('Escape');
    await expect(ask).toHaveCount(0);
    expect((await readThroughApi(page)).maintenance).toBe(true);

    await site.getByRole('button', { name: 'Put the site live' }).press('Enter');
    await ask.getByRole('button', { name: 'Put live' }).press('Enter');
    await expect(toasts(page)).toContainText('The site is live.');
    await expect(site.getByText('Live', { exact: true })).toBeVisible();
    await expect(site.getByText('Visitors see the website.')).toBeVisible();
    expect((await readThroughApi(page)).maintenance).toBe(false);

    await site.getByRole('button', { name: 'Hide the site' }).press('Enter');
    await page.getByRole('dialog', { name: 'Hide the site?' }).getByRole('button', { name: 'Hide', exact: true }).press('Enter');
    await expect(site.getByText('Hidden (maintenance page)')).toBeVisible();
    expect((await readThroughApi(page)).maintenance).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('going live from Settings leaves a half-typed change in the form, unsent, and the Save after it is no conflict', async ({ page }) => {
  await page.goto('/admin/settings');
  const site = siteRegion(page);
  await page.getByLabel('Tagline').fill('Typed, not saved');
  await site.getByRole('button', { name: 'Put the site live' }).click();
  await page.getByRole('dialog', { name: 'Put the site live?' }).getByRole('button', { name: 'Put live' }).click();
  await expect(site.getByText('Live', { exact: true })).toBeVisible();
  expect(await readThroughApi(page)).toMatchObject({ maintenance: false, tagline: 'Before' });
  await expect(page.getByLabel('Tagline')).toHaveValue('Typed, not saved');

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page)).toContainText('Settings saved');
  expect(await readThroughApi(page)).toMatchObject({ maintenance: false, tagline: 'Typed, not saved' });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the side menu’s Preview site opens the site’s preview address in a new tab while maintenance is on, and / once live', async ({
  page,
}) => {
  await page.goto('/admin/settings');
  const preview = sideMenu(page).getByRole('link', { name: 'Preview site' });
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute('href', '/admin/preview/');
  await expect(preview).toHaveAttribute('target', '_blank');
  await expect(preview).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(preview).toHaveAccessibleDescription('Opens in a new tab');

  const [tab] = await Promise.all([page.waitForEvent('popup'), preview.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/admin/preview/');
  await expect(tab.getByRole('complementary', { name: 'Preview' })).toContainText(
    'Visitors see the maintenance page while maintenance is on.',
  );
  // The admin screen stays where it was.
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await tab.close();

  // Live: the visitors' own address.
  await saveThroughApi(page, { maintenance: false });
  await page.reload();
  await expect(sideMenu(page).getByRole('link', { name: 'Preview site' })).toHaveAttribute('href', '/');
});

test('at 360 px the screen fits without sideways scrolling and works through the Menu button', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/admin/service');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = sideMenu(page);
  await expect(menu.getByRole('link', { name: 'Preview site' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Preview site' })).toHaveAttribute('target', '_blank');
  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('Settings Test Ltd');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);

  const phone = '+44 20 7946 0958';
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page)).toContainText('Settings saved');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect((await readThroughApi(page)).phone).toBe(phone);
});

// Issue 38: going live from the dashboard, at once after a confirmation; the state said in words.
for (const [label, viewport, colorScheme] of [
  ['1280 px, dark', { width: 1280, height: 860 }, 'dark'],
  ['390 px, light', { width: 390, height: 844 }, 'light'],
] as const) {
  test(`at ${label} the dashboard puts the site live and hides it again, each after a confirmation`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize(viewport);
    await page.goto('/admin');
    const site = page.getByRole('region', { name: 'Site' });
    await expect(site.getByText('Hidden (maintenance page)')).toBeVisible();
    // The company's name in the menu (closed on a phone, so found by its id rather than its role).
    await expect(page.locator('#side-menu').getByText('Settings Test Ltd')).toBeAttached();
    await expectNoA11yViolations(page);

    await site.getByRole('button', { name: 'Put the site live' }).click();
    const ask = page.getByRole('dialog', { name: 'Put the site live?' });
    await expect(ask).toBeVisible();
    await expectNoA11yViolations(page);
    // Cancel changes nothing.
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect((await readThroughApi(page)).maintenance).toBe(true);

    await site.getByRole('button', { name: 'Put the site live' }).click();
    await page.getByRole('dialog', { name: 'Put the site live?' }).getByRole('button', { name: 'Put live' }).click();
    await expect(toasts(page)).toContainText('The site is live.');
    await expect(site.getByText('Live', { exact: true })).toBeVisible();
    expect((await readThroughApi(page)).maintenance).toBe(false);

    await site.getByRole('button', { name: 'Hide the site' }).click();
    await page.getByRole('dialog', { name: 'Hide the site?' }).getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(site.getByText('Hidden (maintenance page)')).toBeVisible();
    expect((await readThroughApi(page)).maintenance).toBe(true);
  });
}

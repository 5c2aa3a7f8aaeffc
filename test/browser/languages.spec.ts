import { expect, test, type APIRequestContext } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { expectNoA11yViolations, STORAGE_STATE } from './support';

// Issue 41: Settings → Languages. The languages, the menus and maintenance are one for the whole
// site, so this file runs in the 'settings' project (playwright.config.ts), one test at a time; it
// leaves English alone, the menus as it found them and maintenance as it was.
// Many steps, three axe runs each: time enough on a loaded machine.
test.describe.configure({ mode: 'default', timeout: 240_000 });

const ENGLISH = { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true };

let admin: APIRequestContext;
let menusBefore: unknown;
let maintenanceBefore: boolean;

test.beforeAll(async ({ playwright }, testInfo) => {
  admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL, storageState: STORAGE_STATE });
  menusBefore = await (await admin.get('/api/settings/navigation')).json();
  maintenanceBefore = ((await (await admin.get('/api/settings')).json()) as { maintenance: boolean }).maintenance;
});

test.beforeEach(async () => {
  expect((await admin.put('/api/settings/languages', { data: { languages: [ENGLISH] } })).status()).toBe(200);
  expect((await admin.patch('/api/settings', { data: { maintenance: false } })).status()).toBe(200);
});

test.afterAll(async () => {
  expect((await admin.put('/api/settings/languages', { data: { languages: [ENGLISH] } })).status()).toBe(200);
  expect((await admin.put('/api/settings/navigation', { data: menusBefore })).status()).toBe(200);
  expect((await admin.patch('/api/settings', { data: { maintenance: maintenanceBefore } })).status()).toBe(200);
  await admin.dispose();
});

for (const [label, viewport] of [
  ['1280 px', { width: 1280, height: 900 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test(`at ${label} adds German, translates the tagline and a menu label, and /de/ shows them`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const news = unique('News ');
    const menus = await admin.put('/api/settings/navigation', {
      data: {
        header: [
          { label: 'Home', target: { kind: 'home' } },
          { label: news, target: { kind: 'news' } },
        ],
        footer: [],
      },
    });
    expect(menus.status()).toBe(200);

    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Languages' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Languages' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /English/ })).toBeVisible();

    // A code no catalog ships is said to fall back to English; German has its own words.
    await page.getByRole('button', { name: 'Add a language' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Language 2' })).toBeVisible();
    const added = page.getByRole('form', { name: 'Languages' }).getByRole('listitem').nth(1);
    await expect(added.getByLabel('Code')).toBeFocused();
    await added.getByLabel('Code').fill('ga');
    await expect(page.getByText('No shipped catalog: the site’s fixed words (menus, buttons) fall back to English.')).toBeVisible();
    await added.getByLabel('Code').fill('de');
    await added.getByLabel('Name').fill('Deutsch');
    await expect(page.getByText('The site’s fixed words (menus, buttons) are shipped in German.')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Save languages' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Languages saved');

    // German's translation, the English text beside each field.
    const form = page.getByRole('form', { name: 'Deutsch translation' });
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Copy from English' }).click();
    const companyName = ((await (await admin.get('/api/settings')).json()) as { companyName: string }).companyName;
    await expect(form.getByLabel('Company name (Deutsch)')).toHaveValue(companyName);
    const tagline = unique('Wir reparieren ');
    await form.getByLabel('Tagline (Deutsch)').fill(tagline);
    const neuigkeiten = unique('Neuigkeiten ');
    await form.getByLabel(`Header link “${news}” (Deutsch)`).fill(neuigkeiten);
    await expectNoA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await form.getByRole('button', { name: 'Save Deutsch' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Deutsch saved');

    // The public site in German: the tagline and the label, the link in German's addresses.
    await page.goto('/de/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByText(tagline)).toBeVisible();
    await expect(page.getByRole('link', { name: neuigkeiten })).toHaveAttribute('href', '/de/news');
    await expectNoA11yViolations(page);
    // English keeps its own label.
    await page.goto('/');
    await expect(page.getByRole('link', { name: news }).first()).toBeAttached();
    await expect(page.getByRole('link', { name: neuigkeiten })).toHaveCount(0);
  });
}

test('shows the server’s refusal at its field, keeps the keyboard there and saves nothing', async ({ page }) => {
  await page.goto('/admin/settings/languages');
  await page.getByRole('button', { name: 'Add a language' }).click();
  const row = page.getByRole('form', { name: 'Languages' }).getByRole('listitem').nth(1);
  await row.getByLabel('Code').fill('not a code');
  await row.getByLabel('Name').fill('Broken');
  await page.getByRole('button', { name: 'Save languages' }).click();
  const code = row.getByLabel('Code');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toBeFocused();
  await expect(page.getByText('Code must be a BCP 47 language code such as de, fr-CA or zh-Hant')).toBeVisible();
  await expectNoA11yViolations(page);
  expect(((await (await admin.get('/api/settings/languages')).json()) as { languages: unknown[] }).languages).toHaveLength(1);
});

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations, STORAGE_STATE } from './support';

/*
 * Pages and the site's menus (#37). The menus and maintenance are one for the whole site, so this
 * file runs in a project of its own, after the other site-wide ones (playwright.config.ts): it
 * switches maintenance off to see the site, and puts the menus and maintenance back as it found
 * them at the end, whether its tests pass or not.
 */

// One worker, in order (a failure does not skip the rest).
test.describe.configure({ mode: 'default' });

let admin: APIRequestContext;
let menusBefore: unknown;
let maintenanceBefore: boolean;

test.beforeAll(async ({ playwright }, testInfo) => {
  admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL, storageState: STORAGE_STATE });
  const menus = await admin.get('/api/settings/navigation');
  expect(menus.status()).toBe(200);
  menusBefore = await menus.json();
  const settings = await admin.get('/api/settings');
  maintenanceBefore = ((await settings.json()) as { maintenance: boolean }).maintenance;
  expect((await admin.patch('/api/settings', { data: { maintenance: false } })).status()).toBe(200);
});

test.afterAll(async () => {
  expect((await admin.put('/api/settings/navigation', { data: menusBefore })).status()).toBe(200);
  expect((await admin.patch('/api/settings', { data: { maintenance: maintenanceBefore } })).status()).toBe(200);
  await admin.dispose();
});

/** Tabs until `target` has focus, at most `limit` times; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Chooses an option of the focused select with the arrow keys, until `name` is the chosen one. */
async function chooseWithKeys(page: Page, select: Locator, name: string): Promise<void> {
  await expect(select).toBeFocused();
  await page.keyboard.press('Home');
  const count = await select.locator('option').count();
  for (let i = 0; i < count; i++) {
    if ((await select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent)) === name) return;
    await page.keyboard.press('ArrowDown');
  }
  await expect(select.locator('option:checked')).toHaveText(name);
}

/** The labels of the site's header menu, in order. */
async function siteHeaderLinks(page: Page): Promise<string[]> {
  await page.goto('/');
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts();
}

/** Saves the menus with the keyboard and waits for the confirmation. */
async function saveWithKeys(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Save navigation' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Navigation saved')).toBeVisible();
}

for (const { width, height, title } of [
  { width: 1280, height: 800, title: 'About us' },
  { width: 390, height: 844, title: 'About us on the phone' },
]) {
  test(`at ${width} px: create "${title}", add it to the header menu with the keyboard, see it on the site, move it up, remove it`, async ({
    page,
  }) => {
    // A long walk through three screens and the site, with axe on each: more than the default 30 s under load.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });

    // Create the page (a draft), then publish it now.
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Body' }).fill(`## Who we are\n\nA small team: ${title}.`);
    await page.getByLabel('Description').fill('The people behind the company.');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Create Page' }).click();
    await expect(page.getByText('Page created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByText('Page published')).toBeVisible();
    await page.goto('/admin/pages');
    const card = page.getByRole('list', { name: 'Pages' }).getByRole('listitem').filter({ hasText: title });
    await expect(card.first()).toContainText('Published');

    // Settings → Navigation, then the keyboard only.
    await page.goto('/admin/settings');
    await page.getByRole('link', { name: 'Navigation' }).click();
    const header = page.getByRole('group', { name: 'Header menu' });
    await expect(header.getByLabel('Label').first()).toBeVisible();
    const before = await header.getByLabel('Label').count();
    await tabTo(page, header.getByRole('button', { name: 'Add a link to the header menu' }));
    await page.keyboard.press('Enter');
    const added = header.getByRole('group', { name: new RegExp(`^Header link ${before + 1}:`) });
    await expect(added.getByLabel('Label')).toBeFocused();
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await chooseWithKeys(page, added.getByLabel('Links to'), title);
    await expectNoA11yViolations(page);
    await saveWithKeys(page);

    // On the site: the last header link, and it opens the page.
    const links = await siteHeaderLinks(page);
    expect(links.at(-1)).toBe(title);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who we are' })).toBeVisible();

    // Move it up one place, by keyboard.
    await page.goto('/admin/settings/navigation');
    const move = header.getByRole('button', { name: `Move up ${title}`, exact: true });
    await tabTo(page, move);
    await page.keyboard.press('Enter');
    await expect(move).toBeFocused();
    await saveWithKeys(page);
    expect(await siteHeaderLinks(page)).toEqual([...links.slice(0, -2), title, links.at(-2)]);

    // Remove it, by keyboard.
    await page.goto('/admin/settings/navigation');
    await tabTo(page, header.getByRole('button', { name: `Remove ${title}`, exact: true }));
    await page.keyboard.press('Enter');
    await expect(header.getByRole('button', { name: `Remove ${title}`, exact: true })).toHaveCount(0);
    await saveWithKeys(page);
    expect(await siteHeaderLinks(page)).toEqual(links.slice(0, -1));
  });
}

// Issue #38 item 3 for pages: the pages form writes as the news form does.
for (const { width, height, scheme } of [
  { width: 1280, height: 900, scheme: 'light' },
  { width: 390, height: 844, scheme: 'dark' },
] as const) {
  test(`at ${width} px, ${scheme}: a new page is a draft, previewed on its real address, published now, and View on site opens it`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    const title = unique('Our team ');
    const slug = `our-team-${unique('').trim().toLowerCase()}`;

    await page.goto('/admin/pages/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Page' })).toBeVisible();
    await expect(page.getByText('Draft: not on the site until you publish it')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description').fill('Who works here.');

    // The whole address, as it is typed.
    await expect(page.getByText('made from the title when you save')).toBeVisible();
    await page.getByRole('textbox', { name: 'Address (left blank: made from the title)' }).fill(slug);
    const origin = new URL(page.url()).origin;
    await expect(page.locator('.address-field__url')).toHaveText(`${origin}/${slug}`);

    // The Markdown toolbar and its shortcuts.
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.fill('Anna');
    await body.press('ControlOrMeta+a');
    await body.press('ControlOrMeta+b');
    await expect(body).toHaveValue('**Anna**');
    await body.press('End');
    await body.press('Enter');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bulleted list' }).click();
    await body.pressSequentially('the office');
    await expect(body).toHaveValue('**Anna**\n- the office');
    await expectNoA11yViolations(page);

    // Preview saves the draft and opens its real page, marked, in a new tab.
    const previewTab = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await previewTab;
    await expect(preview).toHaveURL(`${origin}/admin/preview/${slug}`);
    await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(preview.getByText('Draft — only signed-in administrators see this')).toBeVisible();
    await expect(preview.locator('.markdown strong')).toHaveText('Anna');
    await preview.close();

    // The form stayed: the new page's edit form, still a draft, unseen by visitors.
    await expect(page).toHaveURL(/\/admin\/pages\/edit\/[0-9a-f-]+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Page' })).toBeVisible();
    await expect(page.getByText('Draft: not on the site yet')).toBeVisible();
    expect(await (await apiOf(page).get(`/api/pages/${id}`)).json()).toMatchObject({ status: 'draft', slug });
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    expect((await visitor.request.get(`${origin}/${slug}`)).status()).toBe(404);

    // Publish now.
    const publish = page.getByRole('button', { name: 'Publish…' });
    await publish.click();
    await expect(publish).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('radio', { name: 'Now' })).toBeChecked();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Page published');
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Page' })).toBeFocused();
    expect((await visitor.request.get(`${origin}/${slug}`)).status()).toBe(200);
    await visitor.close();
    await expectNoA11yViolations(page);

    // View on site opens the page, now without the note.
    const siteTab = page.waitForEvent('popup');
    await page.getByRole('link', { name: /^View on site/ }).click();
    const site = await siteTab;
    await expect(site).toHaveURL(`${origin}/${slug}`);
    await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(site.getByRole('note')).toHaveCount(0);
    await site.close();

    // The list's row links to the public page too.
    await page.goto('/admin/pages');
    await page.getByRole('searchbox', { name: 'Search pages by title' }).fill(title);
    const row = page.getByRole('list', { name: `Pages matching “${title}”` }).getByRole('listitem');
    await expect(row.getByRole('heading', { name: title })).toBeVisible();
    await expect(row.getByRole('link', { name: /^View on site/ })).toHaveAttribute('href', `/${slug}`);
    await expectNoA11yViolations(page);
  });
}

test('a link to a draft page is flagged in the editor and left out of the site', async ({ page }) => {
  const created = await admin.post('/api/pages', { data: { title: 'Careers', description: 'Join us.', body: 'Soon.', status: 'draft' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const menus = (await (await admin.get('/api/settings/navigation')).json()) as { header: unknown[]; footer: unknown[] };
  const saved = await admin.put('/api/settings/navigation', {
    data: { ...menus, header: [...menus.header, { label: 'Careers', target: { kind: 'page', id } }] },
  });
  expect(saved.status()).toBe(200);

  await page.goto('/admin/settings/navigation');
  const item = page.getByRole('group', { name: /^Header link \d+: Careers$/ });
  await expect(item.getByText('This page is not published, so the site leaves it out')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Careers' })).toHaveCount(0);
});

test('the pages screens and Navigation have no accessibility violations and no sideways scrolling at 1280 and 390 px, light and dark', async ({
  page,
}) => {
  // Sixteen axe runs: more than the default 30 s under load.
  test.setTimeout(180_000);
  const created = await admin.post('/api/pages', { data: { title: 'Our team', description: 'Who we are.', body: 'We are five.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const screens: [string, string][] = [
    ['/admin/pages', 'Pages'],
    ['/admin/pages/create', 'Create Page'],
    [`/admin/pages/edit/${id}`, 'Edit Page'],
    ['/admin/settings/navigation', 'Navigation'],
  ];
  for (const [size, colorScheme] of [
    [{ width: 1280, height: 860 }, 'light'],
    [{ width: 390, height: 844 }, 'light'],
    [{ width: 1280, height: 860 }, 'dark'],
    [{ width: 390, height: 844 }, 'dark'],
  ] as const) {
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme });
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(size.width);
      await expectNoA11yViolations(page);
    }
  }
});

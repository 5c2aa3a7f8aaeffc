import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiOf, expectNoA11yViolations } from './support';
import { unique } from '../support/unique.mjs';

// Issue 24: the dashboard, read and unread messages, bulk actions, the dark theme, the side menu.

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

const menu = (page: Page) => page.getByRole('complementary', { name: 'Side menu' });
const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });
/** The html element's background, as the page paints it. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const LIGHT_BG = 'rgb(244, 246, 249)';
const DARK_BG = 'rgb(15, 21, 32)';

test.describe('the dashboard and read state', () => {
  // A fresh browser: this test signs in by itself.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('sign in → the dashboard shows a message a visitor sent; opening it clears its bold', async ({ page, playwright, baseURL }) => {
    const name = unique('Visitor ');
    const visitor = await playwright.request.newContext({ baseURL });
    const sent = await visitor.post('/api/contactus', { data: { name, email: 'visitor@example.com', msg: 'Do you build shops too?' } });
    expect(sent.status()).toBe(201);
    await visitor.dispose();

    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const latest = page.getByRole('list', { name: 'Latest unread messages' });
    await expect(latest.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    const menuCount = async () =>
      Number(
        (
          await menu(page)
            .getByRole('link', { name: /Contact Us/ })
            .innerText()
        ).match(/\d+/)?.[0] ?? 0,
      );
    const before = await menuCount();
    expect(before).toBeGreaterThan(0);
    await expectNoA11yViolations(page);

    // In the list the message is bold, with a dot and words for screen readers.
    await menu(page)
      .getByRole('link', { name: /Contact Us/ })
      .click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveClass(/contact--unread/);
    await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
    // Bold is the sender's name (the second cell, after the tick box); the rest of the row stays regular.
    expect(
      await row
        .getByRole('cell')
        .nth(1)
        .evaluate((element) => getComputedStyle(element).fontWeight),
    ).toBe('700');

    // Opened from the dashboard, it is read for everyone: the bold and the count go.
    await menu(page).getByRole('link', { name: 'Dashboard' }).click();
    await latest.getByRole('link', { name: new RegExp(name) }).click();
    const dialog = page.getByRole('dialog', { name: `Message from ${name}` });
    await expect(dialog.getByText('Do you build shops too?')).toBeVisible();
    await expect.poll(menuCount).toBe(before - 1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(row).not.toHaveClass(/contact--unread/);
    await expect(row.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    expect(
      await row
        .getByRole('cell')
        .nth(1)
        .evaluate((element) => getComputedStyle(element).fontWeight),
    ).toBe('400');

    // Mark as unread brings it back, bold, for everyone.
    await row.getByRole('button', { name: `View message from ${name}` }).click();
    await dialog.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText('Marked as unread');
    await expect(row).toHaveClass(/contact--unread/);
    await expect.poll(menuCount).toBe(before);

    // Unread only keeps the unread ones.
    await page.getByLabel('Unread only').check();
    await expect(page).toHaveURL(/unread=true/);
    await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  });

  test('an admin already signed in who opens the login screen still goes to the services list', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/service$/);
  });
});

test('select three services → Delete selected → one Undo brings all three back', async ({ page }) => {
  const api = apiOf(page);
  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    const title = unique(`Batch ${i} `);
    expect((await api.post('/api/services', { data: { title, about: 'About.' } })).status()).toBe(201);
    titles.push(title);
  }
  await page.goto('/admin/service');
  const list = page.getByRole('list', { name: 'Services' });
  for (const title of titles) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  const bar = page.getByRole('toolbar', { name: 'Services selection' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Delete selected' }).click();

  await expect(toasts(page)).toContainText('3 services deleted');
  for (const title of titles) await expect(list.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);

  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toasts(page)).toContainText('3 services restored');
  for (const title of titles) await expect(list.getByRole('heading', { name: title })).toBeVisible();
});

test('in the trash, Restore selected brings ticked items back; Delete forever asks first, with the count', async ({ page }) => {
  const api = apiOf(page);
  const titles: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const title = unique(`Binned ${i} `);
    const res = await api.post('/api/services', { data: { title, about: 'About.' } });
    ids.push(((await res.json()) as { id: string }).id);
    titles.push(title);
  }
  expect((await api.post('/api/services/bulk-delete', { data: { ids } })).status()).toBe(200);

  await page.goto('/admin/trash');
  const list = page.getByRole('list', { name: 'Deleted items' });
  const bar = page.getByRole('toolbar', { name: 'Trash selection' });
  await page.getByRole('checkbox', { name: `Select ${titles[0]}` }).check();
  await bar.getByRole('button', { name: 'Restore selected' }).click();
  await expect(toasts(page)).toContainText('1 item restored');
  await expect(list.getByRole('heading', { name: titles[0] })).toHaveCount(0);

  for (const title of titles.slice(1)) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await bar.getByRole('button', { name: 'Delete forever' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete forever' });
  await expect(confirm).toContainText('Delete 2 items forever? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('heading', { name: titles[1] })).toBeVisible();
  await bar.getByRole('button', { name: 'Delete forever' }).click();
  await confirm.getByRole('button', { name: 'Delete 2 items forever' }).click();
  await expect(toasts(page)).toContainText('2 items deleted forever');
  for (const title of titles.slice(1)) await expect(list.getByRole('heading', { name: title })).toHaveCount(0);
  expect((await api.get(`/api/services/${ids[0]}`)).status()).toBe(200);
  expect((await api.get(`/api/services/${ids[1]}`)).status()).toBe(404);
});

test('"Select all on this page" ticks every row, and again none', async ({ page }) => {
  await apiOf(page).post('/api/services', { data: { title: unique('All '), about: 'About.' } });
  await page.goto('/admin/service');
  const boxes = page.getByRole('list', { name: 'Services' }).getByRole('checkbox');
  const all = page.getByRole('checkbox', { name: 'Select all on this page' });
  await all.check();
  const count = await boxes.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByRole('toolbar', { name: 'Services selection' })).toContainText(`${count} selected`);
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await all.uncheck();
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
});

test('the side menu fills the window and stays in place while a long page scrolls', async ({ page }) => {
  // A full page of services: longer than the window.
  for (let i = 0; i < 10; i++) await apiOf(page).post('/api/services', { data: { title: unique('Long '), about: 'About.' } });
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/service');
  await expect(page.getByRole('list', { name: 'Services' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2 * DESKTOP.height);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(DESKTOP.height);
  const box = await menu(page).boundingBox();
  expect(box).toEqual(expect.objectContaining({ y: 0, height: DESKTOP.height }));
  await expect(menu(page).getByRole('button', { name: 'Logout' })).toBeInViewport();
});

test.describe('the dark theme', () => {
  test('follows the system, and a Light or Dark choice kept in the browser wins over it from the first paint', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await pageBackground(page)).toBe(DARK_BG);
    const choice = menu(page).getByLabel('Theme');
    await expect(choice).toHaveValue('system');

    await choice.selectOption('light');
    expect(await pageBackground(page)).toBe(LIGHT_BG);
    // Before the app's script runs (here: never), the page already wears the chosen theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await pageBackground(page)).toBe(LIGHT_BG);
    await page.unroute('**/assets/*.js');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/admin');
    await menu(page).getByLabel('Theme').selectOption('dark');
    expect(await pageBackground(page)).toBe(DARK_BG);
    await page.reload();
    await expect(menu(page).getByLabel('Theme')).toHaveValue('dark');
    expect(await pageBackground(page)).toBe(DARK_BG);

    await menu(page).getByLabel('Theme').selectOption('system');
    expect(await pageBackground(page)).toBe(LIGHT_BG);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
  });

  test('the content security policy allows the theme script by its hash and nothing else inline', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto('/admin');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).not.toContain('unsafe-inline');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(errors.filter((text) => text.includes('Content Security Policy'))).toEqual([]);
  });

  for (const [label, size] of [
    ['1280×860', DESKTOP],
    ['390×844', PHONE],
  ] as const) {
    test(`the dashboard and the bulk bars have no accessibility violations in either theme at ${label}`, async ({ page }) => {
      test.setTimeout(180_000);
      const api = apiOf(page);
      // Something in every list the test ticks: a message, a service, and a service in the trash.
      await api.post('/api/contactus', { data: { name: unique('Dark '), phno: '', email: 'dark@example.com', msg: 'Hello' } });
      await api.post('/api/services', { data: { title: unique('Dark '), about: 'About.' } });
      const binned = (await (await api.post('/api/services', { data: { title: unique('Dark '), about: 'About.' } })).json()) as {
        id: string;
      };
      expect((await api.delete(`/api/services/${binned.id}`)).status()).toBe(200);
      await page.setViewportSize(size);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto('/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        expect(await pageBackground(page)).toBe(colorScheme === 'dark' ? DARK_BG : LIGHT_BG);
        await expectNoA11yViolations(page);
        for (const path of ['/admin/service', '/admin/adminContactUs', '/admin/trash']) {
          await page.goto(path);
          await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
          await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
          await expect(page.getByRole('toolbar')).toContainText('selected');
          await expectNoA11yViolations(page);
        }
      }
    });
  }
});

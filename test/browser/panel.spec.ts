import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiOf, expectNoA11yViolations, uniqueAdmin } from './support';
import { unique } from '../support/unique.mjs';

// Issue 12: the Admins screen, feedback after actions, nothing lost by accident, orientation.

const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };

function toasts(page: Page) {
  return page.getByRole('status', { name: 'Notifications' });
}

/** A new administrator logged in in a browser context of their own. */
async function ownSession(browser: Browser, page: Page) {
  const admin = uniqueAdmin('Own');
  expect((await apiOf(page).post('/api/admins/register', { data: admin })).status()).toBe(201);
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    baseURL: new URL(page.url() || 'http://x').origin,
  });
  const theirs = await context.newPage();
  await theirs.goto('/admin/login');
  await theirs.getByLabel('Email').fill(admin.email);
  await theirs.getByLabel('Password').fill(admin.password);
  await theirs.getByRole('button', { name: 'Login' }).click();
  // Signing in lands on the dashboard (issue 24).
  await expect(theirs.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return { admin, page: theirs, close: () => context.close() };
}

test.describe('Admins screen', () => {
  test('lists the administrators with email, added and last login, from the side menu', async ({ page }) => {
    await page.goto('/admin/service');
    await page.getByRole('complementary', { name: 'Side menu' }).getByRole('link', { name: 'Admins' }).click();
    await expect(page).toHaveURL(/\/admin\/admins$/);
    await expect(page.getByRole('heading', { name: 'Admins', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Admins · Admin Panel');
    const list = page.getByRole('list', { name: 'Administrators' });
    await expect(list).toBeVisible();
    // The global setup's admin may be on a later page; the first card has every part.
    const first = list.getByRole('listitem').first();
    await expect(first.getByText('Added')).toBeVisible();
    await expect(first.getByText('Last login')).toBeVisible();
    await expect(first.getByText(/@example\.com$/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('removes an administrator after confirmation, with a message, and their session ends', async ({ page, browser }) => {
    await page.goto('/admin/admins');
    const other = await ownSession(browser, page);
    await page.reload();
    await page.getByRole('button', { name: `Remove ${other.admin.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove administrator' });
    await expect(confirm).toContainText(other.admin.email);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toasts(page)).toContainText('Administrator removed');
    await expect(page.getByRole('button', { name: `Remove ${other.admin.name}` })).toHaveCount(0);
    // Focus was not taken by the message.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[aria-label="Notifications"]'))).toBe(false);

    await other.page.goto('/admin/news');
    await expect(other.page).toHaveURL(/\/admin\/login$/);
    await other.close();
  });

  test('an administrator who removes themselves is logged out', async ({ page, browser }) => {
    await page.goto('/admin/admins');
    const own = await ownSession(browser, page);
    await own.page.goto('/admin/admins');
    await own.page.getByRole('button', { name: `Remove ${own.admin.name}` }).click();
    const confirm = own.page.getByRole('dialog', { name: 'Remove administrator' });
    await expect(confirm).toContainText('you will be logged out');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(own.page).toHaveURL(/\/admin\/login$/);
    await expect(toasts(own.page)).toContainText('Administrator removed');
    await own.close();
  });

  test('a refused removal shows the server’s reason where it was asked, with Retry', async ({ page, browser }) => {
    await page.goto('/admin/admins');
    const other = await ownSession(browser, page);
    await page.reload();
    await page.route('**/api/admins/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, json: { error: 'The last administrator cannot be removed. Add another administrator first.' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: `Remove ${other.admin.name}` }).click();
    await page.getByRole('dialog', { name: 'Remove administrator' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('alert')).toContainText('The last administrator cannot be removed');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(toasts(page)).toContainText('Administrator removed');
    await other.close();
  });

  test('an administrator changes their own password: the wrong current one is refused, other sessions end', async ({ page, browser }) => {
    await page.goto('/admin/admins');
    const own = await ownSession(browser, page);
    const elsewhere = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const second = await elsewhere.request.post(new URL('/api/admins/login', page.url()).toString(), {
      data: { email: own.admin.email, password: own.admin.password },
    });
    expect(second.status()).toBe(200);

    await own.page.goto('/admin/admins');
    await own.page.getByRole('link', { name: 'Change password' }).click();
    await expect(own.page).toHaveTitle('Change password · Admin Panel');
    await own.page.getByLabel('Current password').fill('not my password');
    await own.page.getByLabel('New password').fill('a brand new password');
    await own.page.getByRole('button', { name: 'Change password' }).click();
    await expect(own.page.getByLabel('Current password')).toHaveAccessibleDescription('Current password is incorrect');
    await expectNoA11yViolations(own.page);

    await own.page.getByLabel('Current password').fill(own.admin.password);
    await own.page.getByRole('button', { name: 'Change password' }).click();
    await expect(toasts(own.page)).toContainText('Password changed');
    await expect(own.page).toHaveURL(/\/admin\/admins$/);
    // This session stays; the other one has ended.
    await own.page.reload();
    await expect(own.page.getByRole('heading', { name: 'Admins' })).toBeVisible();
    const me = await elsewhere.request.get(new URL('/api/admins/me', page.url()).toString());
    expect(((await me.json()) as { admin: unknown }).admin).toBeNull();
    await elsewhere.close();
    await own.close();
  });
});

test.describe('feedback', () => {
  test('create, edit and delete each say they worked, politely, and the message can be closed', async ({ page }) => {
    const title = unique('Toast ');
    await page.goto('/admin/service/create');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('About').fill('About it');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(toasts(page)).toContainText('Service created');
    await expect(toasts(page)).toHaveAttribute('aria-live', 'polite');

    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByLabel('About').fill('About it, edited');
    await page.getByRole('button', { name: 'Edit Service' }).click();
    await expect(toasts(page)).toContainText('Service updated');

    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog', { name: 'Delete service' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Service deleted');
    await toasts(page).getByRole('button', { name: 'Close notification' }).last().click();
    await expect(toasts(page)).not.toContainText('Service deleted');
  });

  test('messages leave by themselves after a few seconds', async ({ page }) => {
    const res = await apiOf(page).post('/api/services', { data: { title: unique('Gone '), about: 'A' } });
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/admin/service/edit/${id}`);
    await page.getByLabel('About').fill('Edited');
    await page.getByRole('button', { name: 'Edit Service' }).click();
    await expect(toasts(page)).toContainText('Service updated');
    await expect(toasts(page)).not.toContainText('Service updated', { timeout: 8_000 });
  });

  test('an unreachable server at start says so, with Retry, instead of the login form', async ({ page }) => {
    await page.route('**/api/admins/me', (route) => route.abort('connectionrefused'));
    await page.goto('/admin/news');
    await expect(page.getByRole('heading', { name: 'Cannot reach the server' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
  });
});

test.describe('nothing lost by accident', () => {
  test('leaving a form with unsaved changes asks first; Cancel keeps the text, Leave goes', async ({ page }) => {
    await page.goto('/admin/service');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Title').fill('Half-written');
    await page.getByRole('complementary', { name: 'Side menu' }).getByRole('link', { name: 'News' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave this page?' });
    await expect(ask).toBeVisible();
    await expectNoA11yViolations(page);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/service\/create$/);
    await expect(page.getByLabel('Title')).toHaveValue('Half-written');

    await page.goBack();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/admin\/service$/);
  });

  test('closing the tab with unsaved changes asks the browser’s question; a saved form does not ask', async ({ page, context }) => {
    await page.goto('/admin/news/create');
    const title = page.getByLabel('Title');
    // Chromium asks only on a page the person has interacted with (sticky user activation): a
    // click is such a gesture, whatever the navigation that opened the page counted as.
    await title.click();
    await title.fill('Unsaved');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    // Leave, and wait until the tab is gone: a dismissed question leaves a page that was asked to
    // close, which the context's teardown then failed to close on a slow machine.
    const closed = page.waitForEvent('close');
    await dialog.accept();
    await closed;

    const saved = await context.newPage();
    await saved.goto('/admin/service/create');
    await saved.getByLabel('Title').click();
    await saved.getByLabel('Title').fill(unique('Closed after saving '));
    await saved.getByLabel('About').fill('About');
    await saved.getByRole('button', { name: 'Create Service' }).click();
    // The list on screen means the form, and its guard, are gone.
    await expect(saved.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
    const questions: string[] = [];
    saved.on('dialog', (question) => {
      questions.push(question.type());
      void question.accept();
    });
    const gone = saved.waitForEvent('close');
    await saved.close({ runBeforeUnload: true });
    await gone;
    expect(questions).toEqual([]);
  });

  test('no question after a successful save', async ({ page }) => {
    await page.goto('/admin/service/create');
    await page.getByLabel('Title').fill(unique('Saved '));
    await page.getByLabel('About').fill('About');
    await page.getByRole('button', { name: 'Create Service' }).click();
    await expect(page).toHaveURL(/\/admin\/service$/);
    await expect(page.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
  });
});

test.describe('paging and orientation', () => {
  test('the current page stays on screen, marked busy, while the next one loads', async ({ page }) => {
    const api = apiOf(page);
    for (let i = 0; i < 11; i++) await api.post('/api/services', { data: { title: unique('Paged '), about: 'A' } });
    await page.goto('/admin/service');
    const list = page.getByRole('list', { name: 'Services' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/services?page=2', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Services pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading the next page' })).toBeVisible();
    await expect(list).toHaveAttribute('aria-busy', 'true');
    await expect(list.getByRole('listitem')).toHaveCount(10);
    release();
    await expect(page.getByRole('progressbar', { name: 'Loading the next page' })).toHaveCount(0);
    await expect(list).toHaveAttribute('aria-busy', 'false');
  });

  test('a phone shows "Page N" between Previous and Next', async ({ page }) => {
    const api = apiOf(page);
    for (let i = 0; i < 11; i++) await api.post('/api/services', { data: { title: unique('Phone page '), about: 'A' } });
    await page.setViewportSize(PHONE);
    await page.goto('/admin/service?page=2');
    const pager = page.getByRole('navigation', { name: 'Services pages' });
    await expect(pager.getByText('Page 2', { exact: true })).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await expect(pager.getByText('Page 2', { exact: true })).toBeHidden();
  });

  test('each screen sets the tab title', async ({ page }) => {
    for (const [path, title] of [
      ['/admin/service', 'Services · Admin Panel'],
      ['/admin/service/create', 'Create Service · Admin Panel'],
      ['/admin/news', 'News · Admin Panel'],
      ['/admin/news/create', 'Create News · Admin Panel'],
      ['/admin/adminContactUs', 'Contact Us · Admin Panel'],
      ['/admin/admins', 'Admins · Admin Panel'],
      ['/admin/admins/invite', 'Invite administrator · Admin Panel'],
      ['/admin/settings', 'Settings · Admin Panel'],
    ]) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('the phone menu keeps keyboard focus inside while open', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/admin/service');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    // The menu takes the focus when its keyboard trap is in place: Tab before that would leave it.
    await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});

test.describe('every screen at both sizes', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the logged-out screens have no accessibility violations and set their titles', async ({ page }) => {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/admin/login');
      await expect(page).toHaveTitle('Login · Admin Panel');
      await expectNoA11yViolations(page);
      await page.goto('/admin/register');
      await expect(page).toHaveTitle('Register · Admin Panel');
      await expectNoA11yViolations(page);
    }
  });
});

// One test per size and scheme: sixty axe runs in one test outlast any fair timeout on a loaded
// 2-core machine, and four tests share the two workers.
for (const [size, colorScheme] of [
  [DESKTOP, 'light'],
  [PHONE, 'light'],
  [DESKTOP, 'dark'],
  [PHONE, 'dark'],
] as const) {
  test(`every admin screen has no accessibility violations and no sideways scrolling at ${size.width}×${size.height}, ${colorScheme}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const api = apiOf(page);
    const service = (await (await api.post('/api/services', { data: { title: unique('Axe '), about: 'A' } })).json()) as { id: string };
    const news = (await (await api.post('/api/news', { data: { title: unique('Axe '), description: 'D', about: 'A' } })).json()) as {
      id: string;
    };
    await api.post('/api/contactus', { data: { name: unique('Axe '), phno: '', email: 'axe@example.com', msg: 'Hello' } });
    const screens: [string, string][] = [
      ['/admin', 'Dashboard'],
      ['/admin/service', 'Services'],
      ['/admin/service/create', 'Create Service'],
      [`/admin/service/edit/${service.id}`, 'Edit Service'],
      ['/admin/news', 'News'],
      ['/admin/news/create', 'Create News'],
      [`/admin/news/edit/${news.id}`, 'Edit News'],
      [`/admin/news/NewsDetails/${news.id}`, ''],
      ['/admin/adminContactUs', 'Contact Us'],
      ['/admin/admins', 'Admins'],
      ['/admin/admins/invite', 'Invite administrator'],
      ['/admin/admins/password', 'Change password'],
      ['/admin/settings', 'Settings'],
      ['/admin/trash', 'Trash'],
      ['/admin/activity', 'Activity'],
    ];
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme });
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading, exact: true } : {}) })).toBeVisible();
      await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(size.width);
      await expectNoA11yViolations(page);
    }
  });
}

// Issue 38: the first run. This server lets anyone register (REGISTRATION=open) and has admins,
// so its answer is replaced by a new site's (test/api/admins.e2e-spec.ts checks the real one).
for (const [label, viewport] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`at ${label} /admin on a site with no administrator opens Register, which signs her in, and the dashboard lists the first steps`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL, viewport });
    const guest = await context.newPage();
    await guest.route('**/api/admins/register', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { open: true, firstAdmin: true } }) : route.fallback(),
    );
    await guest.goto('/admin');
    await expect(guest).toHaveURL(/\/admin\/register$/);
    await expect(guest.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectNoA11yViolations(guest);

    const admin = uniqueAdmin('First');
    await guest.getByLabel('Name').fill(admin.name);
    await guest.getByLabel('Email').fill(admin.email);
    await guest.getByLabel('Password').fill(admin.password);
    await guest.getByRole('button', { name: 'Register' }).click();
    // Signed in at once: no login screen in between.
    await expect(guest.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 15_000 });
    await expect(guest).toHaveURL(/\/admin$/);
    const steps = guest.getByRole('region', { name: 'Getting started' });
    // The site is in maintenance (the desktop project's default), so at least going live is left.
    await expect(steps.getByRole('link', { name: 'Put the site live' })).toHaveAttribute('href', '/admin/settings');
    await expect(steps.getByRole('link', { name: 'Write a first news article' })).toHaveAttribute('href', '/admin/news/create');
    await expect(steps.getByText(/steps? left/)).toBeVisible();
    await expect(steps.getByText('To do').first()).toBeVisible();
    await expectNoA11yViolations(guest);
    await context.close();
  });
}

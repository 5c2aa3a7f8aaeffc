import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';

export const STORAGE_STATE = 'test-results/.auth/admin.json';

/** The admin the global setup registers and logs in; tests that use the saved state act as them. */
export const ADMIN = { name: 'Grace Hopper', email: 'grace@example.com', password: 'correct horse battery' };

/** A unique admin for a test that registers or logs in by itself. */
export function uniqueAdmin(prefix = 'admin') {
  const stamp = unique();
  return { name: `${prefix} ${stamp}`, email: `${prefix.toLowerCase()}-${stamp}@example.com`, password: 'correct horse battery' };
}

/** Runs axe on the page and expects no violations. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The API as the logged-in admin of the page, for arranging data quickly. */
export function apiOf(page: Page): APIRequestContext {
  return page.request;
}

/**
 * Gives the page a session of its own (not the suite's shared one), then ends it: on the server,
 * so a cookie Chromium still sends, or gets back from a reply already on its way, names a session
 * that is gone; then in the browser's cookie jar. Call `ownSession` before opening the page.
 */
export async function ownSession(page: Page) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/admins/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(login.status()).toBe(200);
}

export async function endSession(page: Page) {
  expect((await page.request.post('/api/admins/logout')).status()).toBe(200);
  await page.context().clearCookies();
}

/** An article with a photo of `width` × `height`, made through the API. */
export async function articleWithPhoto(page: Page, width: number, height: number) {
  const title = unique('Photo article ');
  const created = await page.request.post('/api/news', { data: { title, description: 'With a photo.', about: 'About it.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const upload = await page.request.post(`/api/news/${id}/upload`, {
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: await image('png', width, height) } },
  });
  expect(upload.status()).toBe(200);
  return { id, title };
}

/**
 * An account with `role`, made by the suite's administrator through the API (added, then given the
 * role), signed in in a browser context of its own at `viewport`. Every 403 the page meets is kept.
 */
export async function signedInAs(
  browser: Browser,
  page: Page,
  role: 'administrator' | 'editor' | 'author',
  viewport: { width: number; height: number },
) {
  const account = uniqueAdmin(role);
  const added = await apiOf(page).post('/api/admins/register', { data: account });
  expect(added.status()).toBe(201);
  const { admin } = (await added.json()) as { admin: { id: string } };
  expect((await apiOf(page).patch(`/api/admins/${admin.id}`, { data: { role } })).status()).toBe(200);
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL: new URL(page.url()).origin, viewport });
  const theirs = await context.newPage();
  expect((await theirs.request.post('/api/admins/login', { data: { email: account.email, password: account.password } })).status()).toBe(
    200,
  );
  const refused: string[] = [];
  theirs.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return { account, page: theirs, refused, close: () => context.close() };
}

/**
 * Opens an address in a context of its own: its first visit loads the panel's chunks one after the
 * other, so the screen is checked once the page has stopped loading rather than within one
 * assertion's wait.
 */
export async function arrive(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

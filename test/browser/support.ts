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

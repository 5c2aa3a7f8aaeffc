import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

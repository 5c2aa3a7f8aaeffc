import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { ADMIN, apiOf, expectNoA11yViolations } from './support';

async function createService(api: APIRequestContext, title = unique('Trashable ')): Promise<{ id: string; title: string }> {
  const res = await api.post('/api/services', { data: { title, about: 'Back soon.' } });
  expect(res.status()).toBe(201);
  return res.json();
}

const serviceCard = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Services' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });
const trashCard = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Deleted items' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: label }) });

async function deleteFromList(page: Page, title: string) {
  await serviceCard(page, title)
    .getByRole('button', { name: `Delete ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete service' });
  await expect(dialog).toContainText('It moves to the trash.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(serviceCard(page, title)).toHaveCount(0);
}

test('delete, then Undo: the service is back in the list', async ({ page }) => {
  const api = apiOf(page);
  const service = await createService(api);
  await page.goto('/admin/service');
  await deleteFromList(page, service.title);

  // The delete's message in the polite region offers Undo (the pointer on it keeps it there).
  const notifications = page.getByRole('status', { name: 'Notifications' });
  await notifications.getByText('Service deleted').hover();
  await notifications.getByRole('button', { name: 'Undo' }).click();
  await expect(notifications).toContainText('Service restored');
  await expect(notifications.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  // Other tests add services meanwhile, so the list's first page may no longer hold it: ask the API.
  expect((await api.get(`/api/services/${service.id}`)).status()).toBe(200);
});

test('delete, then Trash, then Restore: the service is back in its list', async ({ page }) => {
  const api = apiOf(page);
  const service = await createService(api);
  await page.goto('/admin/service');
  await deleteFromList(page, service.title);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  const card = trashCard(page, service.title);
  await expect(card).toContainText('Service');
  await expect(card).toContainText(`Deleted by ${ADMIN.name}`);
  await expectNoA11yViolations(page);

  await card.getByRole('button', { name: `Restore ${service.title}` }).click();
  await expect(card).toHaveCount(0);
  // A single Restore says so, as the bulk one does (issue 38).
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`Service “${service.title}” restored`);
  // Other tests add services meanwhile, so the list's first page may no longer hold it: ask the API.
  expect((await api.get(`/api/services/${service.id}`)).status()).toBe(200);
});

test('Delete forever asks first, then the item is gone for good', async ({ page }) => {
  const api = apiOf(page);
  const service = await createService(api);
  expect((await api.delete(`/api/services/${service.id}`)).status()).toBe(200);
  await page.goto('/admin/trash');
  const card = trashCard(page, service.title);
  await card.getByRole('button', { name: `Delete forever ${service.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete forever' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: `Delete forever ${service.title}` }).click();
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(card).toHaveCount(0);
  // It says so, as Restore does (issue 38).
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`Service “${service.title}” deleted forever`);
  expect((await api.post(`/api/trash/services/${service.id}/restore`)).status()).toBe(404);
});

test('on a phone the trash shows cards that fit the screen', async ({ page }) => {
  const api = apiOf(page);
  const service = await createService(api);
  expect((await api.delete(`/api/services/${service.id}`)).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/trash');
  const card = trashCard(page, service.title);
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);
});

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations } from './support';

// Services are shared by every admin and page positions move whenever one is created, so this
// file's tests run one after another in a single worker; expectations are read from the API.
test.describe.configure({ mode: 'default' });

interface Service {
  id: string;
  title: string;
  about: string;
  createdAt: string;
}
interface Paged {
  data: Service[];
  links: { previousPage: number | null; nextPage: number | null; loopLink: { number: number; active?: boolean }[] };
  meta: { page: number; pageSize: number };
}

async function createService(api: APIRequestContext, fields: Partial<{ title: string; about: string }> = {}): Promise<Service> {
  const res = await api.post('/api/services', { data: { title: unique('Service '), about: 'What we offer.', ...fields } });
  expect(res.status()).toBe(201);
  return res.json();
}

async function createServices(api: APIRequestContext, count: number, prefix: string): Promise<Service[]> {
  const created: Service[] = [];
  for (let i = 0; i < count; i++) created.push(await createService(api, { title: unique(`${prefix} `) }));
  return created;
}

async function listPage(api: APIRequestContext, page: number): Promise<Paged> {
  const res = await api.get(`/api/services?page=${page}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** The last page and how many services it holds, found by following nextPage. */
async function lastPage(api: APIRequestContext): Promise<{ page: number; count: number; pageSize: number }> {
  let body = await listPage(api, 1);
  while (body.links.nextPage) body = await listPage(api, Math.max(...body.links.loopLink.map((l) => l.number)));
  return { page: body.meta.page, count: body.data.length, pageSize: body.meta.pageSize };
}

const cards = (page: Page) => page.getByRole('list', { name: 'Services' }).getByRole('listitem');
const cardTitles = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const titles = (body: Paged) => body.data.map((s) => s.title);
/** A spinner, found by its text: a status has no name of its own. */
const spinner = (page: Page, label: string) => page.getByRole('status').filter({ hasText: label });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Services pages' });

/** The text of an element without its visually hidden parts. */
function visibleText(locator: Locator) {
  return locator.evaluate((element) =>
    Array.from(element.childNodes)
      .filter((node) => !(node instanceof HTMLElement && getComputedStyle(node).clip === 'rect(0px, 0px, 0px, 0px)'))
      .map((node) => node.textContent)
      .join('')
      .trim(),
  );
}

/** The date as the app shows every date but the news list's ("01/05/2026, 02:50 PM"), in the browser's own locale and time zone. */
function shownDate(page: Page, iso: string) {
  return page.evaluate(
    (value) =>
      new Date(value).toLocaleString(undefined, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
    iso,
  );
}

test('creates a service from the list and shows it first with its about and "Published at" date', async ({ page }) => {
  const title = unique('Window cleaning ');
  await page.goto('/admin/service');
  await expect(page.getByRole('heading', { name: 'Services', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Create' }).click();

  await expect(page).toHaveURL(/\/admin\/service\/create$/);
  await expect(page.getByRole('heading', { name: 'Create Service' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('About').fill('Inside and out.\nEvery fortnight.');
  await page.getByRole('button', { name: 'Create Service' }).click();

  await expect(page).toHaveURL(/\/admin\/service$/);
  const first = cards(page).first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(first.getByText('Inside and out.')).toHaveJSProperty('innerText', 'Inside and out.\nEvery fortnight.');

  const created = (await listPage(apiOf(page), 1)).data.find((s) => s.title === title)!;
  await expect(first.getByText(/^Published at - /)).toHaveText(`Published at - ${await shownDate(page, created.createdAt)}`);
  // The title in the buttons' names is for screen readers; what shows is Edit and Delete.
  expect(await visibleText(first.getByRole('link', { name: `Edit ${title}` }))).toBe('Edit');
  expect(await visibleText(first.getByRole('button', { name: `Delete ${title}` }))).toBe('Delete');
});

test('edits a service: the form loads its values, saves them and returns to the list page it came from', async ({ page }) => {
  const api = apiOf(page);
  const service = await createService(api, { about: 'Old about' });
  await createServices(api, 10, 'Newer'); // pushes the service to page 2
  await page.goto('/admin/service?page=2');
  const card = cards(page).filter({ has: page.getByRole('heading', { name: service.title }) });
  await card.getByRole('link', { name: `Edit ${service.title}` }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/service/edit/${service.id}$`));
  await expect(page.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(service.title);
  await expect(page.getByLabel('About')).toHaveValue('Old about');
  await expect(page.getByRole('textbox', { name: 'About' })).toHaveJSProperty('tagName', 'TEXTAREA');

  const newTitle = unique('Renamed ');
  await page.getByLabel('Title').fill(newTitle);
  await page.getByLabel('About').fill('New about');
  await page.getByRole('button', { name: 'Edit Service' }).click();

  await expect(page).toHaveURL(/\/admin\/service\?page=2$/);
  await expect(page.getByRole('heading', { name: newTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: service.title, exact: true })).toHaveCount(0);
  expect((await (await api.get(`/api/services/${service.id}`)).json()).about).toBe('New about');
});

test('the edit form starts from the saved values, not from a copy cached on an earlier visit', async ({ page }) => {
  const api = apiOf(page);
  const service = await createService(api);
  await page.goto(`/admin/service/edit/${service.id}`);
  await expect(page.getByLabel('Title')).toHaveValue(service.title);
  await page.getByRole('link', { name: 'Cancel' }).click();
  const editLink = page.getByRole('link', { name: `Edit ${service.title}` });
  await expect(editLink).toBeVisible();

  const changed = unique('Changed elsewhere ');
  expect((await api.patch(`/api/services/${service.id}`, { data: { title: changed } })).status()).toBe(200);
  await editLink.click();
  await expect(page.getByLabel('Title')).toHaveValue(changed);
});

test('Cancel on the form goes back to the list without saving', async ({ page }) => {
  const service = await createService(apiOf(page));
  await page.goto(`/admin/service/edit/${service.id}`);
  await page.getByLabel('Title').fill('Not saved');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/service$/);
  expect((await (await apiOf(page).get(`/api/services/${service.id}`)).json()).title).toBe(service.title);
});

test("shows the server's validation messages under their fields and moves focus to the first", async ({ page }) => {
  await page.goto('/admin/service/create');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription(/^Title is required/);
  await expect(page.getByLabel('About')).toHaveAccessibleDescription(/^About is required/);
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/service\/create$/);

  await page.getByLabel('Title').fill('x'.repeat(201));
  await page.getByLabel('About').fill('   ');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Title must be at most 200 characters')).toBeVisible();
  await expect(page.getByLabel('About')).toHaveAccessibleDescription(/^About is required/);
  await expectNoA11yViolations(page);

  await page.getByLabel('Title').fill('Fine title');
  await page.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Title must be at most 200 characters')).toHaveCount(0);
  await expect(page.getByLabel('About')).toBeFocused();

  const service = await createService(apiOf(page));
  await page.goto(`/admin/service/edit/${service.id}`);
  await page.getByLabel('Title').fill(' ');
  await page.getByRole('button', { name: 'Edit Service' }).click();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription(/^Title is required/);
});

test('shows spinners while the list loads, while the edit form loads and while it saves', async ({ page }) => {
  const service = await createService(apiOf(page));
  /** Holds the next matching request until the returned function is called. */
  const hold = async (url: string | RegExp, method: string) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(url, async (route) => {
      if (route.request().method() === method) await held;
      await route.continue();
    });
    return release;
  };

  const releaseList = await hold('**/api/services?*', 'GET');
  await page.goto('/admin/service');
  await expect(spinner(page, 'Loading services')).toBeVisible();
  releaseList();
  await expect(page.getByRole('heading', { name: service.title })).toBeVisible();
  await expect(spinner(page, 'Loading services')).toHaveCount(0);

  const releaseDetail = await hold(`**/api/services/${service.id}`, 'GET');
  await page.getByRole('link', { name: `Edit ${service.title}` }).click();
  await expect(spinner(page, 'Loading the service')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveCount(0);
  releaseDetail();
  await expect(page.getByLabel('Title')).toHaveValue(service.title);

  const releaseSave = await hold(`**/api/services/${service.id}`, 'PATCH');
  await page.getByRole('button', { name: 'Edit Service' }).click();
  await expect(spinner(page, 'Saving')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit Service' }).locator('button[type="submit"]')).toBeDisabled();
  releaseSave();
  await expect(page).toHaveURL(/\/admin\/service$/);
});

test('an edit link to a service that does not exist says so and links back to the list', async ({ page }) => {
  for (const id of ['6f1c3a52-8a4e-4b1e-9f5d-2a0c7e9b1d34', 'not-a-uuid']) {
    await page.goto(`/admin/service/edit/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This service does not exist. It may have been deleted.');
    await expect(page.getByLabel('Title')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to Services' }).click();
  await expect(page).toHaveURL(/\/admin\/service$/);
});

test('shows about as text, never as HTML', async ({ page }) => {
  const about = '<b>bold</b> <img src=x onerror="window.__hacked = true">';
  const service = await createService(apiOf(page), { about });
  await page.goto('/admin/service');
  const card = cards(page).filter({ has: page.getByRole('heading', { name: service.title }) });
  await expect(card.getByText(about)).toBeVisible();
  await expect(card.locator('b, img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
});

test('pages through services with numbered links, Next and Previous; the page survives reload and Back', async ({ page }) => {
  const api = apiOf(page);
  await createServices(api, 23, 'Paged');
  // Other tests write services at the same time, so a page's services are the ones the screen
  // was last sent for it (a delete elsewhere shifts them by one between two reads).
  const sent = new Map<number, Paged>();
  page.on('response', async (res) => {
    const url = new URL(res.url());
    if (url.pathname !== '/api/services' || res.request().method() !== 'GET' || !res.ok()) return;
    sent.set(Number(url.searchParams.get('page') ?? 1), (await res.json()) as Paged);
  });
  const shows = (number: number) =>
    expect(async () => {
      const body = sent.get(number);
      expect(body?.meta.page).toBe(number);
      expect((await cardTitles(page).allInnerTexts()).map((title) => title.trim())).toEqual(titles(body!));
    }).toPass();

  await page.goto('/admin/service');
  await shows(1);
  await expect(pager(page).getByRole('link', { name: /^Page \d+$/ })).toHaveText(sent.get(1)!.links.loopLink.map((l) => String(l.number)));
  await expect(pager(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager(page).getByRole('link', { name: 'Previous' })).toHaveCount(0);

  await pager(page).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/admin\/service\?page=2$/);
  await shows(2);
  await expect(pager(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager(page).getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current', 'page');

  await pager(page).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/admin\/service\?page=3$/);
  await shows(3);

  await pager(page).getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/admin\/service\?page=2$/);
  await shows(2);

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/service\?page=3$/);
  await shows(3);

  sent.clear();
  await page.reload();
  await expect(pager(page).getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await shows(3);

  await pager(page).getByRole('link', { name: 'Page 1' }).click();
  await expect(page).toHaveURL(/\/admin\/service$/);
  await expectNoA11yViolations(page);
});

test('a page past the end shows "no data" and a way back', async ({ page }) => {
  await createService(apiOf(page));
  const { page: last } = await lastPage(apiOf(page));
  await page.goto(`/admin/service?page=${last + 50}`);
  await expect(page.getByText('no data', { exact: true })).toBeVisible();
  await pager(page).getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(last > 1 ? `\\?page=${last}$` : '/admin/service$'));
  await expect(cards(page).first()).toBeVisible();
});

test('deleting asks first; Cancel keeps the service, Delete removes it and the page stays', async ({ page }) => {
  const api = apiOf(page);
  const [keep, gone] = await createServices(api, 2, 'Deletable');
  await page.goto('/admin/service');
  const goneCard = cards(page).filter({ has: page.getByRole('heading', { name: gone.title }) });

  await goneCard.getByRole('button', { name: `Delete ${gone.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete service' });
  await expect(dialog).toContainText(gone.title);
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(goneCard).toBeVisible();

  await goneCard.getByRole('button', { name: `Delete ${gone.title}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: gone.title })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: keep.title })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/service$/);
  expect((await api.get(`/api/services/${gone.id}`)).status()).toBe(404);
});

test('deleting the only service on the last page goes to the page before it', async ({ page }) => {
  const api = apiOf(page);
  let last = await lastPage(api);
  // Make the last page hold exactly one service: new ones are the newest, so the oldest moves to the end.
  const needed = (last.pageSize + 1 - last.count) % last.pageSize;
  await createServices(api, needed + (last.page === 1 && needed === 0 ? last.pageSize : 0), 'Filler');
  last = await lastPage(api);
  expect(last.count).toBe(1);
  expect(last.page).toBeGreaterThan(1);
  const [only] = (await listPage(api, last.page)).data;

  await page.goto(`/admin/service?page=${last.page}`);
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${only.title}` }).click();
  await page.getByRole('dialog', { name: 'Delete service' }).getByRole('button', { name: 'Delete' }).click();

  const previous = last.page - 1;
  await expect(page).toHaveURL(previous === 1 ? /\/admin\/service$/ : new RegExp(`\\?page=${previous}$`));
  await expect(pager(page).getByRole('link', { name: `Page ${previous}` })).toHaveAttribute('aria-current', 'page');
  await expect(cards(page)).toHaveCount(last.pageSize);
  await expect(page.getByRole('heading', { name: only.title })).toHaveCount(0);
});

test('a failed list load and a failed delete show a short message and are logged', async ({ page }) => {
  const service = await createService(apiOf(page));
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  await page.route('**/api/services?*', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
  await page.route('**/api/services', (route) => route.fulfill({ status: 500, json: { error: 'Something went wrong' } }));
  await page.goto('/admin/service');
  await expect(page.getByRole('alert')).toContainText('Sorry, the services could not be loaded.');
  expect(errors.some((e) => e.includes('Loading the services failed'))).toBe(true);

  await page.unrouteAll();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: service.title })).toBeVisible();

  await page.route(`**/api/services/${service.id}`, (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { error: 'Something went wrong' } }) : route.continue(),
  );
  await page.getByRole('button', { name: `Delete ${service.title}` }).click();
  await page.getByRole('dialog', { name: 'Delete service' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Could not delete: Something went wrong/);
  await expect(page.getByRole('alert')).toBeInViewport();
  await expect(page.getByRole('heading', { name: service.title })).toBeVisible();
  expect(errors.some((e) => e.includes('Delete failed'))).toBe(true);
});

test('on a phone the pagination shows only Previous and Next', async ({ page }) => {
  const api = apiOf(page);
  const first = await listPage(api, 1);
  if (!first.links.nextPage) await createServices(api, first.meta.pageSize, 'Phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/service?page=2');
  await expect(pager(page).getByText('Previous')).toBeVisible();
  await expect(pager(page).getByText('Next')).toBeVisible();
  await expect(pager(page).getByRole('link', { name: 'Page 2' })).toBeHidden();
  await expect(pager(page).getByRole('link', { name: 'Page 1' })).toBeHidden();
  await pager(page).getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/admin\/service$/);
  await expectNoA11yViolations(page);
});

test('the list and the forms have no accessibility violations', async ({ page }) => {
  const service = await createService(apiOf(page), { about: 'Line one\nLine two' });
  await page.goto('/admin/service');
  await expect(page.getByRole('heading', { name: service.title })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto('/admin/service/create');
  await expect(page.getByRole('heading', { name: 'Create Service' })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goto(`/admin/service/edit/${service.id}`);
  await expect(page.getByLabel('About')).toHaveValue('Line one\nLine two');
  await expectNoA11yViolations(page);
});

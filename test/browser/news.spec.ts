import { expect, test, type Page } from '@playwright/test';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations } from './support';

const jpeg = (width: number, height: number) => image('jpeg', width, height);

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
/** JPEG's first bytes and nothing an image decoder can read: passes the picker, refused by the server. */
const DAMAGED_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);

/** Arranges an article (with a photo) through the API, as the logged-in admin. */
async function createArticle(page: Page, title: string, withPhoto = true): Promise<string> {
  const api = apiOf(page);
  const created = await api.post('/api/news', { data: { title, description: 'Made by the test', about: 'First line\nSecond line' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (withPhoto) {
    const upload = await api.post(`/api/news/${id}/upload`, {
      multipart: { photo: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await jpeg(640, 480) } },
    });
    expect(upload.status()).toBe(200);
  }
  return id;
}

function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('news', () => {
  test('an admin creates an article with a photo, reads it, edits it, finds it and deletes it', async ({ page }) => {
    const title = unique('Launch ');
    await page.goto('/admin/news');
    await expect(page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Create', exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/news\/create$/);
    await expect(page.getByRole('heading', { name: 'Create News' })).toBeVisible();
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'launch.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1200, 900) });
    const preview = page.getByRole('img', { name: 'Preview of the chosen photo' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('We opened the new office.');
    await page.getByLabel('About').fill('Line one\nLine two');

    // Hold the photo's upload until the progress bar has been seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/photos', async (route) => {
      await held;
      await route.continue();
    });
    // One save: the photo is stored, then the article is sent once, naming it.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Create News' }).click();
    await expect(page.getByRole('progressbar', { name: 'Uploading photo' })).toBeVisible();
    release();

    // Save stays on the form: the new article's own edit form (issue #38).
    await expect(page).toHaveURL(/\/admin\/news\/edit\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: 'Edit News' })).toBeVisible();
    await page.unroute('**/api/photos');
    expect(sent).toEqual(['POST /api/photos', 'POST /api/news']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    const item = card(page, title);
    await expect(item).toBeVisible();
    const photo = item.getByRole('img', { name: title });
    await expect(photo).toHaveAttribute('src', /^\/uploads\/news\/[0-9a-f-]+\.webp$/);
    // Every stored size in srcset (480, 960 and its own 1200); the list's slot takes a small one.
    await expect(photo).toHaveAttribute('srcset', /-480\.webp 480w, \S+-960\.webp 960w, \S+\.webp 1200w$/);
    await expect(photo).toHaveAttribute('width', '1200');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc.endsWith('-480.webp'))).toBe(true);
    await expect(item.getByText('We opened the new office.')).toBeVisible();
    await expect(item.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} (AM|PM)$/)).toBeVisible();

    await item.getByRole('link', { name: /^about – click here/ }).click();
    await expect(page).toHaveURL(/\/admin\/news\/NewsDetails\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: title })).toBeVisible();
    await expect(page.getByText('We opened the new office.')).toBeVisible();
    const about = page.getByRole('region', { name: 'About' });
    await expect(about).toContainText('Line one');
    expect(await about.getByText('Line one').evaluate((p) => (p as HTMLElement).innerText)).toBe('Line one\nLine two');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/news\/edit\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: 'Edit News' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByRole('img', { name: 'Current photo' })).toBeVisible();
    const edited = `${title} edited`;
    await page.getByLabel('Title').fill(edited);
    await page.getByRole('button', { name: 'Edit News' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('News updated');
    await expect(page.getByRole('button', { name: 'Edit News' })).toBeFocused();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();

    await page.getByRole('searchbox', { name: 'Search news by title' }).fill(edited.toUpperCase());
    await expect(page).toHaveURL(/[?&]title=/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([edited]);
    await expect(page.getByRole('navigation', { name: 'News pages' })).toHaveCount(0);

    // Edited from the search, the form's Cancel returns to the search.
    await card(page, edited).getByRole('link', { name: /^Edit/ }).click();
    await page.getByLabel('About').fill('Line one\nLine two, revised');
    await page.getByRole('button', { name: 'Edit News' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('News updated');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('title')).toBe(edited.toUpperCase());
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([edited]);

    await card(page, edited)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete news' });
    await expect(dialog).toContainText(edited);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('no data')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search news by title' })).toHaveValue(edited.toUpperCase());
    await expect(page.getByText('no data')).toBeVisible();
  });

  test('a photo the server refuses shows its message, and nothing is saved until a good one is chosen', async ({ page }) => {
    const title = unique('Refused ');
    await page.goto('/admin/news/create');
    await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: DAMAGED_JPEG });
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Description');
    await page.getByLabel('About').fill('About');
    await page.getByRole('button', { name: 'Create News' }).click();

    await expect(page.getByText('Photo could not be read: the file may be damaged')).toBeVisible();
    await expect(page.getByLabel('Photo', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Photo', { exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/news\/create$/);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expectNoA11yViolations(page);
    const none = await apiOf(page).get(`/api/news?title=${encodeURIComponent(title)}`);
    expect(((await none.json()) as { data: unknown[] }).data).toHaveLength(0);

    // Trying again with a good photo creates the article, once, with it.
    await page
      .getByLabel('Photo', { exact: true })
      .setInputFiles({ name: 'real.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 200) });
    await expect(page.getByText('Photo could not be read: the file may be damaged')).toHaveCount(0);
    await page.getByRole('button', { name: 'Create News' }).click();
    await expect(page).toHaveURL(/\/admin\/news\/edit\/[0-9a-f-]+$/);
    const search = await apiOf(page).get(`/api/news?title=${encodeURIComponent(title)}`);
    const { data } = (await search.json()) as { data: { photo: string | null; photoWidth: number | null }[] };
    expect(data).toHaveLength(1);
    expect(data[0].photo).toMatch(/\.webp$/);
    expect(data[0].photoWidth).toBe(300);
  });

  test('a picked file is judged at once by its bytes and size, and a refused one saves nothing', async ({ page }) => {
    const title = unique('Picked ');
    await page.goto('/admin/news/create');
    const picker = page.getByLabel('Photo', { exact: true });
    await picker.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo') });
    await expect(page.getByText('Photo must be a JPEG, PNG or WebP image')).toBeVisible();
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('img', { name: 'Preview of the chosen photo' })).toHaveCount(0);

    await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: SVG });
    await expect(page.getByText('Photo must be a JPEG, PNG or WebP image')).toBeVisible();

    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(9 * 1024 * 1024)]);
    await picker.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: big });
    await expect(page.getByText('Photo must be at most 5 MB')).toBeVisible();
    await expectNoA11yViolations(page);

    // A good one: its preview cropped as the site shows it (16:9, issue #38), its name and size, and it can be cleared.
    await picker.setInputFiles({ name: 'wide.jpg', mimeType: 'image/jpeg', buffer: await jpeg(400, 100) });
    await expect(page.getByText('Photo must be')).toHaveCount(0);
    const preview = page.getByRole('img', { name: 'Preview of the chosen photo' });
    await expect(preview).toBeVisible();
    const box = await preview.boundingBox();
    expect(Math.abs(box!.width / box!.height - 16 / 9)).toBeLessThan(0.05);
    await expect(preview).toHaveCSS('object-fit', 'cover');
    await expect(page.getByText('wide.jpg')).toBeVisible();
    await page.getByRole('button', { name: 'Clear the chosen photo' }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByText('No photo')).toBeVisible();

    // A refused file never reached the server: no article was created meanwhile.
    await page.getByLabel('Title').fill(title);
    const search = await apiOf(page).get(`/api/news?title=${encodeURIComponent(title)}`);
    expect(((await search.json()) as { data: unknown[] }).data).toHaveLength(0);
  });

  test('the detail page shows a small photo at its own size, never stretched', async ({ page }) => {
    const title = unique('Small ');
    const res = await apiOf(page).post('/api/news', { data: { title, description: 'D', about: 'A' } });
    const { id } = (await res.json()) as { id: string };
    await apiOf(page).post(`/api/news/${id}/upload`, {
      multipart: { photo: { name: 's.jpg', mimeType: 'image/jpeg', buffer: await jpeg(120, 90) } },
    });
    for (const size of [
      { width: 1280, height: 860 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      await page.goto(`/admin/news/NewsDetails/${id}`);
      const photo = page.getByRole('img', { name: title });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
      const box = await photo.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(120);
      expect(Math.abs(box!.width / box!.height - 4 / 3)).toBeLessThan(0.05);
    }
  });

  test('the form shows the server’s message under each field and stays on the create route', async ({ page }) => {
    await page.goto('/admin/news/create');
    await page.getByRole('button', { name: 'Create News' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();
    await expect(page.getByText('About is required')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/admin\/news\/create$/);
    await expectNoA11yViolations(page);
  });

  test('a search that matches nothing shows "no data" and no paging, asking the server once the typing pauses', async ({ page }) => {
    await page.goto('/admin/news');
    await expect(page.getByRole('list', { name: 'News' }).or(page.getByText('no data'))).toBeVisible();
    const searches: string[] = [];
    page.on('request', (request) => {
      const title = new URL(request.url()).searchParams.get('title');
      if (title !== null) searches.push(title);
    });
    const text = unique('Nothing%_\\ ');
    await page.getByRole('searchbox', { name: 'Search news by title' }).pressSequentially(text, { delay: 20 });
    await expect.poll(() => new URL(page.url()).searchParams.get('title')).toBe(text);
    await expect(page.getByText('no data')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'News pages' })).toHaveCount(0);
    // Debounced: far fewer requests than keystrokes, the last one for the whole text.
    expect(searches.length).toBeLessThan(text.length / 2);
    expect(searches.at(-1)).toBe(text);
  });

  test('an unknown article shows its error on the detail page', async ({ page }) => {
    await page.goto('/admin/news/NewsDetails/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('alert')).toHaveText('News not found');
    await expect(page.getByRole('link', { name: 'Back to the news' })).toBeVisible();
  });

  test('the list, the form and the detail page pass axe', async ({ page }) => {
    // Two articles (one with a photo) and four axe passes: more than one default timeout on a busy machine.
    test.slow();
    const title = unique('Axe ');
    const id = await createArticle(page, title);
    await createArticle(page, `${title} without photo`, false);

    await page.goto(`/admin/news?title=${encodeURIComponent(title)}`);
    await expect(card(page, title).getByRole('img', { name: title })).toBeVisible();
    await expect(card(page, `${title} without photo`).getByText('No photo')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/admin/news/NewsDetails/${id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto('/admin/news/create');
    await expect(page.getByRole('heading', { name: 'Create News' })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto(`/admin/news/edit/${id}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expectNoA11yViolations(page);
  });
});

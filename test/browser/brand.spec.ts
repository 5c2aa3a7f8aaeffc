import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';
import { expectNoA11yViolations, STORAGE_STATE } from './support';

/*
 * The brand (issue #23): a logo and an accent colour set in Settings show on the public pages, and
 * an article's photo does not move the page as it loads. The brand and the maintenance switch are
 * the whole site's, so this file runs in a project of its own after the public site's
 * (playwright.config.ts), and puts both back at the end.
 */

test.describe.configure({ mode: 'default' });

const ACCENT = '#7a1f5c';
const ACCENT_RGB = 'rgb(122, 31, 92)';

let admin: APIRequestContext;
let article: { id: string; slug: string };

test.beforeAll(async ({ playwright }, testInfo) => {
  admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL, storageState: STORAGE_STATE });
  const title = unique('Brand day ');
  const news = await admin.post('/api/news', {
    data: { title, description: `A day out: ${title}`, about: 'We met.', photoAlt: 'The team' },
  });
  expect(news.status()).toBe(201);
  article = (await news.json()) as typeof article;
  const upload = await admin.post(`/api/news/${article.id}/upload`, {
    multipart: { photo: { name: 'team.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 2000, 1200) } },
  });
  expect(upload.status()).toBe(200);
});

test.afterAll(async () => {
  // Every other browser test expects the maintenance page and the default brand.
  await admin.delete('/api/settings/logo');
  expect((await admin.patch('/api/settings', { data: { maintenance: true, accentColor: '' } })).status()).toBe(200);
  await admin.dispose();
});

/** The console's CSP complaints, from the moment this is called. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test('an administrator sets a logo and an accent colour in Settings, and the public home page shows them', async ({ page, browser }) => {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // A colour white text cannot be read on is refused under its field.
  const accent = page.getByLabel('Accent colour', { exact: true });
  await accent.fill('#f2b134');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('White text on #f2b134 has a contrast of only 1.8:1')).toBeVisible();
  await expect(accent).toHaveAttribute('aria-invalid', 'true');

  await accent.fill(ACCENT);
  const maintenance = page.getByRole('switch', { name: 'Maintenance mode' });
  if (await maintenance.isChecked()) await maintenance.click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  const logo = await sharp({ create: { width: 120, height: 120, channels: 4, background: { r: 200, g: 30, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByText('Logo saved')).toBeVisible();
  const current = page.getByRole('img', { name: 'Current logo' });
  await expect(current).toHaveAttribute('src', /\/uploads\/news\/[0-9a-f-]+\.webp$/);
  const logoPath = new URL((await current.getAttribute('src'))!, page.url()).pathname;
  // The admin menu shows it too.
  await expect(page.locator('.sidebar__logo')).toHaveAttribute('src', logoPath);
  await expectNoA11yViolations(page);

  // A visitor (no cookie) sees both on the home page at once.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const home = await visitor.newPage();
    const violations = cspViolations(home);
    await home.goto('/');
    await expect(home.locator('.site-header .brand img')).toHaveAttribute('src', logoPath);
    await expect(home.locator('link[rel="icon"]')).toHaveAttribute('href', logoPath);
    expect(await home.locator('.site-header .brand img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    await expect(home.locator('.hero')).toHaveCSS('background-color', ACCENT_RGB);
    await expect(home.locator('.site-footer')).toHaveCSS('background-color', ACCENT_RGB);
    // The accent's stylesheet and the JSON-LD pass the page's policy: nothing refused.
    expect(await home.locator('script[type="application/ld+json"]').count()).toBe(1);
    expect(violations).toEqual([]);
  } finally {
    await visitor.close();
  }
});

test.describe('as a visitor', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('an article with a photo has its size before it loads, and nothing shifts', async ({ page }) => {
    const violations = cspViolations(page);
    await page.goto(`/news/${article.slug}`);
    const photo = page.locator('.article-photo img');
    await expect(photo).toHaveAttribute('width', '1600');
    await expect(photo).toHaveAttribute('height', '960');
    await expect(photo).toHaveAttribute('srcset', /-480\.webp 480w, .*-960\.webp 960w, .*\.webp 1600w$/);
    await expect(photo).toHaveAttribute('sizes', /.+/);
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const shifts = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          // Buffered entries arrive in the observer's first callback, within a frame or two.
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(total), 200)));
        }),
    );
    expect(shifts).toBe(0);
    expect(violations).toEqual([]);
  });

  test('on a phone the news list lays out and loads the cards near the screen first, and every other one as it is scrolled to', async ({
    page,
  }) => {
    // A full first page of articles with photos, newest first.
    const photo = await image('jpeg', 1600, 1000);
    for (let i = 0; i < 10; i++) {
      const news = await admin.post('/api/news', {
        data: { title: unique('Photo card '), description: 'd', about: 'a', photoAlt: 'A card' },
      });
      const { id } = (await news.json()) as { id: string };
      const upload = await admin.post(`/api/news/${id}/upload`, {
        multipart: { photo: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: photo } },
      });
      expect(upload.status()).toBe(200);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/news', { waitUntil: 'networkidle' });
    const photos = page.locator('.grid .card img.photo');
    await expect(photos).toHaveCount(10);
    // The first card is drawn at once; the last, far below, is skipped (content-visibility) until
    // it comes near, and its lazy photo with it, so the first photo has the connection to itself.
    const drawn = (index: number) => photos.nth(index).evaluate((img) => img.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn(0)).toBe(true);
    expect(await drawn(9)).toBe(false);
    for (let i = 0; i < 10; i++) {
      await photos.nth(i).scrollIntoViewIfNeeded();
      await expect.poll(() => photos.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    expect(await drawn(9)).toBe(true);
  });

  test('the branded home page, news list and article have no accessibility violations at 1280 and 390 px', async ({ page }) => {
    for (const path of ['/', '/news', `/news/${article.slug}`]) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
        await page.goto(path);
        await expectNoA11yViolations(page);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
        expect(sideways, `${path} at ${width} px`).toBe(false);
      }
    }
  });
});

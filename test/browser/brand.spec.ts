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

  // A colour too light to read: the screen says so in words and offers the nearest shade that reads
  // well, before any Save; the server refuses it the same way.
  const accent = page.getByLabel('Accent colour', { exact: true });
  await accent.fill('#f2b134');
  const preview = page.getByRole('figure');
  await expect(preview).toContainText('Preview: the website in #f2b134');
  await expect(page.getByText('#f2b134 is too light: links in it, and white text on it, would be hard to read.')).toBeVisible();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('#f2b134 is too light: links in this colour, and white text on it, would be hard to read.')).toBeVisible();
  await expect(accent).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Use #a06c0a' }).click();
  await expect(accent).toHaveValue('#a06c0a');
  await expect(accent).toBeFocused();
  await expect(page.getByRole('button', { name: /^Use #/ })).toHaveCount(0);
  await expect(preview).toContainText('Preview: the website in #a06c0a');
  await expect(preview.locator('.accent-preview__button')).toHaveCSS('background-color', 'rgb(160, 108, 10)');

  // The live preview follows what is typed.
  await accent.fill(ACCENT);
  await expect(preview).toContainText(`Preview: the website in ${ACCENT}`);
  await expect(preview.locator('.accent-preview__banner')).toHaveCSS('background-color', ACCENT_RGB);
  await expect(preview.locator('.accent-preview__link')).toHaveCSS('color', ACCENT_RGB);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  // Put live at once from the same screen (issue 38), so a visitor sees the brand.
  const site = page.getByRole('region', { name: 'Website' });
  if ((await site.getByText('Hidden (maintenance page)').count()) === 1) {
    await site.getByRole('button', { name: 'Put the site live' }).click();
    await page.getByRole('dialog', { name: 'Put the site live?' }).getByRole('button', { name: 'Put live' }).click();
    await expect(site.getByText('Live', { exact: true })).toBeVisible();
  }

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
    // One colour everywhere (issue 38): the banner and footer, the banner's button (inverted: white,
    // the accent as its text), links and the current page in the menu; white text on it.
    await expect(home.locator('.hero')).toHaveCSS('background-color', ACCENT_RGB);
    await expect(home.locator('.hero')).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(home.locator('.site-footer')).toHaveCSS('background-color', ACCENT_RGB);
    await expect(home.locator('.hero .button-accent')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(home.locator('.hero .button-accent')).toHaveCSS('color', ACCENT_RGB);
    await expect(home.locator('.nav a[aria-current]')).toHaveCSS('box-shadow', new RegExp(ACCENT_RGB.replace(/[()]/g, '\\$&')));
    await home.goto('/contact');
    await expect(home.locator('button.button-primary')).toHaveCSS('background-color', ACCENT_RGB);
    await expect(home.locator('button.button-primary')).toHaveCSS('color', 'rgb(255, 255, 255)');
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

  // One test per page, each at 1280 px in one theme and 390 px in the other.
  for (const [name, path, firstScheme] of [
    ['home page', () => '/', 'light'],
    ['news list', () => '/news', 'dark'],
    ['article', () => `/news/${article.slug}`, 'light'],
  ] as const) {
    test(`the branded ${name} has no accessibility violations at 1280 and 390 px, light and dark`, async ({ page }) => {
      const secondScheme = firstScheme === 'light' ? 'dark' : 'light';
      for (const [width, colorScheme] of [
        [1280, firstScheme],
        [390, secondScheme],
      ] as const) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: width === 390 ? 844 : 860 });
        await page.goto(path());
        await expectNoA11yViolations(page);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
        expect(sideways, `${path()} at ${width} px`).toBe(false);
      }
    });
  }

  test('on the dark page a link takes a light tint of the accent, never the dark accent itself', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/news/${article.slug}`);
    const link = page.locator('main a').first();
    await expect(link).toBeVisible();
    await expect(link).not.toHaveCSS('color', ACCENT_RGB);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(link).toHaveCSS('color', ACCENT_RGB);
  });
});

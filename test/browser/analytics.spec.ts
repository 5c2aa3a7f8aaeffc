import { devices, expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../support/csv';
import { unique } from '../support/unique.mjs';
import { expectNoA11yViolations, STORAGE_STATE } from './support';

/*
 * Visitor counts, from a visitor's page view on the public site to the Visitors screen. The site
 * must be open to be visited, and maintenance is one switch for the whole site, so this file runs
 * in a project of its own after the other site-wide ones (playwright.config.ts): it switches
 * maintenance off first and back on at the end, whatever ran before and whether its tests pass.
 */

// One worker, in order (a failure does not skip the rest).
test.describe.configure({ mode: 'default' });

let admin: APIRequestContext;
let article: { id: string; slug: string; title: string };
let baseURL: string;

async function setMaintenance(on: boolean): Promise<void> {
  const res = await admin.patch('/api/settings', { data: { maintenance: on } });
  expect(res.status()).toBe(200);
}

/**
 * A visitor's browser: no admin cookie and nothing in its storage (so not the panel's counts-off
 * flag), a desktop browser's User-Agent (the headless one is a bot's) and a language, as people's
 * browsers send.
 */
function visitorContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...devices['Desktop Chrome'], baseURL, locale: 'en-GB', storageState: { cookies: [], origins: [] } });
}

async function newArticle(titlePrefix: string): Promise<typeof article> {
  const created = await admin.post('/api/news', {
    data: { title: unique(titlePrefix), description: 'Read by a visitor.', about: 'Worth a visit.' },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as typeof article;
}

/** Opens a public page and waits for its beacon to be taken (204). */
async function visit(visitor: Page, path: string): Promise<void> {
  const beacon = visitor.waitForResponse((response) => new URL(response.url()).pathname === '/api/collect');
  await visitor.goto(path);
  expect((await beacon).status()).toBe(204);
}

/** What a visitor can make up and send: shown on the screen, it must stay text. */
const MADE_UP = { path: '/<script>alert("path")</script>', campaign: '<img src=x onerror=alert("campaign")>' };

const today = () => new Date().toISOString().slice(0, 10);

/** Waits until the server has written today's counts with at least one pageview (it writes at most every 10 s). */
async function countedToday(): Promise<void> {
  await expect
    .poll(
      async () => {
        const reply = await admin.get(`/api/analytics/summary?from=${today()}&to=${today()}`);
        return reply.ok() ? ((await reply.json()) as { pageviews: number }).pageviews : 0;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
}

// The visitor's page view every test looks for: one visit to a new article's page; and a beacon
// sent by hand with markup in its path and campaign.
test.beforeAll(async ({ playwright, browser }, testInfo) => {
  baseURL = testInfo.project.use.baseURL!;
  admin = await playwright.request.newContext({ baseURL, storageState: STORAGE_STATE });
  await setMaintenance(false);
  article = await newArticle('Counted ');
  const visitor = await visitorContext(browser);
  const visitorPage = await visitor.newPage();
  await visit(visitorPage, `/news/${article.slug}`);
  const madeUp = visitorPage.waitForResponse((response) => new URL(response.url()).pathname === '/api/collect');
  await visitorPage.evaluate(
    ({ path, campaign }) => navigator.sendBeacon('/api/collect', JSON.stringify({ path, referrer: '', utm_source: campaign, width: 1280 })),
    MADE_UP,
  );
  expect((await madeUp).status()).toBe(204);
  await visitor.close();
});

test.afterAll(async () => {
  // Every other browser test expects the maintenance page, as a new site shows it.
  await setMaintenance(true);
  await admin.dispose();
});

test.describe("the public pages' beacon", () => {
  for (const path of ['/', '/services', '/news', '/contact', 'an article']) {
    test(`${path} sends its view with no CSP violation and no error in the console`, async ({ browser }) => {
      const visitor = await visitorContext(browser);
      const page = await visitor.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Collected from before the page's first script: an inline script the CSP refused shows here,
      // with the directive that refused it.
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.defineProperty(window, '__cspViolations', { value: seen });
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`),
        );
      });
      const beacon = page.waitForRequest('**/api/collect');
      // An article of its own: the shared one's counts must stay the one visitor's view.
      const url = path === 'an article' ? `/news/${(await newArticle('Checked for CSP ')).slug}` : path;
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      const sent = await beacon;
      expect(sent.method()).toBe('POST');
      expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({ path: new URL(url, baseURL).pathname });
      expect((await sent.response())?.status()).toBe(204);
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
      expect(problems).toEqual([]);
      await visitor.close();
    });
  }
});

test.describe('the Visitors screen', () => {
  // The server writes the counts at most every 10 s: the screen is reloaded until they show.
  test.setTimeout(120_000);

  test("shows a visitor's page view, on the screen, the dashboard and the article's edit screen", async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const path = `/news/${article.slug}`;
    await page.goto('/admin/visitors?range=today');
    await expect(page.getByRole('heading', { level: 1, name: 'Visitors' })).toBeVisible();
    const pages = page.getByRole('table', { name: 'Top pages' });
    await expect(async () => {
      await page.reload();
      await expect(pages.getByRole('cell', { name: path, exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    const row = pages.getByRole('row').filter({ has: page.getByRole('cell', { name: path, exact: true }) });
    await expect(row.getByRole('cell').nth(1)).toHaveText('1');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    // What the visitor made up is text on the screen: no script ran, no image was made.
    await expect(pages.getByRole('cell', { name: MADE_UP.path, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Campaigns' }).getByRole('cell', { name: MADE_UP.campaign, exact: true })).toBeVisible();
    await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
    const summary = page.getByRole('list', { name: 'Summary' });
    await expect(summary.getByRole('listitem').filter({ hasText: 'Pageviews' })).toContainText(/^Pageviews\s*[1-9]/);
    await expect(page.getByText(/^Visitors now:/)).toBeVisible();

    // The panel keeps its own browser out of the counts: reading the article there sends nothing,
    // and its counts below stay the visitor's alone.
    expect(await page.evaluate(() => localStorage.getItem('counts-off'))).toBe('1');
    const beacons: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/collect')) beacons.push(request.url());
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await page.waitForLoadState('load');
    expect(beacons).toEqual([]);

    await page.goto('/admin');
    const tile = page.getByRole('region', { name: 'Visitors in the last 7 days' });
    await expect(tile).toContainText(/\d+ pageviews?/);
    await tile.getByRole('link', { name: 'All visitor counts' }).click();
    await expect(page).toHaveURL('/admin/visitors');

    await page.goto(`/admin/news/edit/${article.id}`);
    await expect(page.getByText('Last 30 days on the site:')).toBeVisible();
    await expect(page.getByText(/1 visitor \(sum of daily visitors\), 1 pageview\./)).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('the range picker changes the URL and the figures', async ({ page }) => {
    await page.goto('/admin/visitors');
    const period = page.getByRole('group', { name: 'Period' });
    await expect(period.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
    await expect(page.getByText('Sum of daily visitors', { exact: false })).toBeVisible();

    await period.getByRole('button', { name: '30 days' }).click();
    await expect(page).toHaveURL(/[?&]range=30d\b/);
    await expect(period.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await period.getByRole('button', { name: 'Today' }).click();
    await expect(page).toHaveURL(/[?&]range=today\b/);
    await expect(page.getByText('Sum of daily visitors', { exact: false })).toHaveCount(0);

    // A period long before the site existed: nothing in it, said in words.
    await period.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page).toHaveURL(/range=custom&from=2020-01-01&to=2020-01-31/);
    await expect(page.getByText('No visits yet in this period')).toBeVisible();
    const pageviews = page.getByRole('list', { name: 'Summary' }).getByRole('listitem').filter({ hasText: 'Pageviews' });
    await expect(pageviews.locator('.figure__value')).toHaveText('0');

    // Back returns to the period before, as a link would.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]range=custom\b/);
    await page.goto('/admin/visitors?range=custom&from=2020-02-01&to=2020-01-01');
    await expect(page.getByText('The start date must not be after the end date.')).toBeVisible();
  });

  test('downloads the period as CSV with a header row', async ({ page }) => {
    await page.goto('/admin/visitors?range=30d');
    // The figures on screen: the server has written what it held (the export reads what is written).
    await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...days] = parseCsv(text.slice(1));
    expect(header).toEqual(['Date', 'Visitors', 'Page views', 'Visits', 'Bounces', 'Dropped']);
    // The days with counts, today's (the visitor's) among them.
    const todays = days.find((row) => row[0] === today());
    expect(Number(todays?.[2])).toBeGreaterThan(0);
  });

  for (const [viewport, colorScheme] of [
    [{ width: 1280, height: 860 }, 'light'],
    [{ width: 390, height: 844 }, 'dark'],
  ] as const) {
    test(`is readable and accessible at ${viewport.width} px, ${colorScheme}`, async ({ page }) => {
      await countedToday();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto('/admin/visitors?range=today');
      await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Campaigns' })).toBeVisible();
      // One day's chart is hour by hour; its canvas is drawn.
      const trend = page.getByRole('region', { name: 'By hour' });
      await expect(trend.locator('canvas')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);
      // The chart's table, for screen readers always, shown to everyone on request.
      await trend.getByRole('button', { name: 'Show as table' }).click();
      await expect(trend.getByRole('table', { name: 'Visitors and pageviews by hour' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);
    });
  }
});

import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { baseURL } from './playwright.config';
import { apiOf, expectNoA11yViolations } from './support';
import { parseCsv } from '../support/csv';
import { unique } from '../support/unique.mjs';

const SCREEN = '/admin/adminContactUs';

/** Leaves a message through the public API (the admin cookie rides along, which the limit spares). */
async function leaveMessage(page: Page, fields: { name: string; msg?: string; phno?: string; email?: string }): Promise<string> {
  const res = await apiOf(page).post('/api/contactus', {
    data: { phno: '+44 20 7946 0018', email: 'visitor@example.com', msg: 'Hello from the browser suite', ...fields },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

function searchBox(page: Page) {
  return page.getByRole('searchbox', { name: 'Search messages' });
}

/** Body rows of the messages table; their first cell is the row's tick box (issue 24), Name the second. */
function rows(page: Page) {
  return page.getByRole('table').locator('tbody tr');
}

test.describe('contact messages', () => {
  test('the table shows messages with every column, and has no accessibility violations', async ({ page }) => {
    const tag = unique('Zq');
    await leaveMessage(page, { name: `Ada ${tag}`, phno: '+44 20 7946 0001', email: 'ada@example.com', msg: 'Please call me back.' });
    await page.goto(`${SCREEN}?name=${tag}`);

    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    for (const column of ['Name', 'Phone', 'Email', 'Message', 'Date', 'Actions']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByRole('cell').nth(1)).toHaveText(`Ada ${tag}`);
    await expect(row.getByRole('cell').nth(2)).toHaveText('+44 20 7946 0001');
    await expect(row.getByRole('cell').nth(3)).toHaveText('ada@example.com');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Please call me back.');
    await expect(row.getByRole('cell').nth(5)).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(row.getByRole('button', { name: `View message from Ada ${tag}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete message from Ada ${tag}` })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('typing a name narrows the table, puts the search in the URL and goes back to page 1', async ({ page }) => {
    const tag = unique('Zq');
    for (let i = 0; i < 11; i++) await leaveMessage(page, { name: `Crowd ${tag} ${i}` });
    await leaveMessage(page, { name: `Special ${tag}` });

    await page.goto(`${SCREEN}?name=${tag}&page=2`);
    await expect(searchBox(page)).toHaveValue(tag);
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search name, email or message');
    await expect(rows(page)).toHaveCount(2);

    await searchBox(page).fill(`special ${tag.toLowerCase()}`);
    await expect(page).toHaveURL((url) => url.searchParams.get('name') === `special ${tag.toLowerCase()}` && !url.searchParams.has('page'));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole('cell').nth(1)).toHaveText(`Special ${tag}`);

    await searchBox(page).fill(tag);
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' })).toBeVisible();
  });

  test('a long message is clamped to two lines in the table; the view icon shows all of it, Escape closes it and focus returns', async ({
    page,
  }) => {
    const tag = unique('Zq');
    const msg = `First line of a long message from ${tag}.\nSecond line, which goes on: ${'and on '.repeat(20).trim()}.\n\nLast line.`;
    await leaveMessage(page, { name: `Grace ${tag}`, phno: '', email: 'grace@example.com', msg });
    await page.goto(`${SCREEN}?name=${tag}`);

    const cell = rows(page).first().getByRole('cell').nth(4);
    await expect(cell).toContainText(`First line of a long message from ${tag}.`);
    // Two lines at most, the rest cut off (the line breaks read as spaces).
    const clamp = await cell.locator('div').evaluate((el) => ({
      height: el.clientHeight,
      line: parseFloat(getComputedStyle(el).lineHeight),
      cut: el.scrollHeight > el.clientHeight,
    }));
    expect(clamp.height).toBeLessThanOrEqual(2 * clamp.line + 1);
    expect(clamp.cut).toBe(true);

    const view = page.getByRole('button', { name: `View message from Grace ${tag}` });
    await view.click();
    const dialog = page.getByRole('dialog', { name: `Message from Grace ${tag}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('grace@example.com')).toBeVisible();
    await expect(dialog.getByText('Not given')).toBeVisible();
    // The whole text, its line breaks kept on screen.
    const shown = await dialog.locator('.message-details__text').evaluate((el) => (el as HTMLElement).innerText);
    expect(shown).toBe(msg);
    await expectNoA11yViolations(page);

    // Focus stays in the dialog: the page behind it is inert.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.activeElement === document.body || !!document.activeElement?.closest('dialog[open]'),
      );
      expect(inside).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();
  });

  test('delete asks first: Cancel keeps the message, Delete removes it', async ({ page }) => {
    const tag = unique('Zq');
    await leaveMessage(page, { name: `Alan ${tag}` });
    await leaveMessage(page, { name: `Kept ${tag}` });
    await page.goto(`${SCREEN}?name=${tag}`);
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole('button', { name: `Delete message from Alan ${tag}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete message' });
    await expect(confirm).toContainText(`Alan ${tag}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole('button', { name: `Delete message from Alan ${tag}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('cell', { name: `Alan ${tag}` })).toHaveCount(0);

    await page.reload();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole('cell').nth(1)).toHaveText(`Kept ${tag}`);
  });

  test('Export CSV downloads the messages the search shows', async ({ page }) => {
    const tag = unique('Zq');
    await leaveMessage(page, { name: `Export ${tag} one`, msg: 'Line one, with a comma\nand a "quote"' });
    await leaveMessage(page, { name: `Export ${tag} two`, msg: '=1+1' });
    await leaveMessage(page, { name: `Other ${tag}` });
    await page.goto(SCREEN);
    await searchBox(page).fill(`Export ${tag}`);
    await expect(rows(page)).toHaveCount(2);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('contact-messages.csv');
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const csv = parseCsv(text.slice(1));
    expect(csv[0]).toEqual(['Name', 'Phone', 'Email', 'Message', 'Date (UTC)']);
    expect(csv.slice(1).map((r) => [r[0], r[3]])).toEqual([
      [`Export ${tag} two`, "'=1+1"],
      [`Export ${tag} one`, 'Line one, with a comma\nand a "quote"'],
    ]);
  });

  test('a search that matches nothing shows "No records found"', async ({ page }) => {
    await page.goto(SCREEN);
    await searchBox(page).fill(`nothing-${unique('Zq')}`);
    await expect(page.getByText('No records found')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('on a phone the messages are cards with View and Delete at hand, and nothing scrolls sideways', async ({ page }) => {
    const tag = unique('Zq');
    await leaveMessage(page, { name: `Phone ${tag}`, phno: '', email: 'a.rather.long.address.for.a.phone@example.com' });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`${SCREEN}?name=${tag}`);
    const cards = page.getByRole('list', { name: 'Contact messages' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(cards.first().getByRole('heading', { name: `Phone ${tag}` })).toBeVisible();
    await expect(cards.first()).toContainText('—');
    await expect(cards.first().getByText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M/)).toBeVisible();
    await expect(page.getByRole('button', { name: `View message from Phone ${tag}` })).toBeInViewport();
    await expect(page.getByRole('button', { name: `Delete message from Phone ${tag}` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(searchBox(page)).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeInViewport();
    await expectNoA11yViolations(page);

    // The view dialog has the whole message, mail and phone links, and Delete.
    await page.getByRole('button', { name: `View message from Phone ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: `Message from Phone ${tag}` });
    await expect(dialog.getByRole('link', { name: 'a.rather.long.address.for.a.phone@example.com' })).toHaveAttribute(
      'href',
      'mailto:a.rather.long.address.for.a.phone@example.com',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete message' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Message deleted');
    await expect(page.getByText('No records found')).toBeVisible();
  });

  test('on a desktop name, email and date are shown whole, and an empty phone reads —', async ({ page }) => {
    const tag = unique('Zq');
    const name = `Desk ${tag} Featherstonehaugh-Wolfeschlegel`;
    const email = `someone.${tag.toLowerCase()}@a-company-with-a-rather-long-domain-name.example.com`;
    await leaveMessage(page, { name, phno: '', email });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${SCREEN}?name=${tag}`);
    await expect(rows(page)).toHaveCount(1);
    const cells = rows(page).first().getByRole('cell');
    await expect(cells.nth(1)).toHaveText(name);
    await expect(cells.nth(2)).toHaveText('—');
    await expect(cells.nth(3)).toHaveText(email);
    // Nothing cut: every cell's content fits in it.
    for (const index of [1, 3, 5]) {
      const fit = await cells.nth(index).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    }
    await expect(cells.nth(5)).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/);
    // The date, and the time on its own line at most (never broken inside).
    expect(
      await cells
        .nth(5)
        .locator('time')
        .evaluate((el) => el.getBoundingClientRect().height),
    ).toBeLessThan(50);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  });

  test('ticked messages are marked read, then unread, at once; only an unread sender is bold', async ({ page }) => {
    const tag = unique('Zq');
    for (const who of ['One', 'Two', 'Three']) await leaveMessage(page, { name: `${who} ${tag}` });
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${SCREEN}?name=${tag}`);
    await expect(rows(page)).toHaveCount(3);
    const unreadDots = page.getByRole('table').getByRole('img', { name: 'Unread' });
    await expect(unreadDots).toHaveCount(3);
    const weight = (cell: number) =>
      rows(page)
        .first()
        .getByRole('cell')
        .nth(cell)
        .evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(await weight(1)).toBeGreaterThanOrEqual(700);
    expect(await weight(4)).toBeLessThan(600);

    await page.getByRole('checkbox', { name: `Select message from One ${tag}` }).check();
    await page.getByRole('checkbox', { name: `Select message from Two ${tag}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Messages selection' });
    await bar.getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('2 messages marked as read');
    await expect(unreadDots).toHaveCount(1);
    await expect(
      rows(page)
        .filter({ hasText: `Three ${tag}` })
        .getByRole('img', { name: 'Unread' }),
    ).toBeVisible();
    const read = rows(page)
      .filter({ hasText: `One ${tag}` })
      .getByRole('cell')
      .nth(1);
    expect(await read.evaluate((el) => Number(getComputedStyle(el).fontWeight))).toBeLessThan(600);
    await expectNoA11yViolations(page);

    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await bar.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('3 messages marked as unread');
    await expect(unreadDots).toHaveCount(3);
  });

  test('search finds a message by its address and by its text', async ({ page }) => {
    const tag = unique('Zq').toLowerCase();
    await leaveMessage(page, { name: 'Address Owner', email: `${tag}@example.com` });
    await leaveMessage(page, { name: 'Text Writer', msg: `About the ${tag} quote` });
    await page.goto(SCREEN);
    await searchBox(page).fill(tag);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0).getByRole('cell').nth(1)).toHaveText('Text Writer');
    await expect(rows(page).nth(1).getByRole('cell').nth(1)).toHaveText('Address Owner');
  });

  test('Reply opens a mail to the visitor with the subject and the message quoted', async ({ page }) => {
    const tag = unique('Zq');
    const msg = `Hello & welcome?\nCould you call me = today, ${tag}?`;
    await leaveMessage(page, { name: `Replied ${tag}`, email: 'ana.lopez+web@example.com', msg });
    await page.goto(`${SCREEN}?name=${tag}`);
    await page.getByRole('button', { name: `View message from Replied ${tag}` }).click();
    const dialog = page.getByRole('dialog', { name: `Message from Replied ${tag}` });
    const href = (await dialog.getByRole('link', { name: 'Reply' }).getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ana.lopez+web@example.com');
    // Decoded as a mail program does: every reserved character came through as itself.
    expect(url.searchParams.get('subject')).toMatch(/^Re: Your message/);
    const body = url.searchParams.get('body') ?? '';
    expect(body).toContain(`Replied ${tag} wrote:\r\n> Hello & welcome?\r\n> Could you call me = today, ${tag}?`);
    expect(href).not.toMatch(/\s/);
  });

  test('Previous and Next, and K and J, go through the page in its order, disabled at its ends', async ({ page }) => {
    const tag = unique('Zq');
    for (const who of ['Oldest', 'Middle', 'Newest']) await leaveMessage(page, { name: `${who} ${tag}` });
    await page.goto(`${SCREEN}?name=${tag}`);
    await page.getByRole('button', { name: `View message from Newest ${tag}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName(`Message from Newest ${tag}`);
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await page.keyboard.press('j');
    await expect(dialog).toHaveAccessibleName(`Message from Middle ${tag}`);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toHaveAccessibleName(`Message from Oldest ${tag}`);
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.keyboard.press('j');
    await expect(dialog).toHaveAccessibleName(`Message from Oldest ${tag}`);

    await page.keyboard.press('k');
    await expect(dialog).toHaveAccessibleName(`Message from Middle ${tag}`);
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await expect(dialog).toHaveAccessibleName(`Message from Newest ${tag}`);
    // Each message shown was marked read.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table').getByRole('img', { name: 'Unread' })).toHaveCount(0);
  });

  for (const [viewport, colorScheme] of [
    [{ width: 1280, height: 860 }, 'light'],
    [{ width: 390, height: 844 }, 'dark'],
  ] as const) {
    test(`at ${viewport.width} px (${colorScheme}) the message starts across the row and the dialog's controls fit`, async ({ page }) => {
      const tag = unique('Zq');
      const msg = `Start of a message that goes on for a while ${tag}, ${'so that one line cannot hold it, '.repeat(6)}the end.`;
      await leaveMessage(page, { name: `Wide ${tag}`, msg });
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(`${SCREEN}?name=${tag}`);
      await expect(page.getByRole('button', { name: `View message from Wide ${tag}` })).toBeVisible();
      if (viewport.width >= 1280) {
        const text = rows(page).first().getByRole('cell').nth(4).locator('div');
        // The widest column: more than the ~40 characters a line (266 px) it used to hold.
        const widths = await rows(page)
          .first()
          .getByRole('cell')
          .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().width));
        expect(await text.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(300);
        expect(Math.max(...widths)).toBe(widths[4]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);

      await page.getByRole('button', { name: `View message from Wide ${tag}` }).click();
      const dialog = page.getByRole('dialog', { name: `Message from Wide ${tag}` });
      for (const name of ['Previous', 'Next', 'Reply', 'Mark as unread', 'Delete', 'Close']) {
        await expect(dialog.getByRole(name === 'Reply' ? 'link' : 'button', { name, exact: true })).toBeInViewport();
      }
      await expectNoA11yViolations(page);
    });
  }

  test.describe('on a site of several languages (issue #41)', () => {
    /**
     * The site's languages as Settings → Languages would answer them with a second one: answered
     * in this page alone (a second language is site-wide, and other tests read the public site).
     */
    async function twoLanguages(page: Page) {
      await page.route('**/api/settings/languages', (route) =>
        route.fulfill({
          json: {
            languages: [
              { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true, fallback: false },
              { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false, fallback: false },
            ],
          },
        }),
      );
    }

    /**
     * Leaves a message through the site's form, which records the page's language: at the preview's
     * address, which a signed-in administrator may use while maintenance is on (issue #42).
     */
    async function sendFromSite(page: Page, name: string) {
      const res = await apiOf(page).post('/admin/preview/contact', {
        form: { name, email: 'visitor@example.com', msg: 'Hello from the site', phno: '', website: '' },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(303);
    }

    for (const { name: viewport, width, height } of [
      { name: 'desktop', width: 1280, height: 860 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      test(`each message says the language it was written from, and the dialog too (${viewport})`, async ({ page }) => {
        const tag = unique('Zq');
        await sendFromSite(page, `Site ${tag}`);
        await leaveMessage(page, { name: `Api ${tag}` });
        await twoLanguages(page);
        await page.setViewportSize({ width, height });
        await page.goto(`${SCREEN}?name=${tag}`);
        const site = page.getByText(`Site ${tag}`, { exact: true }).locator('xpath=ancestor::*[self::tr or self::li][1]');
        const api = page.getByText(`Api ${tag}`, { exact: true }).locator('xpath=ancestor::*[self::tr or self::li][1]');
        await expect(site.locator('.contact-lang')).toHaveText('Language: English');
        await expect(api.locator('.contact-lang')).toHaveCount(0);
        await expectNoA11yViolations(page);

        await page.getByRole('button', { name: `View message from Site ${tag}` }).click();
        const dialog = page.getByRole('dialog', { name: `Message from Site ${tag}` });
        await expect(dialog.getByRole('definition').filter({ hasText: 'English' })).toBeVisible();
        await expect(dialog.getByText('Language', { exact: true })).toBeVisible();
        await expectNoA11yViolations(page);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: `View message from Api ${tag}` }).click();
        await expect(
          page
            .getByRole('dialog', { name: `Message from Api ${tag}` })
            .getByRole('definition')
            .filter({ hasText: 'Not known' }),
        ).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }

    test('a site of one language shows no language at all', async ({ page }) => {
      const tag = unique('Zq');
      await sendFromSite(page, `One ${tag}`);
      await page.route('**/api/settings/languages', (route) =>
        route.fulfill({
          json: { languages: [{ code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true, fallback: false }] },
        }),
      );
      await page.goto(`${SCREEN}?name=${tag}`);
      await expect(rows(page)).toHaveCount(1);
      await expect(page.locator('.contact-lang')).toHaveCount(0);
      await page.getByRole('button', { name: `View message from One ${tag}` }).click();
      await expect(page.getByRole('dialog', { name: `Message from One ${tag}` }).getByText('Language', { exact: true })).toHaveCount(0);
    });
  });
});

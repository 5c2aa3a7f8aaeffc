import { expect, test, type Page } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations } from './support';

// Issue #38 item 3: writing an article as an office manager would, at 1280 and 390 px, light and dark.

/** A moment two days ahead, as the schedule's field takes it on the site's clock (UTC), and as the API answers it. */
function twoDaysAhead() {
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setUTCHours(10, 30, 0, 0);
  return { input: at.toISOString().slice(0, 16), iso: at.toISOString() };
}

const toasts = (page: Page) => page.getByRole('status', { name: 'Notifications' });

const SIZES = [
  { width: 1280, height: 900, scheme: 'light' },
  { width: 390, height: 844, scheme: 'dark' },
] as const;

test.describe('writing', () => {
  for (const { width, height, scheme } of SIZES) {
    test(`at ${width} px, ${scheme}: a new article is a draft, previewed at its preview address, scheduled, and View on site opens it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      const title = unique('Open day ');
      const slug = `open-day-${unique('').trim().toLowerCase()}`;

      await page.goto('/admin/news/create');
      await expect(page.getByRole('heading', { name: 'Create News' })).toBeVisible();
      await expect(page.getByText('Draft: not on the site until you publish it')).toBeVisible();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('Come and see the studio.');

      // The whole address, as it is typed.
      const address = page.getByRole('textbox', { name: 'Web address (left blank: made for you)' });
      await expect(page.getByText('made from the title when you save')).toBeVisible();
      await address.fill(slug);
      const origin = new URL(page.url()).origin;
      await expect(page.locator('.address-field__url')).toHaveText(`${origin}/news/${slug}`);

      // The Markdown toolbar and its shortcuts.
      const about = page.getByRole('textbox', { name: 'About' });
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
      await about.fill('Saturday');
      await about.press('ControlOrMeta+a');
      await about.press('ControlOrMeta+b');
      await expect(about).toHaveValue('**Saturday**');
      await about.press('End');
      await about.press('Enter');
      await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
      await about.pressSequentially('tea and cake');
      await expect(about).toHaveValue('**Saturday**\n- tea and cake');
      await expectNoA11yViolations(page);

      // Preview saves the draft and opens its real page, marked, in a new tab.
      const previewTab = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = await previewTab;
      await expect(preview).toHaveURL(`${origin}/admin/preview/news/${slug}`);
      await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(preview.getByText('Draft — only signed-in administrators see this')).toBeVisible();
      await expect(preview.locator('.markdown strong')).toHaveText('Saturday');
      // Its links stay inside the preview (issue #42)…
      await preview.getByRole('link', { name: '← All news' }).click();
      await expect(preview).toHaveURL(`${origin}/admin/preview/news`);
      // …and the visitors' address never shows the draft, even to the signed-in administrator.
      const visitors = await preview.goto(`/news/${slug}`);
      expect(visitors?.status()).not.toBe(200);
      await expect(preview.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
      await preview.close();

      // The form stayed: the new article's edit form, still a draft.
      await expect(page).toHaveURL(/\/admin\/news\/edit\/[0-9a-f-]+$/);
      const id = new URL(page.url()).pathname.split('/').pop()!;
      await expect(page.getByRole('heading', { name: 'Edit News' })).toBeVisible();
      await expect(page.getByText('Draft: not on the site yet')).toBeVisible();
      const draft = (await (await apiOf(page).get(`/api/news/${id}`)).json()) as { status: string; slug: string };
      expect(draft).toMatchObject({ status: 'draft', slug });

      // Publish, scheduled on the site's clock, its zone named.
      const publish = page.getByRole('button', { name: 'Publish…' });
      await publish.click();
      await expect(publish).toHaveAttribute('aria-expanded', 'true');
      await page.getByRole('radio', { name: 'Schedule for…' }).check();
      await expect(page.getByText("In the site's time zone: UTC.")).toBeVisible();
      const { input, iso } = twoDaysAhead();
      await page.getByLabel('Date and time (UTC)').fill(input);
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Schedule', exact: true }).click();
      await expect(toasts(page)).toContainText(/News scheduled for .+ 10:30 UTC/);
      await expect(page.getByText(/^Scheduled for .+ 10:30 UTC$/)).toBeVisible();
      const scheduled = (await (await apiOf(page).get(`/api/news/${id}`)).json()) as { status: string; publishAt: string };
      expect(scheduled).toMatchObject({ status: 'published', publishAt: iso });
      await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
      await expectNoA11yViolations(page);

      // View on site opens the article's preview address (a signed-in administrator sees it before its time, marked).
      const siteTab = page.waitForEvent('popup');
      await page.getByRole('link', { name: /^View on site/ }).click();
      const site = await siteTab;
      await expect(site).toHaveURL(`${origin}/admin/preview/news/${slug}`);
      await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(site.getByText('Scheduled: visitors see this article from its date.')).toBeVisible();
      await site.close();
    });
  }

  test('Preview of a published article saves the edit into its draft and shows it on the page, marked; the public copy stays', async ({
    page,
  }) => {
    const api = apiOf(page);
    const title = unique('Live ');
    const article = (await (await api.post('/api/news', { data: { title, description: 'D', about: 'The live text.' } })).json()) as {
      id: string;
      slug: string;
    };
    await page.goto(`/admin/news/edit/${article.id}`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'About' }).fill('The reworked text, not public yet.');
    const tab = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await tab;
    await expect(preview.getByText('Unpublished changes: visitors see the published version.')).toBeVisible();
    await expect(preview.getByText('The reworked text, not public yet.')).toBeVisible();
    await preview.close();
    await expect(toasts(page)).toContainText('Draft saved');
    const live = (await (await api.get(`/api/news/${article.id}`)).json()) as { about: string };
    expect(live.about).toBe('The live text.');
    // Publish changes makes it live; the form stays.
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await expect(toasts(page)).toContainText('Changes published');
    await expect(page).toHaveURL(new RegExp(`/admin/news/edit/${article.id}$`));
    await expect(page.getByRole('textbox', { name: 'About' })).toHaveValue('The reworked text, not public yet.');
    expect(((await (await api.get(`/api/news/${article.id}`)).json()) as { about: string }).about).toBe(
      'The reworked text, not public yet.',
    );
  });

  test('the list and the detail link a published article to its page; a draft has no such link', async ({ page }) => {
    const api = apiOf(page);
    const title = unique('Linked ');
    const published = (await (await api.post('/api/news', { data: { title, description: 'D', about: 'A' } })).json()) as {
      id: string;
      slug: string;
    };
    const draftTitle = unique('Unlinked ');
    expect((await api.post('/api/news', { data: { title: draftTitle, description: 'D', about: 'A', status: 'draft' } })).status()).toBe(
      201,
    );

    // Its visitors' address; while maintenance is on (this project's state), its preview address (issue #42).
    const { maintenance } = (await (await api.get('/api/settings')).json()) as { maintenance: boolean };
    const href = maintenance ? `/admin/preview/news/${published.slug}` : `/news/${published.slug}`;
    await page.goto(`/admin/news?title=${encodeURIComponent(title)}`);
    const link = page.getByRole('link', { name: new RegExp(`^View on site\\W+${title} \\(opens in a new tab\\)$`) });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await page.goto(`/admin/news?title=${encodeURIComponent(draftTitle)}`);
    await expect(page.getByRole('heading', { level: 2, name: draftTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: /^View on site/ })).toHaveCount(0);

    await page.goto(`/admin/news/NewsDetails/${published.id}`);
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^View on site/ })).toHaveAttribute('href', href);
  });

  for (const { width, height, scheme } of [
    { width: 1280, height: 900, scheme: 'dark' },
    { width: 390, height: 844, scheme: 'light' },
  ] as const) {
    test(`at ${width} px, ${scheme}: the writing form's toolbar and Publish choice are axe clean and reachable by keyboard`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/admin/news/create');
      await expect(page.getByRole('heading', { name: 'Create News' })).toBeVisible();
      // One tab stop for the toolbar; the arrow keys move inside it.
      await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Heading' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('button', { name: 'Bold' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('textbox', { name: 'About' })).toBeFocused();
      await page.getByRole('button', { name: 'Publish…' }).click();
      await expect(page.getByRole('radio', { name: 'Now' })).toBeFocused();
      await expectNoA11yViolations(page);
      if (width === 390) {
        for (const name of ['Heading', 'Bold', 'Publish now']) {
          const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
        }
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'Publish…' })).toBeFocused();
    });
  }
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';
import { expectNoA11yViolations, STORAGE_STATE } from './support';

/*
 * The public site as a visitor sees it. Maintenance is one switch for the whole site, so this file
 * runs in a project of its own, after the maintenance page's tests (playwright.config.ts): it
 * switches maintenance off first and back on at the end, whatever ran before and whether its
 * tests pass.
 */

// A visitor: no admin cookie.
test.use({ storageState: { cookies: [], origins: [] } });
// One worker, in order (a failure does not skip the rest).
test.describe.configure({ mode: 'default' });

const COMPANY = 'Harbour Lane Studio';

let admin: APIRequestContext;
let article: { id: string; slug: string; title: string; description: string };
let service: { title: string };
/** The company's own pages (issue #37): one with a photo, and the privacy policy the contact form links. */
let about: { slug: string; title: string };
let privacy: { id: string; slug: string; title: string };

async function setMaintenance(on: boolean): Promise<void> {
  const res = await admin.patch('/api/settings', { data: { maintenance: on } });
  expect(res.status()).toBe(200);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL, storageState: STORAGE_STATE });
  const settings = await admin.patch('/api/settings', {
    data: {
      maintenance: false,
      companyName: COMPANY,
      tagline: 'Websites that work.',
      email: 'hello@harbour.example',
      phone: '+44 20 7946 0018',
    },
  });
  expect(settings.status()).toBe(200);
  const created = await admin.post('/api/services', { data: { title: unique('Website care '), about: 'We keep your site running.' } });
  expect(created.status()).toBe(201);
  service = (await created.json()) as { title: string };
  const title = unique('We moved ');
  const news = await admin.post('/api/news', { data: { title, description: `More room: ${title}`, about: 'Visitors welcome.' } });
  expect(news.status()).toBe(201);
  article = (await news.json()) as typeof article;
  const photo = await image('jpeg', 1200, 675);
  const upload = await admin.post(`/api/news/${article.id}/upload`, {
    multipart: { photo: { name: 'office.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status()).toBe(200);
  const stored = await admin.post('/api/photos', {
    multipart: { photo: { name: 'team.jpg', mimeType: 'image/jpeg', buffer: await image('jpeg', 1200, 675) } },
  });
  expect(stored.status()).toBe(201);
  const aboutPage = await admin.post('/api/pages', {
    data: {
      title: unique('About us '),
      description: 'Who we are and how we work.',
      body: '# Who we are\n\nA small studio.\n\n## How we work\n\n- We listen first.\n- We [write to you](/contact) within a day.',
      photo: ((await stored.json()) as { photo: string }).photo,
      photoAlt: 'The studio at work',
    },
  });
  expect(aboutPage.status()).toBe(201);
  about = (await aboutPage.json()) as typeof about;
  const privacyPage = await admin.post('/api/pages', {
    data: { title: unique('Privacy policy '), description: 'What we do with your data.', body: 'We keep your message for a year.' },
  });
  expect(privacyPage.status()).toBe(201);
  privacy = (await privacyPage.json()) as typeof privacy;
  expect((await admin.patch('/api/settings', { data: { privacyPage: privacy.id } })).status()).toBe(200);
});

test.afterAll(async () => {
  expect((await admin.patch('/api/settings', { data: { privacyPage: null } })).status()).toBe(200);
  // Every other browser test expects the maintenance page, as a new site shows it.
  await setMaintenance(true);
  await admin.dispose();
});

/** Tabs until `target` has focus, at most `limit` times; fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 20): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('the public site', () => {
  test('a visitor goes from the home page to the news, an article and the contact form, and sends a message with the keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
    await expect(page.getByText(service.title)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await page.getByRole('link', { name: article.title }).click();

    await expect(page).toHaveURL(`/news/${article.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByText(article.description)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    const photo = page.locator('main img.photo');
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();

    // From here on, the keyboard only: the skip link, then the fields in order.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    const name = unique('Keyboard visitor ');
    await tabTo(page, page.getByRole('textbox', { name: 'Name' }));
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Phone (optional)' })).toBeFocused();
    await page.keyboard.type('+44 20 7946 0018');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await page.keyboard.type('not an address');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await page.keyboard.press('Tab');
    // The honeypot is out of the tab order: the button comes next.
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
    await page.keyboard.press('Enter');

    // The errors, in place: a summary, each message under its field, the values kept, the first wrong field focused.
    await expect(page.getByRole('alert')).toContainText('Please check the form');
    await expect(page.getByRole('alert').getByRole('link', { name: 'Email must be a valid email address' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email must be a valid email address');
    // The message first, then the field's rule.
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription('Message is required Up to 5,000 characters.');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(page).toHaveTitle(`Error: Contact us – ${COMPANY}`);
    await expectNoA11yViolations(page);

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('visitor@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Could you call me back about a new website?');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL('/contact/thanks');
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
    const inbox = await admin.get(`/api/contactus?name=${encodeURIComponent(name)}`);
    expect(((await inbox.json()) as { data: { email: string }[] }).data).toEqual([
      expect.objectContaining({ email: 'visitor@example.com', msg: 'Could you call me back about a new website?' }),
    ]);
  });

  test('every page has no accessibility violations and fits a 360 px screen without scrolling sideways, light and dark', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const pages = ['/', '/services', '/news', `/news/${article.slug}`, `/${about.slug}`, '/contact', '/contact/thanks', '/no/such/page'];
    // The site follows the visitor's system (issue 24): its stylesheet alone, no script.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 860 });
        for (const path of pages) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          expect(background, `${path} in ${colorScheme}`).toBe(colorScheme === 'dark' ? 'rgb(15, 21, 32)' : 'rgb(244, 246, 249)');
          await expectNoA11yViolations(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width} px`).toBeLessThanOrEqual(width);
        }
      }
    }
  });

  test('a visitor reaches the privacy policy from beside the contact form’s Send button, and from the footer, with the keyboard', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send a message' });
    const link = page.getByRole('link', { name: 'How we use your data' });
    await expect(link).toBeVisible();
    // Beside the button: on the same line at 1280 px.
    const [button, beside] = [await form.getByRole('button', { name: 'Send message' }).boundingBox(), await link.boundingBox()];
    expect(Math.abs(button!.y + button!.height / 2 - (beside!.y + beside!.height / 2))).toBeLessThan(4);
    await tabTo(page, link, 40);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${privacy.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: privacy.title })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: privacy.title })).toHaveAttribute('href', `/${privacy.slug}`);
  });

  test('the 404 page says so, with the navigation and a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  });

  test('with maintenance on, a visitor sees the maintenance page while a logged-in administrator previews the site at its own address', async ({
    page,
    browser,
  }) => {
    await setMaintenance(true);
    try {
      const response = await page.goto('/news');
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { name: 'Our website is under maintenance' })).toBeVisible();

      const adminContext = await browser.newContext({ storageState: STORAGE_STATE });
      const preview = await adminContext.newPage();
      // The visitors' address is the maintenance page for the administrator too.
      expect((await preview.goto('/news'))?.status()).toBe(503);
      const previewed = await preview.goto('/admin/preview/news');
      expect(previewed?.status()).toBe(200);
      await expect(preview.getByRole('complementary', { name: 'Preview' })).toContainText(
        'Visitors see the maintenance page while maintenance is on.',
      );
      await expectNoA11yViolations(preview);
      // Its links stay inside the preview.
      await preview.getByRole('link', { name: article.title }).click();
      await expect(preview).toHaveURL(new RegExp(`/admin/preview/news/${article.slug}$`));
      await expect(preview.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
      await adminContext.close();
    } finally {
      await setMaintenance(false);
    }
  });
});

test.describe('an administrator opens the site from the admin panel', () => {
  test.use({ storageState: STORAGE_STATE });

  test('switches maintenance off in Settings, the home page shows what was just created, a message sent on /contact reaches Contact Us, and switching it on brings the maintenance page back while the administrator still previews', async ({
    page,
    browser,
  }) => {
    await setMaintenance(true);
    const visitorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const visitor = await visitorContext.newPage();
    try {
      const serviceTitle = unique('Garden design ');
      await page.goto('/admin/service/create');
      await page.getByLabel('Title').fill(serviceTitle);
      await page.getByLabel('About').fill('Plans and planting.');
      await page.getByRole('button', { name: 'Create Service' }).click();
      await expect(page).toHaveURL(/\/admin\/service$/);

      const newsTitle = unique('Open day ');
      await page.goto('/admin/news/create');
      await page.getByLabel('Title').fill(newsTitle);
      await page.getByLabel('Description').fill('Come and see the studio.');
      await page.getByLabel('About').fill('Saturday, all day.');
      // A new article is a draft: published at once from Publish… (issue #38).
      await page.getByRole('button', { name: 'Publish…' }).click();
      await page.getByRole('button', { name: 'Publish now' }).click();
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('News published');

      const switchInSettings = async (on: boolean) => {
        await page.getByRole('complementary', { name: 'Side menu' }).getByRole('link', { name: 'Settings' }).click();
        // The site's state changes at once, after a confirmation (issue 38).
        const site = page.getByRole('region', { name: 'Website' });
        await expect(site.getByRole('button', { name: /^(Put the site live|Hide the site)$/ })).toBeVisible();
        if ((await site.getByText('Hidden (maintenance page)').count()) === (on ? 0 : 1)) {
          await site.getByRole('button', { name: on ? 'Hide the site' : 'Put the site live' }).click();
          await page
            .getByRole('dialog')
            .getByRole('button', { name: on ? 'Hide' : 'Put live', exact: true })
            .click();
          await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(on ? 'The site is hidden' : 'The site is live.');
        }
      };

      await switchInSettings(false);
      const home = await visitor.goto('/');
      expect(home?.status()).toBe(200);
      await expect(visitor.getByText(serviceTitle)).toBeVisible();
      await expect(visitor.getByRole('link', { name: newsTitle })).toBeVisible();

      const name = unique('Site visitor ');
      await visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
      await visitor.getByRole('textbox', { name: 'Name' }).fill(name);
      await visitor.getByRole('textbox', { name: 'Email' }).fill('site.visitor@example.com');
      await visitor.getByRole('textbox', { name: 'Message' }).fill('Is the open day free?');
      await visitor.getByRole('button', { name: 'Send message' }).click();
      await expect(visitor.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();

      await page.getByRole('complementary', { name: 'Side menu' }).getByRole('link', { name: 'Contact Us' }).click();
      await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: name })).toContainText('Is the open day free?');

      await switchInSettings(true);
      const closed = await visitor.goto('/');
      expect(closed?.status()).toBe(503);
      await expect(visitor.getByRole('heading', { name: 'Our website is under maintenance' })).toBeVisible();

      expect((await page.goto('/'))?.status()).toBe(503);
      const preview = await page.goto('/admin/preview/');
      expect(preview?.status()).toBe(200);
      await expect(page.getByRole('complementary', { name: 'Preview' })).toBeVisible();
      await expect(page.getByText(serviceTitle)).toBeVisible();
    } finally {
      await visitorContext.close();
      await setMaintenance(false);
    }
  });
});

// Last in the file: it uses up this address's messages for the next ten minutes.
test.describe('a visitor over the limit', () => {
  for (const [label, viewport] of [
    ['1280 px', { width: 1280, height: 800 }],
    ['390 px', { width: 390, height: 844 }],
  ] as const) {
    test(`gets the form back as typed, saying when they can send it, at ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // The form and the API share the count: use up what is left of this address's allowance.
      for (let i = 0; i < 6; i++) {
        const res = await page.request.post('/api/contactus', { data: { name: 'Busy visitor', email: 'busy@example.com', msg: 'Hello' } });
        if (res.status() === 429) break;
        expect(res.status()).toBe(201);
      }
      const name = unique('Patient visitor ');
      const msg = 'First line of a long message.\nSecond line, typed with care.';
      await page.goto('/contact');
      await page.getByRole('textbox', { name: 'Name' }).fill(name);
      await page.getByRole('textbox', { name: 'Phone (optional)' }).fill('+44 20 7946 0018');
      await page.getByRole('textbox', { name: 'Email' }).fill('patient@example.com');
      await page.getByRole('textbox', { name: 'Message' }).fill(msg);
      const [reply] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith('/contact') && res.request().method() === 'POST'),
        page.getByRole('button', { name: 'Send message' }).click(),
      ]);
      expect(reply.status()).toBe(429);
      await expect(page.getByRole('alert')).toContainText(
        /We have received too many messages from your address for now\. You can send this one in \d+ (minutes?|seconds?): everything you typed is still here\./,
      );
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
      await expect(page.getByRole('textbox', { name: 'Phone (optional)' })).toHaveValue('+44 20 7946 0018');
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('patient@example.com');
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(msg);
      await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);
    });
  }
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { image } from '../support/images.mjs';
import { unique } from '../support/unique.mjs';
import { ADMIN, expectNoA11yViolations } from './support';

const PASSWORD_RULE = 'At least 8 characters, not a common password, and not your email or its name part.';

/**
 * The buttons in `within` that are on screen: on a phone each at least 44 by 44 px, and at any
 * size no two closer than 8 px.
 */
async function expectRoomyButtons(within: Locator, phone: boolean) {
  const boxes = await within.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>('button, a.button, .icon-button'))
      .filter((el) => el.offsetParent !== null && !el.closest('.visually-hidden'))
      .map((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return { name: (el.textContent || el.getAttribute('aria-label') || '').trim(), x, y, width, height };
      }),
  );
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) {
    if (phone) expect(Math.min(box.width, box.height), box.name).toBeGreaterThanOrEqual(44);
  }
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apartX = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
      const apartY = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
      expect(Math.max(apartX, apartY), `${a.name} and ${b.name}`).toBeGreaterThanOrEqual(8 - 0.5);
    }
  }
}

/** An article with a photo of `width` × `height`, made through the API. */
async function articleWithPhoto(page: Page, width: number, height: number) {
  const title = unique('Photo article ');
  const created = await page.request.post('/api/news', { data: { title, description: 'With a photo.', about: 'About it.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const upload = await page.request.post(`/api/news/${id}/upload`, {
    multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: await image('png', width, height) } },
  });
  expect(upload.status()).toBe(200);
  return { id, title };
}

// Issue #26: the panel as an office manager expects it, at a desk (1280 px) and on a phone (390 px).
for (const [label, viewport] of [
  ['1280 px', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('an ended session on Save asks for the password in place and saves what was typed', async ({ page, context }) => {
      const title = unique('Kept service ');
      await page.goto('/admin/service/create');
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('About').fill('Typed before the session ended.');
      // The session ends while the form is open.
      await context.clearCookies();
      await page.getByRole('button', { name: 'Create Service' }).click();

      const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(ADMIN.email);
      await expectNoA11yViolations(page);
      // Cancel leaves the form as it was.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel('Title')).toHaveValue(title);

      await page.getByRole('button', { name: 'Create Service' }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('Password').fill('not the password');
      await dialog.getByRole('button', { name: 'Sign in and save' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await dialog.getByLabel('Password').fill(ADMIN.password);
      await dialog.getByRole('button', { name: 'Sign in and save' }).click();

      await expect(page).toHaveURL(/\/admin\/service$/);
      await expect(page.getByRole('list', { name: 'Services' }).getByRole('heading', { name: title })).toBeVisible();
      const saved = await (await page.request.get('/api/services')).json();
      expect(saved.data.find((s: { title: string }) => s.title === title)?.about).toBe('Typed before the session ended.');
    });

    test('a list that meets an ended session goes to the login screen, which says so', async ({ page, context }) => {
      const title = unique('Read service ');
      expect((await page.request.post('/api/services', { data: { title, about: 'To be read.' } })).status()).toBe(201);
      await page.goto('/admin/service');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card).toBeVisible();
      await context.clearCookies();
      // The edit form reads the service first: that read meets the ended session.
      await card.getByRole('link', { name: /Edit/ }).click();
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    });

    test("a field's error goes as soon as the field is edited", async ({ page }) => {
      await page.goto('/admin/service/create');
      await page.getByRole('button', { name: 'Create Service' }).click();
      const title = page.getByLabel('Title');
      await expect(title).toHaveAttribute('aria-invalid', 'true');
      await title.fill('Fixed');
      await expect(title).not.toHaveAttribute('aria-invalid', 'true');
      // The other field's message stays until that field is edited.
      await expect(page.getByLabel('About')).toHaveAttribute('aria-invalid', 'true');
      await expectNoA11yViolations(page);
    });

    test('each form states its rules under its fields before anything is sent', async ({ page }) => {
      await page.goto('/admin/service/create');
      await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Up to 200 characters.');
      await expect(page.getByLabel('About')).toHaveAccessibleDescription('Up to 5,000 characters.');
      await expect(page.getByText('Up to 5,000 characters.')).toBeVisible();

      await page.goto('/admin/news/create');
      await expect(page.getByText('JPEG, PNG or WebP, at most 5 MB.', { exact: false })).toBeVisible();
      await expect(page.getByLabel('Description')).toHaveAccessibleDescription('Up to 1,000 characters.');

      await page.goto('/admin/settings');
      await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('Digits, spaces and + ( ) - . only, up to 40 characters.');

      await page.goto('/admin/admins/password');
      await expect(page.getByLabel('New password')).toHaveAccessibleDescription(PASSWORD_RULE);
      await expectNoA11yViolations(page);
    });

    test.describe('signed out', () => {
      test.use({ storageState: { cookies: [], origins: [] } });

      test('the register screen states the password rule, and the login screen keeps "Register here"', async ({ page }) => {
        await page.goto('/admin/login');
        await page.getByRole('link', { name: 'Register here' }).click();
        await expect(page).toHaveURL(/\/admin\/register$/);
        await expect(page.getByLabel('Password')).toHaveAccessibleDescription(PASSWORD_RULE);
        await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
        await expectNoA11yViolations(page);
      });

      test('with registration closed, the register screen says so at once, with the ways in', async ({ page }) => {
        // This server lets anyone register (REGISTRATION=open): its answer to the question is
        // replaced by a closed site's (test/api/admins.e2e-spec.ts checks each policy's answer).
        await page.route('**/api/admins/register', (route) =>
          route.request().method() === 'GET' ? route.fulfill({ json: { open: false } }) : route.fallback(),
        );
        await page.goto('/admin/login');
        await page.getByRole('link', { name: 'Register here' }).click();
        await expect(page.getByText('Registration is closed on this site. An administrator can add you.')).toBeVisible();
        await expect(page.getByText(/Open the link in your invitation/)).toBeVisible();
        await expect(page.getByLabel('Password')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
        await expectNoA11yViolations(page);
        await page.getByRole('link', { name: 'Forgot password?' }).click();
        await expect(page).toHaveURL(/\/admin\/forgot-password$/);
        await page.goBack();
        await page.getByRole('link', { name: 'Login here' }).click();
        await expect(page).toHaveURL(/\/admin\/login$/);
      });
    });

    test('an empty list offers Create, and a search that found nothing offers Clear search', async ({ page }) => {
      // An empty first page, as a new site has (other tests fill this server's lists meanwhile).
      await page.route('**/api/services?page=1', (route) =>
        route.fulfill({
          json: { data: [], links: { previousPage: null, nextPage: null, loopLink: [] }, meta: { page: 1, pageSize: 10 } },
        }),
      );
      await page.goto('/admin/service');
      await expect(page.getByText('no data', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('link', { name: 'Create the first service' }).click();
      await expect(page).toHaveURL(/\/admin\/service\/create$/);

      const { title } = await articleWithPhoto(page, 40, 30);
      await page.goto(`/admin/news?title=${encodeURIComponent(unique('Nothing like it '))}`);
      await expect(page.getByText('no data', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search news by title' })).toHaveValue('');
      await expect(page.getByRole('list', { name: 'News' }).getByRole('heading', { name: title })).toBeVisible();

      expect(
        (await page.request.post('/api/contactus', { data: { name: unique('Somebody '), email: 'some@example.com', msg: 'Hi' } })).status(),
      ).toBe(201);
      await page.goto(`/admin/adminContactUs?name=${encodeURIComponent(unique('Nobody '))}`);
      await expect(page.getByText('No records found', { exact: true })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
      await expect(page.getByText('No records found', { exact: true })).toBeHidden();
    });

    test('lists are quiet: Delete is outlined, buttons are a finger wide on a phone and 8 px apart, the Trash says how long it keeps', async ({
      page,
    }) => {
      const phone = viewport.width < 768;
      const title = unique('Quiet service ');
      expect((await page.request.post('/api/services', { data: { title, about: 'Quiet.' } })).status()).toBe(201);
      await page.goto('/admin/service');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      const edit = card.getByRole('link', { name: /^Edit/ });
      const remove = card.getByRole('button', { name: /^Delete/ });
      const look = (element: Locator) =>
        element.evaluate((el) => {
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, color: style.color, border: style.borderTopColor };
        });
      const [editLook, deleteLook] = [await look(edit), await look(remove)];
      // As plain as Edit, in the danger colour: its text and its outline.
      expect(deleteLook.background).toBe(editLook.background);
      expect(deleteLook.color).not.toBe(editLook.color);
      expect(deleteLook.border).toBe(deleteLook.color);
      await expectRoomyButtons(card, phone);

      // The Trash: Restore and Delete forever apart, and how long items are kept.
      const trashed = unique('Trashed service ');
      const created = await page.request.post('/api/services', { data: { title: trashed, about: 'Gone soon.' } });
      const { id } = (await created.json()) as { id: string };
      expect((await page.request.delete(`/api/services/${id}`)).status()).toBe(200);
      await page.goto('/admin/trash');
      await expect(page.getByText('Kept for 30 days, then deleted for good.')).toBeVisible();
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: trashed }) });
      await expect(item).toContainText(/Deleted for good after \d{2}\/\d{2}\/\d{4}/);
      await expectRoomyButtons(item, phone);
      await expectNoA11yViolations(page);

      // Contact Us: View and Delete of a message.
      const sender = unique('Roomy ');
      expect((await page.request.post('/api/contactus', { data: { name: sender, email: 'roomy@example.com', msg: 'Hi' } })).status()).toBe(
        201,
      );
      await page.goto(`/admin/adminContactUs?name=${encodeURIComponent(sender)}`);
      const row = phone ? page.getByRole('listitem').filter({ hasText: sender }) : page.getByRole('row').filter({ hasText: sender });
      await expect(row).toBeVisible();
      await expectRoomyButtons(row, phone);
    });

    test('Contact Us shows name, email and date whole, and a long message in two lines with all of it in the view dialog', async ({
      page,
    }) => {
      const tag = unique('Whole');
      const name = `Bartholomew ${tag} Featherstonehaugh`;
      const email = `bartholomew.${tag.toLowerCase()}@analytical-engines.example.com`;
      const msg = `Hello, I would like a quote for a new website with a shop and a blog. ${'Some more detail. '.repeat(30)}The end ${tag}.`;
      expect((await page.request.post('/api/contactus', { data: { name, email, phno: '+44 20 7946 0018', msg } })).status()).toBe(201);
      await page.goto(`/admin/adminContactUs?name=${encodeURIComponent(tag)}`);
      const phone = viewport.width < 768;
      const item = phone ? page.getByRole('list', { name: 'Contact messages' }).getByRole('listitem') : page.getByRole('row').nth(1);
      await expect(item).toHaveCount(1);
      for (const text of [name, email]) await expect(item.getByText(text, { exact: true })).toBeVisible();
      await expect(item.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} [AP]M$/)).toBeVisible();
      // Nothing cut: each value fits its box; the message shows two lines and no more.
      const fits = await item.evaluate((root) =>
        Array.from(root.querySelectorAll<HTMLElement>('td, h2, time, p:not(.contact-clamp)')).every(
          (el) => el.scrollWidth <= el.clientWidth + 1,
        ),
      );
      expect(fits).toBe(true);
      const clamp = await item.locator('.contact-clamp').evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight),
        more: el.scrollHeight > el.clientHeight,
      }));
      expect(clamp.height).toBeLessThanOrEqual(2 * clamp.line + 1);
      expect(clamp.more).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoA11yViolations(page);

      await page.getByRole('button', { name: `View message from ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Message from ${name}` });
      await expect(dialog).toContainText(`The end ${tag}.`);
      await expect(dialog.getByRole('link', { name: email })).toBeVisible();
    });

    test('"Remove photo" in the news form takes the photo away on Save, and the article page caps a tall photo', async ({ page }) => {
      const { id, title } = await articleWithPhoto(page, 300, 1400);
      await page.goto(`/admin/news/NewsDetails/${id}`);
      const photo = page.getByRole('img', { name: title });
      await expect(photo).toBeVisible();
      const box = (await photo.boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(Math.min(28 * 16, 0.6 * viewport.height) + 1);

      await page.goto(`/admin/news/edit/${id}`);
      await expect(page.getByRole('img', { name: 'Current photo' })).toBeVisible();
      await page.getByRole('button', { name: 'Remove photo' }).click();
      await expect(page.getByText('No photo once saved')).toBeVisible();
      // Changed your mind: Keep photo brings it back; then remove it for real.
      await page.getByRole('button', { name: 'Keep photo' }).click();
      await expect(page.getByRole('img', { name: 'Current photo' })).toBeVisible();
      await page.getByRole('button', { name: 'Remove photo' }).click();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Edit News' }).click();
      await expect(page).toHaveURL(/\/admin\/news$/);
      const saved = (await (await page.request.get(`/api/news/${id}`)).json()) as { photo: string | null };
      expect(saved.photo).toBeNull();
      await page.goto(`/admin/news/edit/${id}`);
      await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
      await expect(page.getByText('No photo', { exact: true })).toBeVisible();
    });
  });
}

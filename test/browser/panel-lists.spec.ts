import { expect, test, type Locator } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { articleWithPhoto, expectNoA11yViolations } from './support';

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

// Issue #26, the lists: quiet Delete, room for a finger, Contact Us whole, photos (1280 and 390 px).
for (const [label, viewport] of [
  ['1280 px', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

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
      await expect(item.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/)).toBeVisible();
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
      // Every column in view, the actions too: the table does not scroll sideways.
      if (!phone) expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await expect(page.getByRole('button', { name: `Delete message from ${name}` })).toBeInViewport({ ratio: 1 });
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
      // Save stays on the form (issue #38).
      await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('News updated');
      const saved = (await (await page.request.get(`/api/news/${id}`)).json()) as { photo: string | null };
      expect(saved.photo).toBeNull();
      await page.goto(`/admin/news/edit/${id}`);
      await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
      await expect(page.getByText('No photo', { exact: true })).toBeVisible();
    });
  });
}

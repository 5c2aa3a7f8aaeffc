import { expect, test, type Page } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations } from './support';

/*
 * Issue 38: every control a thumb can reach on a phone is at least 44 × 44 px (WCAG 2.5.5's size).
 * The walk opens the main screens at 390 px, with something on each list, and measures the box of
 * every visible button, link, input, select and text area; a tick box counts by its hit area (the
 * label around it, which toggles it too).
 */

const PHONE = { width: 390, height: 844 };
const MIN = 44;

const SCREENS = [
  ['Dashboard', '/admin'],
  ['Services', '/admin/service'],
  ['Create Service', '/admin/service/create'],
  ['News', '/admin/news'],
  ['Create News', '/admin/news/create'],
  ['Contact messages', '/admin/adminContactUs'],
  ['Trash', '/admin/trash'],
  ['Activity', '/admin/activity'],
  ['Settings', '/admin/settings'],
  ['Account', '/admin/account'],
  ['Administrators', '/admin/admins'],
] as const;

interface Small {
  what: string;
  width: number;
  height: number;
}

/** The visible controls under 44 × 44 px on the page, each named by its tag and text. */
function tooSmall(page: Page): Promise<Small[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]',
    );
    const found: Small[] = [];
    for (const control of Array.from(controls)) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      // A tick box or switch is hit through its label too: the larger of the two counts.
      const target =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
          ? (control.closest('label') ?? control)
          : control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? (control as HTMLInputElement).name ?? '')
          .trim()
          .slice(0, 40);
        found.push({
          what: `${control.tagName.toLowerCase()}${control.getAttribute('type') ? `[${control.getAttribute('type')}]` : ''} "${name}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    return found;
  }, MIN);
}

test.beforeAll(async ({ browser }) => {
  // Something on every list: a service, an article, a message, an item in the trash.
  const context = await browser.newContext();
  const page = await context.newPage();
  const api = apiOf(page);
  expect((await api.post('/api/services', { data: { title: unique('Touch service '), about: 'Fixing things.' } })).status()).toBe(201);
  expect(
    (await api.post('/api/news', { data: { title: unique('Touch news '), description: 'A day out.', about: 'We met.' } })).status(),
  ).toBe(201);
  const gone = await api.post('/api/services', { data: { title: unique('Touch trashed '), about: 'Gone.' } });
  const { id } = (await gone.json()) as { id: string };
  expect((await api.delete(`/api/services/${id}`)).status()).toBeLessThan(300);
  expect(
    (
      await page.request.post('/api/contactus', {
        data: { name: unique('Touch visitor '), email: 'visitor@example.com', phno: '+44 20 7946 0018', msg: 'Hello.' },
      })
    ).status(),
  ).toBe(201);
  await context.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`at 390 px (${colorScheme}) every control on the main screens is at least 44 × 44 px, tick boxes by their hit area`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize(PHONE);
    const failures: string[] = [];
    for (const [name, path] of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Wait for the screen's data, not for time: no spinner left.
      await expect(page.locator('.spinner')).toHaveCount(0);
      for (const small of await tooSmall(page)) failures.push(`${name}: ${small.what} is ${small.width} × ${small.height}`);
      // The side menu, opened.
      if (name === 'Dashboard') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('complementary', { name: 'Side menu' })).toBeVisible();
        for (const small of await tooSmall(page)) failures.push(`Side menu: ${small.what} is ${small.width} × ${small.height}`);
        if (colorScheme === 'dark') await expectNoA11yViolations(page);
        continue;
      }
      if (colorScheme === 'dark') await expectNoA11yViolations(page);
    }
    expect(failures).toEqual([]);
  });
}

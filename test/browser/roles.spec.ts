import { expect, test, type Page } from '@playwright/test';
import { apiOf, arrive, expectNoA11yViolations, signedInAs } from './support';
import { unique } from '../support/unique.mjs';

// Issue 39: the panel shows each role what it may do, and no screen it shows meets a 403.

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 860 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** What each role finds in the side menu (issue 39's table), and a screen it may not open. */
const SEEN: Record<'editor' | 'author', { menu: string[]; missing: string[]; forbidden: string }> = {
  editor: {
    menu: ['Dashboard', 'Services', 'News', 'Pages', 'Contact Us', 'Visitors', 'Trash', 'Activity', 'Your account'],
    missing: ['Admins', 'Settings'],
    forbidden: '/admin/settings',
  },
  author: {
    menu: ['Dashboard', 'Services', 'News', 'Pages', 'Your account'],
    missing: ['Contact Us', 'Visitors', 'Trash', 'Activity', 'Admins', 'Settings'],
    forbidden: '/admin/trash',
  },
};

function sideMenu(page: Page) {
  return page.getByRole('complementary', { name: 'Side menu' }).getByRole('navigation', { name: 'Main' });
}

/** On a phone the menu is behind its button (open already after a check of its links). */
async function openMenu(page: Page) {
  const button = page.getByRole('button', { name: 'Menu' });
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) === 'false') await button.click();
}

/** The screen has drawn what it loaded: its heading, and no spinner left in the content. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main .spinner')).toHaveCount(0);
}

test.beforeAll(async ({ request }) => {
  // An article and a service for the lists to show their cards (and the buttons on them).
  const news = await request.post('/api/news', {
    data: { title: unique('Roles article '), description: 'For the roles walk.', about: 'About.' },
  });
  expect(news.status()).toBe(201);
  const service = await request.post('/api/services', { data: { title: unique('Roles service '), about: 'For the roles walk.' } });
  expect(service.status()).toBe(201);
});

for (const size of SIZES) {
  for (const role of ['editor', 'author'] as const) {
    test(`${role} at ${size.viewport.width} px: the menu shows the role's screens, each opens without a 403 and axe clean`, async ({
      page,
      browser,
    }) => {
      // Every screen of the role, each checked by axe: several times one screen's work.
      test.slow();
      await page.goto('/admin');
      const them = await signedInAs(browser, page, role, size.viewport);
      await arrive(them.page, '/admin');
      await settled(them.page);
      await openMenu(them.page);
      const menu = sideMenu(them.page);
      await expect(menu.getByRole('link', { name: 'News' })).toBeVisible();
      for (const name of SEEN[role].missing) await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);
      // Contact Us carries the unread count when other tests have left messages: the entry's name without it.
      const links = (await menu.getByRole('link').allTextContents()).map((text) => text.replace(/\s*\d+ unread$/, ''));
      // Waiting for review comes and goes with what authors submitted (other tests submit too).
      expect(links.filter((text) => !text.startsWith('Preview site') && !text.startsWith('Waiting for review'))).toEqual(SEEN[role].menu);

      // Every screen of the menu, as a person goes through them.
      for (const name of SEEN[role].menu) {
        await openMenu(them.page);
        await sideMenu(them.page)
          .getByRole('link', { name: new RegExp(`^${name}(\\s*\\d+ unread)?$`) })
          .click();
        await settled(them.page);
        await expect(them.page.getByRole('heading', { name: "You don't have access to this page" })).toHaveCount(0);
        await expectNoA11yViolations(them.page);
      }
      expect(them.refused).toEqual([]);
      await them.close();
    });

    test(`${role} at ${size.viewport.width} px: a forbidden address says so, with a way back, and asks the server nothing it refuses`, async ({
      page,
      browser,
    }) => {
      await page.goto('/admin');
      const them = await signedInAs(browser, page, role, size.viewport);
      await arrive(them.page, SEEN[role].forbidden);
      await expect(them.page.getByRole('heading', { name: "You don't have access to this page", level: 1 })).toBeVisible();
      await expect(them.page).toHaveTitle('No access · Admin Panel');
      await expectNoA11yViolations(them.page);
      await them.page.getByRole('link', { name: 'Go to the dashboard' }).click();
      await expect(them.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      expect(them.refused).toEqual([]);
      await them.close();
    });
  }
}

test('an author writes news but neither deletes, publishes nor schedules, and reads the services without changing them', async ({
  page,
  browser,
}) => {
  await page.goto('/admin');
  const them = await signedInAs(browser, page, 'author', { width: 1280, height: 860 });
  await arrive(them.page, '/admin/news');
  await settled(them.page);
  await expect(them.page.getByRole('link', { name: 'Create', exact: true })).toBeVisible();
  await expect(them.page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(them.page.getByRole('checkbox')).toHaveCount(0);

  await them.page.getByRole('link', { name: 'Create', exact: true }).click();
  await expect(them.page.getByRole('heading', { name: 'Create News' })).toBeVisible();
  await expect(them.page.getByLabel('Title')).toBeVisible();
  // Save, Preview and Submit for review; no Publish… (nor its Schedule) and no Unpublish.
  await expect(them.page.getByRole('button', { name: 'Submit for review' })).toBeVisible();
  await expect(them.page.getByRole('button', { name: /^Preview/ })).toBeVisible();
  await expect(them.page.getByRole('button', { name: 'Publish…' })).toHaveCount(0);
  await expect(them.page.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
  await expectNoA11yViolations(them.page);

  await arrive(them.page, '/admin/service');
  await settled(them.page);
  await expect(them.page.getByRole('list', { name: 'Services' }).getByRole('listitem').first()).toBeVisible();
  await expect(them.page.getByRole('link', { name: 'Create', exact: true })).toHaveCount(0);
  await expect(them.page.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await expect(them.page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  await arrive(them.page, '/admin/service/create');
  await expect(them.page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  expect(them.refused).toEqual([]);
  await them.close();
});

test('an editor publishes and restores but cannot empty the trash', async ({ page, browser }) => {
  await page.goto('/admin');
  const title = unique('Trashed by admin ');
  const created = await apiOf(page).post('/api/news', { data: { title, description: 'To the trash.', about: 'About.' } });
  const { id } = (await created.json()) as { id: string };
  expect((await apiOf(page).delete(`/api/news/${id}`)).status()).toBe(200);

  const them = await signedInAs(browser, page, 'editor', { width: 1280, height: 860 });
  await arrive(them.page, '/admin/news/create');
  await expect(them.page.getByRole('button', { name: 'Publish…' })).toBeVisible();
  await expect(them.page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
  await arrive(them.page, '/admin/trash');
  await settled(them.page);
  await expect(them.page.getByRole('button', { name: `Restore ${title}` })).toBeVisible();
  await expect(them.page.getByRole('button', { name: /^Delete forever/ })).toHaveCount(0);
  expect(them.refused).toEqual([]);
  await them.close();
});

test('review: an author submits, an editor sees it waiting and sends it back with a note the author reads', async ({ page, browser }) => {
  test.slow();
  await page.goto('/admin');
  const author = await signedInAs(browser, page, 'author', { width: 1280, height: 860 });
  const title = unique('For review ');
  await arrive(author.page, '/admin/news/create');
  await author.page.getByLabel('Title').fill(title);
  await author.page.getByLabel('Description').fill('Written by an author.');
  await author.page.getByRole('textbox', { name: 'About' }).fill('About it.');
  await author.page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(author.page.getByRole('status', { name: 'Notifications' })).toContainText('Submitted for review');
  const card = author.page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Submitted for review')).toBeVisible();
  await expect(card.getByText('Draft')).toBeVisible();
  await expect(card.getByRole('link', { name: `Edit ${title}` })).toBeVisible();

  const editor = await signedInAs(browser, page, 'editor', { width: 1280, height: 860 });
  await arrive(editor.page, '/admin');
  await expect(sideMenu(editor.page).getByRole('link', { name: /^Waiting for review/ })).toBeVisible();
  await expect(editor.page.getByRole('link', { name: /Waiting for review/ }).last()).toBeVisible();
  await sideMenu(editor.page)
    .getByRole('link', { name: /^Waiting for review/ })
    .click();
  // The list of what waits (news and pages), each with the way to its review; at 390 px too.
  await expect(editor.page).toHaveURL(/\/admin\/review$/);
  await expect(editor.page.getByRole('heading', { level: 1, name: 'Waiting for review' })).toBeVisible();
  const waiting = editor.page
    .getByRole('list', { name: 'Waiting for review, the longest waiting first' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(waiting).toContainText(`News · new · by ${author.account.name}`);
  await expectNoA11yViolations(editor.page);
  await editor.page.setViewportSize({ width: 390, height: 844 });
  expect(await editor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await editor.page.setViewportSize({ width: 1280, height: 860 });
  await waiting.getByRole('link', { name: `Review “${title}”` }).click();
  await expect(editor.page.getByRole('note')).toContainText('Submitted for review.');
  await editor.page.getByRole('button', { name: 'Send back' }).click();
  const dialog = editor.page.getByRole('dialog', { name: 'Send back to the author' });
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(dialog.getByText('Write what the author should change.')).toBeVisible();
  await dialog.getByLabel('Note for the author').fill('Add the opening hours, please.');
  await expectNoA11yViolations(editor.page);
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(editor.page.getByRole('status', { name: 'Notifications' })).toContainText('Sent back to the author');

  await author.page.reload();
  await author.page
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('link', { name: `Edit ${title}` })
    .click();
  await expect(author.page.getByRole('note')).toContainText('Sent back with a note:');
  await expect(author.page.getByRole('note')).toContainText('Add the opening hours, please.');
  await expectNoA11yViolations(author.page);
  expect(author.refused).toEqual([]);
  expect(editor.refused).toEqual([]);
  await author.close();
  await editor.close();
});

test.describe('Admins screen', () => {
  test('shows each account’s role; an administrator changes it after confirming, and the account’s panel follows', async ({
    page,
    browser,
  }) => {
    await page.goto('/admin');
    const them = await signedInAs(browser, page, 'author', { width: 1280, height: 860 });
    await arrive(them.page, '/admin');
    await settled(them.page);
    await expect(sideMenu(them.page).getByRole('link', { name: 'Trash' })).toHaveCount(0);

    await page.goto('/admin/admins');
    const select = page.getByRole('combobox', { name: `Role of ${them.account.name}` });
    // The new account may be on a later page of the list: it is the newest, so the first.
    await expect(select).toHaveValue('author');
    await select.selectOption('editor');
    const confirm = page.getByRole('dialog', { name: 'Change role' });
    await expect(confirm).toContainText(`${them.account.name} will be an Editor instead of an Author`);
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(`${them.account.name} is now an Editor`);
    await expect(select).toHaveValue('editor');

    // Their next step in the panel: no sign-in again, the editor's menu.
    await them.page.reload();
    await expect(sideMenu(them.page).getByRole('link', { name: 'Trash' })).toBeVisible();
    await expectNoA11yViolations(page);
    await them.close();
  });

  test('Cancel leaves the role as it was', async ({ page, browser }) => {
    await page.goto('/admin');
    const them = await signedInAs(browser, page, 'editor', { width: 1280, height: 860 });
    await page.goto('/admin/admins');
    const select = page.getByRole('combobox', { name: `Role of ${them.account.name}` });
    await select.selectOption('author');
    await page.getByRole('dialog', { name: 'Change role' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(select).toHaveValue('editor');
    await them.close();
  });
});

import { expect, test, type Page } from '@playwright/test';
import { apiOf, arrive, expectNoA11yViolations, signedInAs } from './support';
import { unique } from '../support/unique.mjs';

// Issue 39's review step for the company's pages, as articles have it: an author submits, an
// editor sends it back with a note or publishes it; an author changes only their own pages.

const SIZES = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
] as const;

/** The page's card in the pages list, searched by its (unique) title, once the list has drawn it. */
async function cardOf(page: Page, title: string) {
  await arrive(page, `/admin/pages?title=${encodeURIComponent(title)}`);
  const card = page
    .getByRole('list', { name: /^Pages/ })
    .getByRole('listitem')
    .filter({ hasText: title });
  // A context's first visits load the panel's chunks one after the other: the list is waited for, not timed.
  await expect(card.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  return card;
}

for (const viewport of SIZES) {
  test(`at ${viewport.width} px: an author submits a page, an editor sends it back with a note, the author changes it and submits it again, the editor publishes it`, async ({
    page,
    browser,
  }) => {
    // Two accounts in contexts of their own, each through several screens (first visits load the panel) and axe.
    test.setTimeout(240_000);
    await page.goto('/admin');
    const author = await signedInAs(browser, page, 'author', viewport);
    const editor = await signedInAs(browser, page, 'editor', viewport);
    const title = unique('Careers for review ');
    const notes = author.page.getByRole('status', { name: 'Notifications' });

    // The author writes a new page: Submit for review, no Publish….
    await arrive(author.page, '/admin/pages/create');
    await expect(author.page.getByRole('button', { name: 'Publish…' })).toHaveCount(0);
    await author.page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await author.page.getByRole('textbox', { name: 'Body' }).fill('We are hiring.');
    await author.page.getByRole('textbox', { name: 'Description' }).fill('Work with us.');
    await author.page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(notes).toContainText('Submitted for review');
    await expect(author.page).toHaveURL(/\/admin\/pages$/);
    let card = await cardOf(author.page, title);
    await expect(card.getByText('Submitted for review')).toBeVisible();
    await expect(card).toContainText('Draft');
    await expect(card.getByRole('link', { name: `Edit ${title}` })).toBeVisible();
    await expectNoA11yViolations(author.page);

    // The editor finds it waiting and sends it back with a note (one is required).
    card = await cardOf(editor.page, title);
    await expect(card.getByText('Submitted for review')).toBeVisible();
    await card.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(editor.page.getByRole('note')).toContainText('Submitted for review.');
    await expect(editor.page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
    await editor.page.getByRole('button', { name: 'Send back' }).click();
    const dialog = editor.page.getByRole('dialog', { name: 'Send back to the author' });
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(dialog.getByText('Write what the author should change.')).toBeVisible();
    await dialog.getByLabel('Note for the author').fill('Say where the office is, please.');
    await expectNoA11yViolations(editor.page);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(editor.page.getByRole('status', { name: 'Notifications' })).toContainText('Sent back to the author');
    await expect(editor.page).toHaveURL(/\/admin\/pages/);

    // The author reads the note on the page, changes it and submits it again.
    card = await cardOf(author.page, title);
    await expect(card.getByText('Sent back', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: `Edit ${title}` }).click();
    const banner = author.page.getByRole('note');
    await expect(banner).toContainText('Sent back with a note:');
    await expect(banner).toContainText('Say where the office is, please.');
    await expect(banner).toContainText('Change it, then submit it for review again.');
    await expectNoA11yViolations(author.page);
    await author.page.getByRole('textbox', { name: 'Body' }).fill('We are hiring, in the office on Main Street.');
    await author.page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(notes).toContainText('Submitted for review');
    await expect((await cardOf(author.page, title)).getByText('Submitted for review')).toBeVisible();

    // The editor publishes it: the review is over.
    card = await cardOf(editor.page, title);
    await card.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(editor.page.getByRole('textbox', { name: 'Body' })).toHaveValue('We are hiring, in the office on Main Street.');
    await editor.page.getByRole('button', { name: 'Publish…' }).click();
    await editor.page.getByRole('button', { name: 'Publish now' }).click();
    await expect(editor.page.getByRole('status', { name: 'Notifications' })).toContainText('Page published');
    await expect(editor.page.getByRole('note')).toHaveCount(0);
    await expect(editor.page.getByRole('button', { name: 'Send back' })).toHaveCount(0);

    card = await cardOf(author.page, title);
    await expect(card).toContainText('Published');
    await expect(card.getByText('Submitted for review')).toHaveCount(0);
    await expect(card.getByText('Sent back', { exact: true })).toHaveCount(0);

    expect(author.refused).toEqual([]);
    expect(editor.refused).toEqual([]);
    await author.close();
    await editor.close();
  });

  test(`at ${viewport.width} px: an author has no Edit on another's page, and its edit address says "You don't have access to this page"`, async ({
    page,
    browser,
  }) => {
    // A context of its own: its first visits load the panel's chunks.
    test.slow();
    await page.goto('/admin');
    const title = unique('Policy by an editor ');
    const created = await apiOf(page).post('/api/pages', { data: { title, body: 'Ours.', description: 'Our policy.', status: 'draft' } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const author = await signedInAs(browser, page, 'author', viewport);

    const card = await cardOf(author.page, title);
    await expect(card.getByRole('heading', { name: title })).toBeVisible();
    await expect(card.getByRole('link', { name: `Edit ${title}` })).toHaveCount(0);

    await arrive(author.page, `/admin/pages/edit/${id}`);
    // Once the page is read (an author may read it): the screen is waited for, not timed.
    await expect(author.page.getByRole('heading', { name: "You don't have access to this page", level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await expect(author.page.getByRole('textbox', { name: 'Title', exact: true })).toHaveCount(0);
    await expectNoA11yViolations(author.page);
    expect(author.refused).toEqual([]);
    await author.close();
  });
}

import { expect, test, type Page } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { apiOf, expectNoA11yViolations } from './support';

/** A published article made through the API, as the logged-in admin; answers its id. */
async function createArticle(page: Page, title: string): Promise<string> {
  const created = await apiOf(page).post('/api/news', {
    data: { title, description: 'Made by the revisions test', about: 'The first text of the article.' },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Saves a new title through the API (a `saved` revision). */
async function retitle(page: Page, id: string, title: string) {
  const saved = await apiOf(page).patch(`/api/news/${id}`, { data: { title } });
  expect(saved.status()).toBe(200);
}

/** Opens an article's edit form and waits for it (slow on a busy machine: the first load fetches the form's code). */
async function openEdit(page: Page, id: string) {
  await page.goto(`/admin/news/edit/${id}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).not.toHaveValue('', { timeout: 20_000 });
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('list', { name: 'Revisions, newest first' })).toBeVisible();
}

test.describe('revisions', () => {
  // Two tabs, a 2 s autosave wait and two screen sizes: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('two tabs on one article: the second save shows the conflict and keeps its text', async ({ context, page }) => {
    const id = await createArticle(page, unique('Two tabs '));
    const second = await context.newPage();
    await openEdit(page, id);
    await openEdit(second, id);

    await page.getByLabel('Title').fill(unique('First tab '));
    await page.getByRole('button', { name: 'Edit News' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' }).getByText('News updated')).toBeVisible();

    const mine = 'The second tab rewrote this sentence.';
    await second.getByLabel('About').fill(mine);
    await second.getByRole('button', { name: 'Edit News' }).click();
    const conflict = second.getByRole('dialog');
    await expect(
      conflict.getByRole('heading', { name: /^Grace Hopper saved this article at \d{2}:\d{2} since you opened it$/ }),
    ).toBeVisible();
    await expect(conflict.getByText('Reload takes their version: your text is lost.', { exact: false })).toBeVisible();

    // Compare shows theirs against mine, word by word.
    await conflict.getByRole('button', { name: 'Compare' }).click();
    await expect(conflict.locator('ins').filter({ hasText: 'rewrote' }).first()).toBeVisible();

    await conflict.getByRole('button', { name: 'Keep editing' }).click();
    await expect(conflict).toBeHidden();
    await expect(second.getByLabel('About')).toHaveValue(mine);
    await expect(second).toHaveURL(new RegExp(`/admin/news/edit/${id}$`));
  });

  test('two autosaving tabs: the second one stops and shows the conflict, its text kept', async ({ context, page }) => {
    const id = await createArticle(page, unique('Two autosaves '));
    const second = await context.newPage();
    await openEdit(page, id);
    await openEdit(second, id);

    await page.getByLabel('About').fill('The first tab is typing here.');
    await expect(page.getByText(/^Saved as draft \d{2}:\d{2}$/)).toBeVisible({ timeout: 10_000 });

    const mine = 'The second tab types something else.';
    await second.getByLabel('About').fill(mine);
    const conflict = second.getByRole('dialog');
    await expect(
      conflict.getByRole('heading', { name: /^Grace Hopper saved this article at \d{2}:\d{2} since you opened it$/ }),
    ).toBeVisible({
      timeout: 10_000,
    });
    await conflict.getByRole('button', { name: 'Keep editing' }).click();
    await expect(second.getByText('Autosave stopped: this was changed in another tab or by someone else.')).toBeVisible();
    await expect(second.getByLabel('About')).toHaveValue(mine);
    // The first tab's working copy stands.
    const draft = (await (await apiOf(page).get(`/api/news/${id}/draft`)).json()) as { snapshot: { about: string } };
    expect(draft.snapshot.about).toBe('The first tab is typing here.');
  });

  test('a tab closed mid-sentence, reopened, offers the text', async ({ context, page }) => {
    const id = await createArticle(page, unique('Closed tab '));
    const tab = await context.newPage();
    await openEdit(tab, id);
    await expect(tab.getByLabel('About')).toHaveValue('The first text of the article.');
    // The tab asks before closing with unsaved changes: the test says leave.
    tab.on('dialog', (dialog) => void dialog.accept());
    const half = 'Half a sentence typed just before the tab clo';
    await tab.getByLabel('About').fill(half);
    await tab.close({ runBeforeUnload: true });

    await expect
      .poll(async () => (await apiOf(page).get(`/api/news/${id}/draft`)).status(), { message: 'the closing tab wrote the working copy' })
      .toBe(200);
    await openEdit(page, id);
    await expect(page.getByText(/^Restored your unsaved changes from \d{2}:\d{2} —/)).toBeVisible();
    await expect(page.getByLabel('About')).toHaveValue(half);
    // The public copy is untouched until published.
    const live = (await (await apiOf(page).get(`/api/news/${id}`)).json()) as { about: string };
    expect(live.about).toBe('The first text of the article.');
  });

  test('Save draft keeps the live copy and marks the list; Publish changes makes it live', async ({ page }) => {
    const title = unique('Draft live ');
    const id = await createArticle(page, title);
    await openEdit(page, id);
    await page.getByLabel('About').fill('The reworked text, not public yet.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status', { name: 'Notifications' }).getByText('Draft saved')).toBeVisible();
    await expect(page.getByText(/^Saved as draft \d{2}:\d{2}$/)).toBeVisible();
    const live = async () => ((await (await apiOf(page).get(`/api/news/${id}`)).json()) as { about: string }).about;
    expect(await live()).toBe('The first text of the article.');

    await page.goto(`/admin/news?title=${encodeURIComponent(title)}`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card.getByText('Unpublished changes')).toBeVisible();

    await openEdit(page, id);
    await expect(page.getByText(/^Unpublished changes — saved \d{2}:\d{2} by Grace Hopper —/)).toBeVisible();
    await expect(page.getByLabel('About')).toHaveValue('The reworked text, not public yet.');
    await page.getByRole('button', { name: 'Publish changes' }).click();
    // The form stays, started again from the published article (issue #38).
    await expect(page.getByRole('status', { name: 'Notifications' }).getByText('Changes published')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/news/edit/${id}$`));
    await expect(page.getByText(/^Unpublished changes — saved/)).toHaveCount(0);
    expect(await live()).toBe('The reworked text, not public yet.');
    expect((await apiOf(page).get(`/api/news/${id}/draft`)).status()).toBe(404);
  });

  test('compare marks a changed word; restore then undo', async ({ page }) => {
    const first = unique('Compare before ');
    const id = await createArticle(page, first);
    const changed = `${first} changed`;
    await retitle(page, id, changed);

    await openEdit(page, id);
    await openHistory(page);
    const compare = page.getByRole('region', { name: 'Compare revisions' });
    // By default the newest revision against the one before it: the added word is inserted.
    await expect(compare.locator('ins').filter({ hasText: 'changed' })).toBeVisible();
    await expect(compare.locator('ins').filter({ hasText: 'changed' })).toContainText('inserted:');

    // Restore the first revision straight live, then undo it.
    const revisions = page.getByRole('list', { name: 'Revisions, newest first' }).getByRole('listitem');
    const oldest = revisions.last();
    const seq = Number((await oldest.locator('strong').textContent())?.replace('#', ''));
    await oldest.getByRole('button', { name: `Restore revision ${seq}` }).click();
    const dialog = page.getByRole('dialog', { name: `Restore revision #${seq}?` });
    await dialog.getByRole('button', { name: 'Restore and publish' }).click();
    const toast = page.getByRole('status', { name: 'Notifications' });
    await expect(toast.getByText(`Revision #${seq} restored and published`)).toBeVisible();
    await expect.poll(async () => ((await (await apiOf(page).get(`/api/news/${id}`)).json()) as { title: string }).title).toBe(first);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(first);

    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(toast.getByText(/restored again$/)).toBeVisible();
    await expect.poll(async () => ((await (await apiOf(page).get(`/api/news/${id}`)).json()) as { title: string }).title).toBe(changed);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(changed);
  });

  test('axe finds nothing on the History panel at 1280 and 390 px', async ({ page }) => {
    const id = await createArticle(page, unique('Axe history '));
    await retitle(page, id, unique('Axe history changed '));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openEdit(page, id);
      await openHistory(page);
      await expect(page.getByRole('region', { name: 'Compare revisions' }).locator('ins').first()).toBeVisible();
      await expectNoA11yViolations(page);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

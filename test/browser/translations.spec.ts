import { expect, test, type APIRequestContext } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { expectNoA11yViolations, STORAGE_STATE } from './support';

/*
 * The translator's view (issue #41): an article translated side by side, seen on the public site
 * in German, and the lists' chips and filter. The site's languages and maintenance are one for the
 * whole site, so this file runs in a project of its own after the other site-wide ones
 * (playwright.config.ts), and puts both back as it found them at the end.
 */

test.describe.configure({ mode: 'default' });

let admin: APIRequestContext;
let languagesBefore: { languages: { code: string; name: string; dir: string; enabled: boolean; default: boolean }[] };
let maintenanceBefore: boolean;

test.beforeAll(async ({ playwright }, testInfo) => {
  admin = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL, storageState: STORAGE_STATE });
  languagesBefore = await (await admin.get('/api/settings/languages')).json();
  maintenanceBefore = ((await (await admin.get('/api/settings')).json()) as { maintenance: boolean }).maintenance;
  const languages = [
    { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
    { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
    { code: 'fr', name: 'Français', dir: 'ltr', enabled: true, default: false },
  ];
  expect((await admin.put('/api/settings/languages', { data: { languages } })).status()).toBe(200);
  expect((await admin.patch('/api/settings', { data: { maintenance: false } })).status()).toBe(200);
});

test.afterAll(async () => {
  const languages = languagesBefore.languages.map(({ code, name, dir, enabled, default: main }) => ({
    code,
    name,
    dir,
    enabled,
    default: main,
  }));
  expect((await admin.put('/api/settings/languages', { data: { languages } })).status()).toBe(200);
  expect((await admin.patch('/api/settings', { data: { maintenance: maintenanceBefore } })).status()).toBe(200);
  await admin.dispose();
});

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${width} px: translate an article side by side into German, publish it, see it on the site; the chips and the filter`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    const title = unique('Opening hours ');
    const created = await admin.post('/api/news', {
      data: { title, description: 'When we are open.', about: 'Every **day**.', photoAlt: 'The door', status: 'published' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    await page.goto(`/admin/news/edit/${id}`);
    // The panel's first load in a new browser is the slowest step on a busy machine.
    await expect(page.getByRole('heading', { name: 'Edit News' })).toBeVisible({ timeout: 30_000 });
    const switcher = page.getByRole('group', { name: 'Language' });
    await expect(switcher.getByRole('button', { name: 'English (default)' })).toHaveAttribute('aria-pressed', 'true');
    await switcher.getByRole('button', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\?lang=de$/);
    await expect(page.getByRole('heading', { name: 'Deutsch translation', exact: true })).toBeVisible();
    await expect(page.getByText('Not translated yet.')).toBeVisible();

    // The default text is first and read only; on a phone it folds away.
    const original = page.getByRole('group').filter({ hasText: 'English (default language)' });
    await expect(original.getByText(title)).toBeVisible();
    if (width < 769) {
      await page.getByText('English (default language)').click();
      await expect(original.getByText(title)).toBeHidden();
      await page.getByText('English (default language)').click();
      await expect(original.getByText(title)).toBeVisible();
    }
    await expectNoA11yViolations(page);

    const form = page.getByRole('form', { name: 'Deutsch translation' });
    await form.getByRole('button', { name: 'Copy all from English' }).click();
    await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(form.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue('When we are open.');
    const germanTitle = unique('Öffnungszeiten ');
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(germanTitle);
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Wann wir offen haben.');
    // Copy all took the English address too (the same address may serve two languages): a German one instead.
    const slug = unique('oeffnungszeiten-').toLowerCase();
    await form.getByRole('textbox', { name: /^Web address/ }).fill(slug);
    await form.getByRole('textbox', { name: 'About', exact: true }).fill('Jeden **Tag**.');
    await form.getByRole('button', { name: 'Copy from English: Alternative text for the photo' }).click();
    await expect(form.getByRole('textbox', { name: 'Alternative text for the photo', exact: true })).toHaveValue('The door');
    await form.getByRole('textbox', { name: 'Alternative text for the photo', exact: true }).fill('Die Tür');
    await form.getByRole('combobox', { name: 'Status of this translation' }).selectOption('published');
    await form.getByRole('button', { name: 'Save translation' }).click();
    await expect(page.getByText('Deutsch translation saved')).toBeVisible();
    await expect(page.getByText('Published.')).toBeVisible();

    // A visitor (no session) reads it at its German address.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const site = await visitor.newPage();
    const reply = await site.goto(`/de/news/${slug}`);
    expect(reply?.status()).toBe(200);
    await expect(site.getByRole('heading', { level: 1, name: germanTitle })).toBeVisible();
    await expect(site.locator('html')).toHaveAttribute('lang', 'de');
    await visitor.close();

    // The English text changes: the translation is outdated until it is saved again.
    expect((await admin.patch(`/api/news/${id}`, { data: { about: 'Every day but Sunday.' } })).status()).toBe(200);
    await page.reload();
    await expect(page.getByText(/The English text has changed since this translation was saved/)).toBeVisible();
    await form.getByRole('textbox', { name: 'About', exact: true }).fill('Jeden Tag außer Sonntag.');
    await form.getByRole('button', { name: 'Save translation' }).click();
    await expect(page.getByText('Deutsch translation saved')).toBeVisible();
    await expect(page.getByText(/The English text has changed/)).toBeHidden();

    // The list: the article's chips, read in words by a screen reader, and the filter.
    await page.goto(`/admin/news?title=${encodeURIComponent(title)}`);
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card.getByText('DE ✓')).toBeVisible();
    await expect(card.getByText('FR missing')).toBeVisible();
    await expect(card.getByText('Deutsch: translated')).toBeAttached();
    await expect(card.getByText('Français: not translated')).toBeAttached();
    await expectNoA11yViolations(page);
    const show = page.getByLabel('Show');
    await show.selectOption({ label: 'Needs translation into Deutsch' });
    await expect(page).toHaveURL(/needsTranslation=de/);
    await expect(page.getByText('no data')).toBeVisible();
    await show.selectOption({ label: 'Needs translation into Français' });
    await expect(card).toBeVisible();
    await show.selectOption({ label: 'Needs translation' });
    await expect(card).toBeVisible();
  });
}

test('at 390 px: the pages list shows each page’s translations and filters those that need one', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const title = unique('Careers ');
  const created = await admin.post('/api/pages', { data: { title, description: 'Jobs', body: 'Join us.', status: 'published' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const translated = await admin.put(`/api/pages/${id}/translations/de`, {
    data: { title: 'Karriere', description: 'Stellen', body: 'Komm zu uns.' },
  });
  expect(translated.status()).toBe(200);

  await page.goto(`/admin/pages?title=${encodeURIComponent(title)}`);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('DE ✓')).toBeVisible();
  await expect(card.getByText('FR missing')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);
  const show = page.getByLabel('Show');
  await show.selectOption({ label: 'Needs translation into Deutsch' });
  await expect(page).toHaveURL(/needsTranslation=de/);
  await expect(page.getByText('no data')).toBeVisible();
  await show.selectOption({ label: 'Needs translation into Français' });
  await expect(card).toBeVisible();
});

test('two tabs on one translation: the second save asks, keeps its text, and Overwrite saves it', async ({ context, page }) => {
  const created = await admin.post('/api/services', { data: { title: unique('Repairs '), about: 'We repair things.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const second = await context.newPage();
  for (const tab of [page, second]) {
    await tab.goto(`/admin/service/edit/${id}?lang=fr`);
    await expect(tab.getByRole('heading', { name: 'Français translation', exact: true })).toBeVisible({ timeout: 30_000 });
  }
  const formOf = (tab: typeof page) => tab.getByRole('form', { name: 'Français translation' });

  await formOf(page).getByRole('textbox', { name: 'Title', exact: true }).fill('Réparations');
  await formOf(page).getByRole('textbox', { name: 'About', exact: true }).fill('Nous réparons.');
  await formOf(page).getByRole('button', { name: 'Save translation' }).click();
  await expect(page.getByText('Français translation saved')).toBeVisible();

  const mine = 'Nous réparons tout, vite.';
  await formOf(second).getByRole('textbox', { name: 'Title', exact: true }).fill('Dépannage');
  await formOf(second).getByRole('textbox', { name: 'About', exact: true }).fill(mine);
  await formOf(second).getByRole('button', { name: 'Save translation' }).click();
  const conflict = second.getByRole('dialog');
  await expect(
    conflict.getByRole('heading', { name: /^Grace Hopper saved the Français translation at \d{2}:\d{2} since you opened it$/ }),
  ).toBeVisible();
  await expectNoA11yViolations(second);
  await conflict.getByRole('button', { name: 'Keep editing' }).click();
  await expect(conflict).toBeHidden();
  await expect(formOf(second).getByRole('textbox', { name: 'About', exact: true })).toHaveValue(mine);
  expect(((await (await admin.get(`/api/services/${id}/translations`)).json()) as { about: string }[])[0].about).toBe('Nous réparons.');

  await formOf(second).getByRole('button', { name: 'Save translation' }).click();
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(second.getByText('Français translation saved')).toBeVisible();
  expect(((await (await admin.get(`/api/services/${id}/translations`)).json()) as { about: string }[])[0].about).toBe(mine);

  // Its history: both saves, the first one compared with the form and copied back into it.
  await second.getByRole('button', { name: 'History of the Français translation' }).click();
  const saves = second.getByRole('list', { name: 'Saves of the Français translation, newest first' });
  await expect(saves.getByRole('listitem')).toHaveCount(2);
  await expect(saves.getByRole('listitem').first()).toContainText('#2 Saved');
  await expect(saves.getByRole('listitem').first()).toContainText('Changed: Title, About');
  await expect(saves.getByRole('listitem').last()).toContainText('#1 Created');
  await second.getByRole('button', { name: 'Compare #1 with the form' }).click();
  const compared = second.getByRole('region', { name: '#1 compared with the form' });
  await expect(compared.locator('ins').filter({ hasText: 'tout' }).first()).toBeVisible();
  await expectNoA11yViolations(second);
  await second.getByRole('button', { name: 'Copy into the form: #1' }).click();
  await expect(formOf(second).getByRole('textbox', { name: 'About', exact: true })).toHaveValue('Nous réparons.');
  await expect(formOf(second).getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Réparations');
  await formOf(second).getByRole('button', { name: 'Save translation' }).click();
  await expect(saves.getByRole('listitem')).toHaveCount(3);
  expect(((await (await admin.get(`/api/services/${id}/translations`)).json()) as { about: string }[])[0].about).toBe('Nous réparons.');
});

test('a translation typed in a tab closed before Save is offered back when it is opened again, and Discard drops it', async ({
  context,
}) => {
  const created = await admin.post('/api/services', { data: { title: unique('Cleaning '), about: 'We clean.' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const open = async () => {
    const tab = await context.newPage();
    await tab.goto(`/admin/service/edit/${id}?lang=de`);
    await expect(tab.getByRole('heading', { name: 'Deutsch translation', exact: true })).toBeVisible({ timeout: 30_000 });
    return { tab, form: tab.getByRole('form', { name: 'Deutsch translation' }) };
  };

  const first = await open();
  await first.form.getByRole('textbox', { name: 'Title', exact: true }).fill('Reinigung');
  await first.form.getByRole('textbox', { name: 'About', exact: true }).fill('Wir reinigen mitten im Sat');
  await first.tab.close({ runBeforeUnload: false });

  const again = await open();
  await expect(again.tab.getByRole('status').filter({ hasText: /^Restored your unsaved changes from/ })).toBeVisible();
  await expect(again.form.getByRole('textbox', { name: 'About', exact: true })).toHaveValue('Wir reinigen mitten im Sat');
  await expect(again.form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Reinigung');
  await expectNoA11yViolations(again.tab);
  await again.tab.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(again.form.getByRole('textbox', { name: 'About', exact: true })).toHaveValue('');
  await again.tab.close();

  const third = await open();
  await expect(third.form.getByRole('textbox', { name: 'About', exact: true })).toHaveValue('');
  await expect(third.tab.getByText(/Restored your unsaved changes/)).toHaveCount(0);
});

test('at 390 px: a published translation’s changes saved as a draft stay off the site until Publish changes; Discard changes drops them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const created = await admin.post('/api/news', {
    data: { title: unique('Holidays '), description: 'When we are closed.', about: 'In August.', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const translated = await admin.put(`/api/news/${id}/translations/de`, {
    data: { title: unique('Betriebsferien '), description: 'Wann wir zu haben.', about: 'Im August.' },
  });
  expect(translated.status()).toBe(200);
  const { slug, title: live } = (await translated.json()) as { slug: string; title: string };
  /** The German article as a visitor reads it (its address stays: the form sends it with the text). */
  const onSite = async () => {
    const res = await page.request.get(`/de/news/${slug}`);
    expect(res.status()).toBe(200);
    return await res.text();
  };

  await page.goto(`/admin/news/edit/${id}?lang=de`);
  const form = page.getByRole('form', { name: 'Deutsch translation' });
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(live, { timeout: 30_000 });
  const changed = `${live} (neu)`;
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(changed);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Changes saved as a draft: visitors still see the published translation')).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: /^Unpublished changes, saved by Grace Hopper/ });
  await expect(banner).toContainText('Visitors see the published translation until you publish them.');
  expect(await onSite()).not.toContain(changed);

  // Opened again, the form shows the working copy, and offers to publish or discard it.
  await page.reload();
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(changed, { timeout: 30_000 });
  await expect(banner).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Status of this translation' })).toHaveCount(0);
  await expectNoA11yViolations(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  await form.getByRole('button', { name: 'Publish changes' }).click();
  await expect(page.getByText('Deutsch changes published')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Save translation' })).toBeVisible();
  expect(await onSite()).toContain(changed);

  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(`${changed} (verworfen)`);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(banner).toBeVisible();
  await form.getByRole('button', { name: 'Discard changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard changes' });
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByText('Changes discarded: the published translation stays as it is')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(changed);
  await expect(banner).toHaveCount(0);
  expect((await admin.get(`/api/news/${id}/translations/de/draft`)).status()).toBe(404);
});

import { expect, test } from '@playwright/test';
import { unique } from '../support/unique.mjs';
import { ADMIN, endSession, expectNoA11yViolations, ownSession } from './support';

// Issue #26: the panel as an office manager expects it, at a desk (1280 px) and on a phone (390 px).
for (const [label, viewport] of [
  ['1280 px', { width: 1280, height: 800 }],
  ['390 px', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('an ended session on Save asks for the password in place and saves what was typed', async ({ page }) => {
      const title = unique('Kept service ');
      await ownSession(page);
      await page.goto('/admin/service/create');
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('About').fill('Typed before the session ended.');
      // The session ends while the form is open.
      await endSession(page);
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

    test('a list that meets an ended session goes to the login screen, which says so', async ({ page }) => {
      const title = unique('Read service ');
      await ownSession(page);
      expect((await page.request.post('/api/services', { data: { title, about: 'To be read.' } })).status()).toBe(201);
      await page.goto('/admin/service');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card).toBeVisible();
      await endSession(page);
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
  });
}

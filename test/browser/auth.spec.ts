import { expect, test } from '@playwright/test';
import { expectNoA11yViolations, uniqueAdmin } from './support';

test.describe('signing in', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('an admin registers, logs in, sees their name, logs out and is sent to login by the guard', async ({ page }) => {
    const admin = uniqueAdmin('Ada');
    await page.goto('/admin/register');
    await page.getByLabel('Name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page).toHaveURL(/\/admin\/service$/);
    await expect(page.getByRole('complementary', { name: 'Side menu' }).getByText(admin.name)).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('admin') ?? 'null')?.email)).toBe(admin.email);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('admin'))).toBeNull();

    await page.goto('/admin/news');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('a wrong password shows the error text', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

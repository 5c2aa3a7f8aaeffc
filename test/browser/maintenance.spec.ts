import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './support';

test.use({ storageState: { cookies: [], origins: [] } });

const TEXT = 'Our website is under maintenance';

/** The logo's computed animation and its current rotation matrix. */
function logoMotion(page: Page) {
  return page.locator('main img').evaluate((img) => {
    const style = getComputedStyle(img);
    return {
      name: style.animationName,
      duration: style.animationDuration,
      iterations: style.animationIterationCount,
      transform: style.transform,
    };
  });
}

test.describe('maintenance page', () => {
  test('answers 503 and shows the text and the logo, with no script at all', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toBeDefined();
    await expect(page.getByRole('heading', { name: TEXT })).toBeVisible();
    const logo = page.locator('main img');
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator('script')).toHaveCount(0);
  });

  test('shows the same page on any path outside the admin app', async ({ page }) => {
    const response = await page.goto('/some/other/path');
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { name: TEXT })).toBeVisible();
  });

  test('spins the logo once every 6 seconds', async ({ page }) => {
    await page.goto('/');
    const motion = await logoMotion(page);
    expect(motion).toMatchObject({ name: 'spin', duration: '6s', iterations: 'infinite' });
    const first = motion.transform;
    // The logo turns: its transform moves on (read until it does, however slow the machine).
    await expect.poll(async () => (await logoMotion(page)).transform).not.toBe(first);
  });

  test('keeps the logo still for people who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: TEXT })).toBeVisible();
    const motion = await logoMotion(page);
    expect(motion.name).toBe('none');
    expect(motion.transform).toBe('none');
    await page.waitForTimeout(300);
    expect((await logoMotion(page)).transform).toBe('none');
  });

  test('has no accessibility violations, light and dark (it follows the system)', async ({ page }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      await expectNoA11yViolations(page);
    }
  });

  test('fits a phone screen without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: TEXT })).toBeInViewport();
    await expect(page.locator('main img')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

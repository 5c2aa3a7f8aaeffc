import { expect, test, type Page } from '@playwright/test';
import { ADMIN, expectNoA11yViolations, uniqueAdmin } from './support';

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

    await expect(page).toHaveURL(/\/admin$/); // signing in lands on the dashboard (issue 24)
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

test.describe('register form', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('shows each server message under its own field', async ({ page }) => {
    await page.goto('/admin/register');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();

    const expected = [
      ['Name', 'Name is required'],
      ['Email', 'Email must be a valid email address'],
      ['Password', 'Password must be at least 8 characters'],
    ] as const;
    for (const [label, message] of expected) {
      const input = page.getByLabel(label);
      // The message first; a field with a rule (Password) says the rule after it.
      await expect(input).toHaveAccessibleDescription(new RegExp(`^${message}`));
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      const error = page.getByText(message, { exact: true });
      await expect(error).toBeVisible();
      // Under the field: below the input and starting at its left edge.
      const [inputBox, errorBox] = [await input.boundingBox(), await error.boundingBox()];
      expect(errorBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height);
      expect(Math.abs(errorBox!.x - inputBox!.x)).toBeLessThan(2);
    }
    await expect(page).toHaveURL(/\/admin\/register$/);
  });

  test('clears a field message once the field is fixed and sent again', async ({ page }) => {
    const admin = uniqueAdmin('Fixer');
    await page.goto('/admin/register');
    await page.getByLabel('Name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Name is required')).toHaveCount(0);

    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Your account is ready. Log in to continue.')).toBeVisible();
  });

  test('shows the message for an email that is already registered', async ({ page }) => {
    const admin = uniqueAdmin('Twice');
    expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
    await page.goto('/admin/register');
    await page.getByLabel('Name').fill(admin.name);
    await page.getByLabel('Email').fill(admin.email.toUpperCase());
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email is already registered');
  });
});

/** Holds every GET /api/admins/me until `release()`: the session check still on its way. */
async function holdSessionCheck(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admins/me', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('login and register links and guards', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a browser that remembers no admin gets the login form at once, before the session check answers', async ({ page }) => {
    const release = await holdSessionCheck(page);
    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeEditable();
    release();
    await page.waitForResponse('**/api/admins/me');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('"Register here" leads to the register form and "Login here" back', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Register here' }).click();
    await expect(page).toHaveURL(/\/admin\/register$/);
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByRole('link', { name: 'Login here' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('shows no side menu on the login and register screens', async ({ page }) => {
    for (const path of ['/admin/login', '/admin/register']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Side menu' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    }
  });

  test('returns to the page the guard came from after logging in', async ({ page }) => {
    const admin = uniqueAdmin('Return');
    expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
    await page.goto('/admin/news');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/news$/);
  });

  test('the login form works with the keyboard alone', async ({ page }) => {
    const admin = uniqueAdmin('Keys');
    expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
    await page.goto('/admin/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(admin.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/); // signing in lands on the dashboard (issue 24)
    await expect(page.getByRole('complementary', { name: 'Side menu' }).getByText(admin.name)).toBeVisible();
  });

  test('the login and register screens have no accessibility violations', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoA11yViolations(page);

    await page.goto('/admin/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

// These use the admin the global setup logged in; none of them logs out.
test.describe('logged-in admin', () => {
  test('is sent from the login screen to the services list', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin\/service$/);
    await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
  });

  test('whose browser forgot the stored admin sees the login form until the check answers, then the services list', async ({ page }) => {
    await page.addInitScript(() => localStorage.removeItem('admin'));
    const release = await holdSessionCheck(page);
    await page.goto('/admin/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/admin\/service$/);
    await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
  });

  test("is taken from /admin/register to the Admins screen's invitation; the link it makes lets the colleague choose their own password", async ({
    page,
    browser,
  }) => {
    const other = uniqueAdmin('Colleague');
    await page.goto('/admin/register');
    // Nobody types a colleague's password: adding an administrator is an invitation.
    await expect(page).toHaveURL(/\/admin\/admins\/invite$/);
    await expect(page.getByRole('heading', { name: 'Invite administrator' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Side menu' }).getByText(ADMIN.name)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    // The former Add administrator address opens the same form.
    await page.goto('/admin/admins/add');
    await expect(page).toHaveURL(/\/admin\/admins\/invite$/);
    await page.getByLabel('Email').fill(other.email);
    await page.getByRole('button', { name: /^Make a link to copy/ }).click();
    const link = page.getByLabel('One-time link');
    await expect(link).toHaveValue(/\/admin\/accept-invitation#token=/);
    await expectNoA11yViolations(page);

    // The colleague opens it and chooses their own name and password, and is signed in.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const theirs = await context.newPage();
    await theirs.goto(await link.inputValue());
    await theirs.getByLabel('Name').fill(other.name);
    await theirs.getByLabel('Password').fill(other.password);
    await theirs.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(theirs.getByRole('complementary', { name: 'Side menu' }).getByText(other.name)).toBeVisible();
    await context.close();
  });

  test('sees the side menu with the admin name, the links and Logout', async ({ page }) => {
    // /admin is the dashboard (issue 24), the menu's first entry.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await expect(menu.getByText('Admin Panel')).toBeVisible();
    await expect(menu.getByText(ADMIN.name)).toBeVisible();
    for (const name of ['Dashboard', 'Services', 'News', 'Contact Us']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The phone controls stay out of the way on a desktop.
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    await expect(menu.getByRole('button', { name: 'Close' })).toBeHidden();
    await expectNoA11yViolations(page);
  });

  test('sees a not-found screen inside the layout for an unknown admin path', async ({ page }) => {
    await page.goto('/admin/no/such/screen');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Side menu' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Services' }).click();
    await expect(page).toHaveURL(/\/admin\/service$/);
  });
});

test.describe('phone-sized menu', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('is hidden until Menu opens it, and Close hides it again', async ({ page }) => {
    await page.goto('/admin/service');
    await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await expect(menu).toBeHidden();
    await expect(page.getByRole('link', { name: 'News' })).toBeHidden();

    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByText('Admin Panel')).toBeVisible();
    await expect(menu.getByText(ADMIN.name)).toBeVisible();
    for (const name of ['Services', 'News', 'Contact Us']) await expect(menu.getByRole('link', { name })).toBeInViewport();
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeInViewport();
    await expectNoA11yViolations(page);

    await menu.getByRole('button', { name: 'Close' }).click();
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes when a link is followed', async ({ page }) => {
    await page.goto('/admin/service');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await menu.getByRole('link', { name: 'News' }).click();
    await expect(page).toHaveURL(/\/admin\/news$/);
    await expect(menu).toBeHidden();
  });

  test('moves focus into the menu and closes on Escape, back to the Menu button', async ({ page }) => {
    await page.goto('/admin/service');
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('complementary', { name: 'Side menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('does not make the page scroll sideways', async ({ page }) => {
    await page.goto('/admin/service');
    await expect(page.getByRole('heading', { name: 'Services' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('phone-sized login and register', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('fit the screen and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, heading, button] of [
      ['/admin/login', 'Login', 'Login'],
      ['/admin/register', 'Register', 'Register'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeInViewport();
      await expect(page.getByRole('button', { name: button })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoA11yViolations(page);
    }
  });
});

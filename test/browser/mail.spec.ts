import { expect, test, type Page } from '@playwright/test';
import { readMailbox, type MailboxMessage } from '../support/mailbox.mjs';
import { baseURL } from './playwright.config';
import { expectNoA11yViolations, uniqueAdmin } from './support';

// Mail end to end: the suite's server sends through an SMTP server that browser-server.mjs
// starts, and these tests read what arrived (see test/support/mailbox.mjs).

const port = new URL(baseURL).port;

// Each flow runs axe at two sizes on up to three screens and waits for mail: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Waits for a mail to `to` whose subject matches, and answers it. */
async function mailTo(to: string, subject: RegExp): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(() => (found = readMailbox(port).find((mail) => mail.to.includes(to) && subject.test(mail.subject))), { timeout: 15_000 })
    .toBeTruthy();
  return found!;
}

/** The link of a mail, for this browser (the suite's server's PUBLIC_URL is its baseURL). */
function linkIn(mail: MailboxMessage, path: string): string {
  const match = new RegExp(`https?://\\S+${path}#token=[\\w-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}

/** axe at desktop width and at a phone's, with nothing wider than the phone. */
async function accessibleAtBothSizes(page: Page) {
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('Forgot password? sends a link that sets a new password, signs every session out and sends a notice', async ({ page, browser }) => {
    const admin = uniqueAdmin('Reset');
    expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
    // A session elsewhere, which the reset ends.
    const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    expect(
      (await other.request.post(`${baseURL}/api/admins/login`, { data: { email: admin.email, password: admin.password } })).status(),
    ).toBe(200);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await accessibleAtBothSizes(page);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(`If an administrator account uses ${admin.email}, a link to reset its password is on its way.`),
    ).toBeVisible();

    const mail = await mailTo(admin.email, /^Reset your password/);
    await page.goto(linkIn(mail, '/admin/reset-password'));
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await accessibleAtBothSizes(page);
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByLabel('New password')).toHaveAccessibleDescription(/^Password must be at least 8 characters/);
    await page.getByLabel('New password').fill('a whole new password');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Your new password is set. Log in with it.')).toBeVisible();
    expect((await other.request.get(`${baseURL}/api/services`)).status()).toBe(401);
    await other.close();
    await mailTo(admin.email, /was reset$/);

    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('a whole new password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // The link works once. Here in its older form (?token=), which still works: the token moves to the fragment at once.
    await page.goto(linkIn(mail, '/admin/reset-password').replace('#token=', '?token='));
    await expect(page).toHaveURL(/\/admin\/reset-password#token=[\w-]+$/);
    await page.getByLabel('New password').fill('yet another password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is not valid any more');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });

  // These sign in as admins of their own: a login in the shared signed-in state would end that session for every test.
  test('Your account: the new-message switch, linked from the menu; a contact message reaches an admin who wants it', async ({ page }) => {
    const admin = uniqueAdmin('Notified');
    await page.request.post('/api/admins/register', { data: admin });
    await page.request.post('/api/admins/login', { data: { email: admin.email, password: admin.password } });
    await page.goto('/admin/service');
    await page.getByRole('link', { name: 'Your account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByText(admin.email)).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Email me new contact messages' });
    await expect(toggle).toBeChecked();
    await accessibleAtBothSizes(page);

    const visitor = { name: `Visitor ${Date.now()}`, phno: '', email: 'visitor@example.org', msg: 'Hello from the browser suite' };
    const posted = await page.request.post('/api/contactus', { data: visitor });
    expect(posted.status()).toBe(201);
    const mail = await mailTo(admin.email, new RegExp(`^New message from ${visitor.name}$`));
    expect(mail.replyTo).toEqual([visitor.email]);
    // The mail's link opens the message.
    const link = /https?:\/\/\S+\/admin\/adminContactUs\?view=[\w-]+/.exec(mail.text)![0];
    await page.goto(link);
    await expect(page.getByRole('dialog')).toContainText('Hello from the browser suite');

    await page.goto('/admin/account');
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email me new contact messages' })).not.toBeChecked();
  });

  test('Your account: her own name saved at once; a new email confirmed by the link sent to it, light and dark', async ({ page }) => {
    const admin = uniqueAdmin('Own');
    await page.request.post('/api/admins/register', { data: admin });
    await page.request.post('/api/admins/login', { data: { email: admin.email, password: admin.password } });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/account');
    const nameForm = page.getByRole('form', { name: 'Your name' });
    await nameForm.getByLabel('Name').fill(`${admin.name} Renamed`);
    await nameForm.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your name is saved')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Side menu' }).getByText(`${admin.name} Renamed`)).toBeVisible();

    const newEmail = `new-${admin.email}`;
    const emailForm = page.getByRole('form', { name: 'Your email' });
    await expect(emailForm.getByText(admin.email, { exact: true })).toBeVisible();
    await emailForm.getByLabel('New email').fill(newEmail);
    // A fresh sign-in counts as the recent confirmation of who she is.
    await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(emailForm.getByRole('status')).toContainText(`We sent a link to ${newEmail}`);
    // Not changed yet.
    await expect(emailForm.getByText(admin.email, { exact: true })).toBeVisible();
    await accessibleAtBothSizes(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await accessibleAtBothSizes(page);

    const mail = await mailTo(newEmail, /^Confirm your new email for /);
    await page.goto(linkIn(mail, '/admin/confirm-email'));
    await expect(page.getByRole('heading', { name: 'Confirm new email' })).toBeVisible();
    await accessibleAtBothSizes(page);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(page.getByText(`Your email is now ${newEmail}`)).toBeVisible();
    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(page.getByRole('form', { name: 'Your email' }).getByText(newEmail, { exact: true })).toBeVisible();
    await mailTo(admin.email, /^Your sign-in email for .* was changed$/);
  });

  test('Settings shows the mail status and sends a test email to the signed-in admin', async ({ page }) => {
    const admin = uniqueAdmin('Tester');
    await page.request.post('/api/admins/register', { data: admin });
    await page.request.post('/api/admins/login', { data: { email: admin.email, password: admin.password } });
    await page.goto('/admin/settings');
    const mail = page.getByRole('region', { name: 'Mail' });
    await expect(mail.getByText('On; the mail server answers')).toBeVisible({ timeout: 20_000 });
    await expect(mail.getByText('Browser Suite <site@example.com>')).toBeVisible();
    await accessibleAtBothSizes(page);
    await mail.getByRole('button', { name: 'Send test email' }).click();
    await expect(page.getByText(`Test email on its way to ${admin.email}`)).toBeVisible();
    await mailTo(admin.email, /^Test email from /);
  });
});

test('an invitation by mail: Invite on the Admins screen, the link makes the admin and signs them in', async ({ page, browser }) => {
  const invitee = uniqueAdmin('Invitee');
  await page.goto('/admin/admins');
  await page.getByRole('link', { name: 'Invite' }).click();
  await expect(page.getByRole('heading', { name: 'Invite administrator' })).toBeVisible();
  await accessibleAtBothSizes(page);
  await page.getByLabel('Email').fill(invitee.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page).toHaveURL(/\/admin\/admins$/);
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(invitee.email, { exact: true })).toBeVisible();

  const mail = await mailTo(invitee.email, /invited you/);
  const guest = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const theirs = await guest.newPage();
  await theirs.goto(linkIn(mail, '/admin/accept-invitation'));
  await expect(theirs.getByRole('heading', { name: 'Accept invitation' })).toBeVisible();
  await accessibleAtBothSizes(theirs);
  await theirs.getByLabel('Name').fill(invitee.name);
  await theirs.getByLabel('Password').fill(invitee.password);
  await theirs.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(theirs).toHaveURL(/\/admin$/);
  await expect(theirs.getByRole('complementary', { name: 'Side menu' }).getByText(invitee.name)).toBeVisible();
  await guest.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: invitee.name })).toBeVisible();
  await expect(page.getByText(invitee.email, { exact: true }).first()).toBeVisible();
  // Other tests' invitations may be pending at the same time: this one's is gone.
  await expect(page.getByRole('region', { name: 'Pending invitations' }).getByText(invitee.email, { exact: true })).toHaveCount(0);
});

test('pending invitations on the Admins screen: who sent each, and Revoke ends its link, at 1280 and 390 px', async ({ page }) => {
  const first = uniqueAdmin('Pending');
  const second = uniqueAdmin('Revoked');
  for (const { email } of [first, second])
    expect((await page.request.post('/api/admins/invitations', { data: { email } })).status()).toBe(201);
  const mail = await mailTo(second.email, /invited you/);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/admins');
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  const itemOf = (email: string) => pending.getByRole('listitem').filter({ hasText: email });
  for (const { email } of [first, second]) {
    await expect(itemOf(email)).toContainText('Invited by Grace Hopper');
    await expect(itemOf(email).getByRole('button', { name: `Revoke the invitation to ${email}` })).toBeVisible();
  }
  await accessibleAtBothSizes(page);

  await page.setViewportSize({ width: 390, height: 844 });
  const revoke = itemOf(second.email).getByRole('button', { name: `Revoke the invitation to ${second.email}` });
  await revoke.scrollIntoViewIfNeeded();
  // Whole on a phone's width, not pushed off the side by the address.
  await expect(revoke).toBeInViewport({ ratio: 1 });
  await revoke.click();
  await expect(page.getByText(`Invitation to ${second.email} revoked`)).toBeVisible();
  await expect(itemOf(second.email)).toHaveCount(0);
  await expect(itemOf(first.email)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The revoked link no longer works.
  const token = new URLSearchParams(new URL(linkIn(mail, '/admin/accept-invitation')).hash.slice(1)).get('token');
  const refused = await page.request.post('/api/admins/invitations/accept', { data: { token, name: 'Rex', password: 'rex password 1' } });
  expect(refused.status()).toBe(400);
  await page.setViewportSize({ width: 1280, height: 800 });
  await itemOf(first.email)
    .getByRole('button', { name: `Revoke the invitation to ${first.email}` })
    .click();
  await expect(itemOf(first.email)).toHaveCount(0);
});

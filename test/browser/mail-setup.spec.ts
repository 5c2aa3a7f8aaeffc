import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../support/free-port.mjs';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.mjs';
import { expectNoA11yViolations, uniqueAdmin } from './support';

// Issue #38 item 1 end to end: on a site whose environment sets no SMTP_URL (a server of this
// file's own, started by browser-server.mjs with BROWSER_SMTP=off), mail is off, the Account switch
// and the dashboard say so; mail set up in Settings → Mail against an SMTP server this test starts
// then delivers a contact notification.

test.describe.configure({ timeout: 240_000 });

let sink: SmtpSink;
let server: ChildProcess;
let site: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = spawn(process.execPath, [join(process.cwd(), 'test/support/browser-server.mjs')], {
    env: { ...process.env, BROWSER_TEST_PORT: String(port), BROWSER_SMTP: 'off' },
    stdio: 'inherit',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${site}/api/health/ready`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 150_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await sink?.close();
});

async function accessibleAtBothSizes(page: Page) {
  await expectNoA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('mail set up in Settings → Mail delivers a contact notification; until then the switch is off and the dashboard says so', async ({
  browser,
}) => {
  // A whole walk on a server of its own (sign-in, Settings → Mail, a visitor's message, the mail), at two sizes and both themes.
  test.slow();
  const context = await browser.newContext({
    baseURL: site,
    storageState: { cookies: [], origins: [] },
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const admin = uniqueAdmin('Office');
  expect((await page.request.post('/api/admins/register', { data: admin })).status()).toBe(201);
  expect((await page.request.post('/api/admins/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200);

  // Mail off: the dashboard and the Account switch say so, each with the way to set it up.
  await page.goto('/admin');
  await expect(page.getByText(/^New messages only appear here/)).toBeVisible();
  await page.goto('/admin/account');
  const toggle = page.getByRole('switch', { name: 'Email me new contact messages' });
  await expect(toggle).toBeDisabled();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(/Off because mail is not set up on this site yet/)).toBeVisible();
  await page.locator('.field').filter({ has: toggle }).getByRole('link', { name: 'Set up mail in Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings#mail$/);

  const mail = page.getByRole('region', { name: 'Mail' });
  await expect(mail.getByText(/^Mail is off/)).toBeVisible();
  await mail.getByRole('textbox', { name: 'Mail server', exact: true }).fill('127.0.0.1');
  // The test's SMTP server offers no STARTTLS: the clear-text local relay, chosen explicitly.
  await mail.getByLabel('Security', { exact: true }).selectOption({ label: 'Local relay without encryption' });
  await expect(mail.getByText(/^Only for a mail relay on this server/)).toBeVisible();
  await mail.getByLabel('Port', { exact: true }).fill(String(sink.port));
  await mail.getByLabel('Sender address', { exact: true }).fill('Office <office@example.com>');
  await accessibleAtBothSizes(page);
  await mail.getByRole('button', { name: 'Save mail settings' }).click();
  await expect(page.getByText('Mail settings saved')).toBeVisible();
  await expect(mail.getByText('On; the mail server answers')).toBeVisible({ timeout: 20_000 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await accessibleAtBothSizes(page);
  await page.emulateMedia({ colorScheme: 'light' });

  // Mail on: the switch works and is on by default, and a visitor's message reaches her.
  await page.goto('/admin/account');
  await expect(toggle).toBeEnabled();
  await expect(toggle).toBeChecked();
  const visitor = { name: `Visitor ${Date.now()}`, phno: '', email: 'visitor@example.org', msg: 'Hello from the mail setup test' };
  expect((await page.request.post('/api/contactus', { data: visitor })).status()).toBe(201);
  const [notification] = await sink.waitFor((all) => all.some((m) => m.to.includes(admin.email)), 30_000);
  const delivered = sink.to(admin.email)[0] ?? notification;
  expect(delivered.subject).toBe(`New message from ${visitor.name}`);
  expect(delivered.replyTo).toEqual([visitor.email]);
  expect(delivered.text).toContain('Hello from the mail setup test');
  await page.goto('/admin');
  await expect(page.getByText(/^New messages only appear here/)).toHaveCount(0);
  await context.close();
});

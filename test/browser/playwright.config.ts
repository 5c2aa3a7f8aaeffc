import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.BROWSER_TEST_PORT ?? 3100);
/**
 * localhost, the server's PUBLIC_URL: a passkey's relying party must be a domain name (never an IP
 * address), and http://localhost is a secure context. Chromium maps it to 127.0.0.1 (below).
 */
export const baseURL = `http://localhost:${port}`;

/** Debian's Chromium; nothing is downloaded. The flags keep it off the (closed) network. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--host-resolver-rules=MAP localhost 127.0.0.1',
  ],
};

/** Specs that change the whole site (the maintenance switch): see the projects below. */
const SITE_WIDE = [
  '**/settings.spec.ts',
  '**/languages.spec.ts',
  '**/public-site.spec.ts',
  '**/brand.spec.ts',
  '**/analytics.spec.ts',
  '**/pages.spec.ts',
  '**/translations.spec.ts',
];
/** Specs with a project of their own, to be run alone (`--project=revisions`). */
const OWN_PROJECT = ['**/revisions.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Room for a loaded 2-core machine (a screen's first visit loads its chunks, axe takes seconds):
  // a test that passes takes no longer for it.
  timeout: 60_000,
  expect: { timeout: 12_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results',
  use: {
    baseURL,
    storageState: 'test-results/.auth/admin.json',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  // Maintenance is one switch for the whole site. The maintenance page's tests (in desktop) expect
  // it on, a new site's default; the Settings screen's tests and the public site's switch it, so
  // they run after everything else, one project after the other, one test at a time, and each
  // leaves it on.
  projects: [
    { name: 'desktop', testIgnore: [...SITE_WIDE, ...OWN_PROJECT], use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // History, drafts, autosave and conflicts (#36): two tabs and closed tabs, on articles of its own.
    { name: 'revisions', testMatch: OWN_PROJECT, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'settings',
      testMatch: '**/settings.spec.ts',
      dependencies: ['desktop'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // A project per file: fullyParallel false keeps one file's tests in order, but two files of
      // one project still run at once, on two workers, and these two both save the settings' row.
      name: 'languages',
      testMatch: '**/languages.spec.ts',
      dependencies: ['settings'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'public-site',
      testMatch: '**/public-site.spec.ts',
      dependencies: ['languages'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'brand',
      testMatch: '**/brand.spec.ts',
      dependencies: ['public-site'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // Visitor counts need the public site open, so maintenance off, like the public site's tests.
      name: 'analytics',
      testMatch: '**/analytics.spec.ts',
      dependencies: ['brand'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // Pages and the site's menus (#37): the menus are one for the whole site.
      name: 'pages',
      testMatch: '**/pages.spec.ts',
      dependencies: ['analytics'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      // The site's languages are one for the whole site, too (issue #41).
      name: 'translations',
      testMatch: '**/translations.spec.ts',
      dependencies: ['pages'],
      fullyParallel: false,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node test/support/browser-server.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { BROWSER_TEST_PORT: String(port) },
  },
});

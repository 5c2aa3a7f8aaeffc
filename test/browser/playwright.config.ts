import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.BROWSER_TEST_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;

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
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results',
  use: {
    baseURL,
    storageState: 'test-results/.auth/admin.json',
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  // Maintenance is one switch for the whole site. The maintenance page's tests expect it on (a new
  // site's default); the public site's tests turn it off, so they wait for those and turn it back
  // on at the end. Nothing else reads the public pages, so the rest runs alongside both.
  projects: [
    {
      name: 'desktop',
      testIgnore: ['maintenance.spec.ts', 'public-site.spec.ts'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    { name: 'maintenance', testMatch: 'maintenance.spec.ts', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    {
      name: 'public-site',
      testMatch: 'public-site.spec.ts',
      dependencies: ['maintenance'],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node test/support/browser-server.mjs',
    cwd: '../..',
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { BROWSER_TEST_PORT: String(port) },
  },
});

// `npm test`: builds the app, runs every suite (unit, client components, API end to end, checks,
// browser, faults, cdn, replicas) and ends with one line: `tests: N passed, N failed`. Exits non-zero if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './support/free-port.mjs';

// Not under test-results/: Playwright empties that folder when it starts.
const reports = join(process.cwd(), '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let ok = run('build', 'npm', ['run', 'build']);
if (!ok) {
  console.log('\ntests: 0 passed, 1 failed (the build failed)');
  process.exit(1);
}

if (!process.env.DATABASE_URL) console.log('\nDATABASE_URL is not set: the API suite uses the embedded database.');

const vitestReport = join(reports, 'vitest.json');
// Every project of vitest.config.mts (unit, client, api, checks) in one run and one report.
ok =
  run('unit, client components, API end to end and checks (vitest)', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]) && ok;

const playwrightReport = join(reports, 'playwright.json');
// A port nothing listens on now, so a stray server cannot stop the browser suite.
const browserPort = process.env.BROWSER_TEST_PORT ?? String(await freePort());
ok =
  run('browser (playwright, Chromium)', npx, ['playwright', 'test', '-c', 'test/browser/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    BROWSER_TEST_PORT: browserPort,
  }) && ok;

// The fault suite: the built app against a private PostgreSQL cluster it stops, freezes and cuts off.
const faultsReport = join(reports, 'faults.json');
ok =
  run('faults (database outages, shutdown, fuzz)', npx, [
    'vitest',
    'run',
    '--config',
    'test/faults/vitest.config.mts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${faultsReport}`,
  ]) && ok;

// The built app behind a real Varnish (xkey) and a real nginx (cache_purge): headers, purges, outages (test/cdn/).
const cdnReport = join(reports, 'cdn.json');
ok =
  run('cdn (varnish with xkey, nginx with cache_purge)', npx, [
    'vitest',
    'run',
    '--config',
    'test/cdn/vitest.config.mts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${cdnReport}`,
  ]) && ok;

// Two replicas behind nginx on one PostgreSQL and one S3-compatible store (test/replicas/).
const replicasReport = join(reports, 'replicas.json');
ok = run('replicas (nginx, two app processes, s3rver)', 'node', ['test/replicas/replicas.mjs'], { REPLICAS_REPORT: replicasReport }) && ok;

let passed = 0;
let failed = 0;
for (const report of [vitestReport, faultsReport, cdnReport]) {
  if (!existsSync(report)) {
    failed += 1;
    continue;
  }
  const counts = JSON.parse(readFileSync(report, 'utf8'));
  passed += counts.numPassedTests;
  failed += counts.numFailedTests + (counts.numTotalTestSuites > 0 && counts.success === false && counts.numFailedTests === 0 ? 1 : 0);
}
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  if (stats.unexpected === 0 && !ok && stats.expected === 0) failed += 1;
} else {
  failed += 1;
}
if (existsSync(replicasReport)) {
  const replicas = JSON.parse(readFileSync(replicasReport, 'utf8'));
  passed += replicas.passed;
  failed += replicas.failed;
} else {
  failed += 1;
}
if (!ok && failed === 0) failed = 1;

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

// `npm run bench lighthouse`: Lighthouse (mobile, default throttling) on the public home page, the
// news list, an article with a photo, a company page with a photo and the article's German
// translation, on a branded site (logo, accent colour) served by the
// built server in production mode. Lighthouse is run with npx (from the npm registry, not a
// dependency of the app) against the machine's Chromium (CHROMIUM_PATH, as for the browser suite; default /usr/bin/chromium).
// Prints each page's four scores; exits non-zero when one is under 100. Performance depends on the
// machine's load: run it on a quiet machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startBenchServer } from './support.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * A photo-like JPEG: blurred noise compresses about as a camera's photo does (2000 × 1333: some
 * 360 KB, and 80 KB at 960 px in WebP), where plain noise would not compress at all.
 */
async function photo(width, height) {
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  return sharp(noise).blur(2).jpeg({ quality: 82 }).toBuffer();
}

async function upload(bench, path, bytes) {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await bench.request(path, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

async function json(bench, method, path, body) {
  const res = await bench.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const bench = await startBenchServer();
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
let below = 0;
const notes = [];
try {
  await json(bench, 'PATCH', '/api/settings', { maintenance: false, accentColor: '#7a2e8f' });
  await upload(bench, '/api/settings/logo', await photo(256, 256));
  await json(bench, 'POST', '/api/services', { title: 'Consulting', about: 'Advice on what to build next.' });
  let article;
  for (let i = 1; i <= 12; i++) {
    article = await json(bench, 'POST', '/api/news', {
      title: `We opened office number ${i}`,
      description: 'A second office, closer to our customers in the north.',
      about: '## Where\n\nOn the **main square**, next to the station.\n\n- Open on weekdays\n- Parking in the yard',
      photoAlt: 'The new office seen from the square',
    });
    await upload(bench, `/api/news/${article.id}/upload`, await photo(2000, 1333));
  }
  // A company page with its photo (issue #37).
  const stored = await upload(bench, '/api/photos', await photo(2000, 1333));
  const page = await json(bench, 'POST', '/api/pages', {
    title: 'About us',
    description: 'Who we are and how we work.',
    body: '## Our team\n\nTwelve people in two offices.\n\n- Founded in 2012\n- Owned by its staff',
    photo: stored.photo,
    photoAlt: 'The team in front of the office',
    status: 'published',
  });
  // A second language and the article in it (issue #41): its hreflang links are audited too.
  await json(bench, 'PUT', '/api/settings/languages', {
    languages: [
      { code: 'en', name: 'English', dir: 'ltr', enabled: true, default: true },
      { code: 'de', name: 'Deutsch', dir: 'ltr', enabled: true, default: false },
    ],
  });
  const translated = await json(bench, 'PUT', `/api/news/${article.id}/translations/de`, {
    title: `Wir haben Büro Nummer 12 eröffnet`,
    slug: 'buero-nummer-12',
    description: 'Ein zweites Büro, näher bei unseren Kunden im Norden.',
    about: '## Wo\n\nAm **Marktplatz**, neben dem Bahnhof.',
    photoAlt: 'Das neue Büro vom Platz aus gesehen',
    status: 'published',
  });
  console.log('| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|');
  for (const [name, path] of [
    ['home', '/'],
    ['news list', '/news'],
    ['article with a photo', `/news/${article.slug}`],
    ['page with a photo', `/${page.slug}`],
    ['translated article', `/de/news/${translated.slug}`],
  ]) {
    const report = join(out, `${name.replace(/\W+/g, '-')}.json`);
    // Lighthouse sometimes fails to record the trace (NO_NAVSTART) and says to run it again.
    let status;
    for (let attempt = 1; attempt <= 3 && status !== 0; attempt++) {
      ({ status } = spawnSync(
        'npx',
        [
          '--yes',
          'lighthouse@13',
          bench.baseURL + path,
          '--quiet',
          '--no-enable-error-reporting',
          '--output=json',
          `--output-path=${report}`,
          '--chrome-flags=--headless=new --no-sandbox',
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } },
      ));
    }
    if (status !== 0) throw new Error(`lighthouse failed on ${path} three times (exit ${status})`);
    const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
    const scores = CATEGORIES.map((key) => Math.round(categories[key].score * 100));
    below += scores.filter((score) => score < 100).length;
    console.log(`| ${name} | ${scores.join(' | ')} |`);
    // What cost the points: every weighted audit short of full marks, with its value.
    for (const key of CATEGORIES) {
      for (const { id, weight } of categories[key].auditRefs) {
        const audit = audits[id];
        if (weight > 0 && audit.score !== null && audit.score < 1) {
          notes.push(`${name}, ${key}: ${audit.title} (${audit.displayValue ?? `score ${audit.score}`})`);
        }
      }
    }
  }
} finally {
  await bench.stop();
  rmSync(out, { recursive: true, force: true });
}
if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
console.log(below === 0 ? '\nevery score 100' : `\n${below} scores under 100`);
process.exit(below === 0 ? 0 : 1);

// The site archive at scale: a site of 100,000 news articles, each with its own small photo, is
// exported (`node dist/server/cli/site-export.js`) from PostgreSQL and imported into a new
// PostgreSQL database and into a new embedded database. Prints each command's wall time and peak
// resident memory (GNU time's %M), which stays bounded because rows and photos stream.
// BENCH_ARTICLES sets the count (default 100000). Needs `npm run build:server` and /usr/bin/time.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { createScratchDatabase } from '../support/scratch-database.mjs';
import { baseDatabaseUrl } from './support.mjs';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const work = mkdtempSync(join(tmpdir(), 'bench-archive-'));

/** Runs a built command under GNU time; answers its wall seconds and peak RSS in MB. */
function timed(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %M', process.execPath, script, ...args], {
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ARCHIVE_KEY: 'bench-archive-key-bench-archive-key!', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('exit', (code) => {
      const match = /TIME ([\d.]+) (\d+)/.exec(err);
      if (code !== 0 || !match) return reject(new Error(`${script} failed (${code}): ${out}${err}`));
      resolve({ seconds: Number(match[1]), peakMb: Math.round(Number(match[2]) / 1024), out: out.trim() });
    });
  });
}

const source = await createScratchDatabase(baseDatabaseUrl, 'bench');
const sourceDir = join(work, 'source');
const targets = [];
try {
  await timed('dist/server/cli/migrate.js', ['run'], { DATABASE_URL: source.url, DATA_DIR: sourceDir });

  // A hundred different small photos (about 2-4 KB of WebP each), stored once per article.
  const photos = [];
  for (let i = 0; i < 100; i += 1) {
    photos.push(
      await sharp({
        create: { width: 320, height: 180, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } },
      })
        .composite([
          { input: { create: { width: 80 + i, height: 40, channels: 3, background: { r: 255 - i, g: i, b: 128 } } }, top: 20, left: 20 },
        ])
        .webp({ quality: 80 })
        .toBuffer(),
    );
  }
  const seedStart = Date.now();
  const db = new pg.Client({ connectionString: source.url });
  await db.connect();
  const { rows } = await db.query(
    `INSERT INTO news (title, slug, description, about, photo, created_at, updated_at)
     SELECT 'Article ' || i, 'article-' || i, 'Description ' || i, repeat('About the article. ', 10) || i,
            '/uploads/news/' || gen_random_uuid() || '.webp', now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $1::int) AS i
     RETURNING photo`,
    [ARTICLES],
  );
  await db.end();
  const uploads = join(sourceDir, 'uploads', 'news');
  mkdirSync(uploads, { recursive: true });
  let photoBytes = 0;
  rows.forEach(({ photo }, i) => {
    const data = photos[i % photos.length];
    photoBytes += data.length;
    writeFileSync(join(uploads, photo.slice('/uploads/news/'.length)), data);
  });
  console.log(
    `seeded ${ARTICLES.toLocaleString('en-US')} articles and photos (${(photoBytes / 1024 / 1024).toFixed(0)} MB) in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const archive = join(work, 'site.tar.gz');
  const exported = await timed('dist/server/cli/site-export.js', [archive], { DATABASE_URL: source.url, DATA_DIR: sourceDir });
  const archiveMb = (statSync(archive).size / 1024 / 1024).toFixed(0);
  console.log(`export from PostgreSQL: ${exported.seconds} s, peak RSS ${exported.peakMb} MB, archive ${archiveMb} MB`);

  const target = await createScratchDatabase(baseDatabaseUrl, 'bench');
  targets.push(target);
  const intoPostgres = await timed('dist/server/cli/site-import.js', [archive], {
    DATABASE_URL: target.url,
    DATA_DIR: join(work, 'pg-target'),
  });
  console.log(`import into PostgreSQL: ${intoPostgres.seconds} s, peak RSS ${intoPostgres.peakMb} MB`);

  const intoEmbedded = await timed('dist/server/cli/site-import.js', [archive], {
    DATABASE_URL: '',
    DATA_DIR: join(work, 'embedded-target'),
  });
  console.log(`import into the embedded database: ${intoEmbedded.seconds} s, peak RSS ${intoEmbedded.peakMb} MB`);
  const fromEmbedded = await timed('dist/server/cli/site-export.js', [join(work, 'again.tar.gz')], {
    DATABASE_URL: '',
    DATA_DIR: join(work, 'embedded-target'),
  });
  console.log(`export from the embedded database: ${fromEmbedded.seconds} s, peak RSS ${fromEmbedded.peakMb} MB`);
} finally {
  for (const target of targets) await target.drop();
  await source.drop();
  rmSync(work, { recursive: true, force: true });
}

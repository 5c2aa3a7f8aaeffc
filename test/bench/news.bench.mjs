// News: how long a ~5 MB photo takes from upload to 200 and how much of it is stored, and how long
// a title search takes on 100,000 articles. `npm run bench news`.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { measure, report, startBenchServer } from './support.mjs';

const LIMIT = 5 * 1024 * 1024;
const ARTICLES = 100_000;

/**
 * Random pixels (the hardest case for JPEG) at the largest quality that stays under `maxBytes`, so
 * the file is close to the upload limit.
 */
async function noisyJpeg(width, height, maxBytes) {
  const raw = randomBytes(width * height * 3);
  for (let quality = 95; quality >= 10; quality -= 5) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length < maxBytes) return { jpeg, quality };
  }
  throw new Error(`no quality keeps ${width}×${height} under ${maxBytes} bytes`);
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const bench = await startBenchServer();
try {
  const created = await bench.request('/api/news', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Bench photo', description: 'd', about: 'a' }),
  });
  const { id } = await created.json();

  // Two photos near the limit: a moderate pixel count, and a 24-megapixel camera-sized one.
  for (const [width, height] of [
    [3000, 2000],
    [6000, 4000],
  ]) {
    const { jpeg, quality } = await noisyJpeg(width, height, LIMIT - 64 * 1024);
    let last;
    const upload = async () => {
      const form = new FormData();
      form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'bench.jpg');
      const res = await bench.request(`/api/news/${id}/upload`, { method: 'POST', body: form });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      last = await res.json();
    };
    const stats = await measure(upload, { times: 9, warmup: 1 });
    report(`upload to 200, ${width}×${height} noisy JPEG of ${mb(jpeg.length)} (q${quality})`, stats);
    const stored = statSync(join(bench.dataDir, last.photo)).size;
    const meta = await sharp(join(bench.dataDir, last.photo)).metadata();
    console.log(
      `  stored: ${meta.format} ${meta.width}×${meta.height}, ${(stored / 1024).toFixed(0)} KB (${((stored / jpeg.length) * 100).toFixed(1)}% of the upload)`,
    );
  }

  // 100,000 articles over ~70 days, titles from a small vocabulary plus a unique tail; the rare
  // word is in 1 title of 10,000 (10 matches), the common one in 1 of 8 (12,500, capped at 100).
  const seedStart = Date.now();
  await bench.db.query(
    `INSERT INTO news (title, slug, description, about, created_at, updated_at)
     SELECT initcap((ARRAY['launch','report','update','office','hiring','product','partner','award'])[1 + i % 8])
              || ' ' || (ARRAY['north','south','east','west','central'])[1 + i % 5]
              || CASE WHEN i % 10000 = 0 THEN ' zephyrine' ELSE '' END
              || ' ' || substr(md5(i::text), 1, 10),
            'bench-' || i, 'Description ' || i, 'About ' || i,
            now() - make_interval(mins => i), now() - make_interval(mins => i)
       FROM generate_series(1, $1::int) AS i`,
    [ARTICLES],
  );
  await bench.db.query('ANALYZE news');
  console.log(`seeded ${ARTICLES} articles in ${Date.now() - seedStart} ms`);

  for (const [label, text, expected] of [
    ['rare word', 'zephyrine', 10],
    ['common word', 'update', 100],
    ['common word, other case', 'UPDATE', 100],
  ]) {
    let count;
    const stats = await measure(
      async () => {
        const res = await bench.request(`/api/news?title=${encodeURIComponent(text)}`);
        count = (await res.json()).data.length;
      },
      { times: 30, warmup: 3 },
    );
    if (count !== expected) throw new Error(`search "${text}" found ${count}, expected ${expected}`);
    report(`search ${label} "${text}" on ${ARTICLES} articles (${count} results)`, stats);
    const plan = await bench.db.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT * FROM news WHERE title ILIKE $1 ESCAPE '\\' AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 100`,
      [`%${text}%`],
    );
    const root = plan.rows[0]['QUERY PLAN'][0];
    const nodes = [];
    const walk = (node) => {
      nodes.push(node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type']);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(root.Plan);
    console.log(`  database: ${root['Execution Time'].toFixed(2)} ms, plan: ${nodes.join(' → ')}`);
  }

  const firstPage = await measure(() => bench.request('/api/news?page=1').then((r) => r.json()), { times: 30, warmup: 3 });
  report(`list page 1 of ${ARTICLES} articles`, firstPage);
} finally {
  await bench.stop();
}

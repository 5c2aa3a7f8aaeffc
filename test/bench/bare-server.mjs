// The baseline of `npm run bench compare`: node:http and pg, no framework, no session, the same
// SQL the app runs for each read, and the maintenance page and the public pages as the same
// bytes. Run as a child process: `node test/bench/bare-server.mjs <port> <databaseUrl>
// <maintenance.html>`; the bench sends it each public page's bytes over IPC.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
// The app's own Markdown rendering (a by-id read answers `aboutHtml`), from the build the bench runs.
import markdown from '../../dist/server/common/markdown.js';

const [port, databaseUrl, maintenanceFile] = process.argv.slice(2);
const PAGE_SIZE = 10;
const WINDOW = 7;
const SEARCH_LIMIT = 100;
const COLUMNS = `id, title, slug, description, about, photo, photo_width AS "photoWidth", photo_height AS "photoHeight",
  photo_alt AS "photoAlt", status, publish_at AS "publishAt", created_by AS "createdBy", review,
  review_note AS "reviewNote", version,
  created_at AS "createdAt", updated_at AS "updatedAt"`;
// Live rows only, as the app reads them (deleted ones wait in the trash).
const ORDER = 'ORDER BY created_at DESC, id DESC';
const LIVE = 'deleted_at IS NULL';

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on('error', () => undefined);
const maintenance = readFileSync(maintenanceFile);
/** Public pages, sent as given by the bench (the same bytes the app sent for them). */
const pages = new Map();
process.on('message', ({ path, body }) => {
  pages.set(path, Buffer.from(body, 'base64'));
  process.send?.('serving');
});

/** The admin's reads say which rows have a working copy (`hasDraft`), in one more query, as the app's do. */
async function withDrafts(rows) {
  if (rows.length === 0) return rows;
  const { rows: drafts } = await pool.query(`SELECT item_id FROM drafts WHERE kind = 'news' AND item_id = ANY($1)`, [
    rows.map((row) => row.id),
  ]);
  const ids = new Set(drafts.map((row) => row.item_id));
  return rows.map((row) => ({ ...row, hasDraft: ids.has(row.id) }));
}

/**
 * The admin lists' rows: with `hasDraft`, and their translations' states (`translations`), which
 * on a site of one language, as the bench's, the app answers empty without a query.
 */
async function listed(rows) {
  return (await withDrafts(rows)).map((row) => ({ ...row, translations: [] }));
}

function json(res, status, body) {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length, 'cache-control': 'no-store' });
  res.end(bytes);
}

/** The app's paging: the page, then a bounded look-ahead count on the same order. */
async function list(page) {
  const offset = (page - 1) * PAGE_SIZE;
  const { rows: data } = await pool.query(`SELECT ${COLUMNS} FROM news WHERE ${LIVE} ${ORDER} LIMIT ${PAGE_SIZE} OFFSET ${offset}`);
  const look = await pool.query(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM news WHERE ${LIVE} ${ORDER} LIMIT ${(WINDOW - 1) * PAGE_SIZE} OFFSET ${page * PAGE_SIZE}) AS look_ahead`,
  );
  const pagesAfter = Math.ceil(look.rows[0].n / PAGE_SIZE);
  const before = Math.min(page - 1, 3);
  const after = Math.min(pagesAfter, WINDOW - 1 - before);
  const loopLink = Array.from({ length: before + after + 1 }, (_, i) => page - before + i).map((number) =>
    number === page ? { number, active: true } : { number },
  );
  return {
    data: await listed(data),
    links: { previousPage: page > 1 ? page - 1 : null, nextPage: pagesAfter > 0 ? page + 1 : null, loopLink },
    meta: { page, pageSize: PAGE_SIZE },
  };
}

async function search(text) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM news WHERE title ILIKE $1 ESCAPE '\\' AND ${LIVE} ${ORDER} LIMIT ${SEARCH_LIMIT}`,
    [pattern],
  );
  return {
    data: await listed(rows),
    links: { previousPage: null, nextPage: null, loopLink: [] },
    meta: { page: 1, pageSize: SEARCH_LIMIT },
  };
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://bare');
    const page = pages.get(url.pathname);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length, 'cache-control': 'no-cache' });
      return res.end(page);
    }
    if (url.pathname === '/api/news') {
      const title = url.searchParams.get('title');
      return json(res, 200, title ? await search(title) : await list(Number(url.searchParams.get('page') ?? 1)));
    }
    const byId = /^\/api\/news\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (byId) {
      const { rows } = await pool.query(`SELECT ${COLUMNS} FROM news WHERE id = $1 AND ${LIVE}`, [byId[1]]);
      if (!rows.length) return json(res, 404, { error: 'News not found' });
      const [article] = await withDrafts(rows);
      return json(res, 200, { ...article, aboutHtml: markdown.renderMarkdown(rows[0].about) });
    }
    res.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'content-length': maintenance.length, 'retry-after': '3600' });
    res.end(maintenance);
  } catch (error) {
    json(res, 500, { error: String(error) });
  }
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));

// Issue #36: what revisions cost a save, and the History list.
// 1. PATCH /api/services/:id with revisions, against the same save before this issue. The
//    baseline is the pre-issue save's SQL (lock the row, one UPDATE, the activity entry, in one
//    transaction) run from here; the save is the same transaction plus its revision work
//    (the version's conditional UPDATE, the revision INSERT with its seq, the prune DELETE), also
//    from here: the ratio is the database work a save gained (target ≤ 1.5×). The full HTTP PATCH
//    is reported beside them.
// 2. GET /api/news/:id/revisions?limit=20 on an article with 50 revisions: server time (the
//    Server-Timing-free measure: the median of 200 sequential calls from the same host, which
//    bounds it from above), target ≤ 10 ms.
import { measure, report, startBenchServer } from './support.mjs';

const server = await startBenchServer();
try {
  const json = (res) => {
    if (!res.ok) throw new Error(`${res.url}: ${res.status}`);
    return res.json();
  };
  const send = (path, method, body) =>
    server.request(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);

  const service = await send('/api/services', 'POST', { title: 'Measured', about: 'About' });
  const [{ id: adminId }] = (await server.db.query(`SELECT id FROM admins LIMIT 1`)).rows;
  let n = 0;
  const transaction = async (statements) => {
    await server.db.query('BEGIN');
    try {
      for (const [sql, params] of statements()) await server.db.query(sql, params);
      await server.db.query('COMMIT');
    } catch (error) {
      await server.db.query('ROLLBACK');
      throw error;
    }
  };
  const before = () => {
    n += 1;
    return [
      [`SELECT * FROM services WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [service.id]],
      [`UPDATE services SET about = $2, updated_at = now() WHERE id = $1`, [service.id, `About ${n}`]],
      [`SELECT * FROM services WHERE id = $1`, [service.id]],
      [
        `INSERT INTO activity (admin_id, admin_name, action, kind, item_id, label, fields) VALUES ($1, 'Bench', 'edit', 'services', $2, 'Measured', '{about}')`,
        [adminId, service.id],
      ],
    ];
  };
  const after = () => [
    ...before(),
    [
      `UPDATE services SET version = version + 1 WHERE id = $1 AND version = (SELECT version FROM services WHERE id = $1) RETURNING version`,
      [service.id],
    ],
    [
      `INSERT INTO revisions (kind, item_id, seq, reason, changed, snapshot, files, admin_id)
       SELECT 'services', $1, coalesce(max(seq), 0) + 1, 'saved', '{about}', $2, '{}', $3 FROM revisions WHERE kind = 'services' AND item_id = $1 RETURNING seq`,
      [service.id, JSON.stringify({ title: 'Measured', about: `About ${n}` }), adminId],
    ],
    [
      `DELETE FROM revisions WHERE kind = 'services' AND item_id = $1 AND NOT pinned
         AND seq < (SELECT seq FROM revisions WHERE kind = 'services' AND item_id = $1 ORDER BY seq DESC OFFSET 49 LIMIT 1)
         AND seq <> (SELECT max(seq) FROM revisions WHERE kind = 'services' AND item_id = $1 AND NOT draft) RETURNING files`,
      [service.id],
    ],
  ];
  const baseline = await measure(() => transaction(before), { times: 200, warmup: 60 });
  report('save, pre-issue SQL (baseline)     ', baseline);
  const withRevisions = await measure(() => transaction(after), { times: 200, warmup: 60 });
  report('save with its revision, SQL        ', withRevisions);
  console.log(`ratio: ${(withRevisions.median / baseline.median).toFixed(2)}× (target ≤ 1.5×)`);
  const patch = await measure(() => send(`/api/services/${service.id}`, 'PATCH', { about: `Over HTTP ${++n}` }), {
    times: 100,
    warmup: 10,
  });
  report('PATCH /api/services/:id (HTTP, all)', patch);

  const article = await send('/api/news', 'POST', { title: 'History', description: 'Description', about: 'About 0' });
  for (let i = 1; i <= 60; i++) await send(`/api/news/${article.id}`, 'PATCH', { about: `About ${i}` });
  const { rows } = await server.db.query(`SELECT count(*)::int AS n FROM revisions WHERE item_id = $1`, [article.id]);
  const history = await measure(() => server.request(`/api/news/${article.id}/revisions?limit=20`).then(json), { times: 200, warmup: 20 });
  report(`GET revisions?limit=20 (${rows[0].n} kept)`, history);
  console.log(`History list median: ${history.median.toFixed(2)} ms (target ≤ 10 ms)`);
  // The list's statement in the database alone (its plan's execution time), apart from HTTP and the session.
  const plan = await server.db.query(
    `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON)
     SELECT r.seq, r.reason, r.changed, r.label, r.pinned, r.draft, r.restored_from, r.created_at, r.admin_id, a.name,
            r.seq = (SELECT max(l.seq) FROM revisions AS l WHERE l.kind = r.kind AND l.item_id = r.item_id AND NOT l.draft) AS live
       FROM revisions AS r LEFT JOIN admins AS a ON a.id = r.admin_id
      WHERE r.kind = 'news' AND r.item_id = $1 ORDER BY r.seq DESC LIMIT 21`,
    [article.id],
  );
  console.log(`History list SQL: ${plan.rows.at(-1)['QUERY PLAN']}`);
} finally {
  await server.stop();
}

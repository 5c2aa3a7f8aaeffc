// Behind Varnish (deploy/varnish/default.vcl, with vmod xkey; CDN=varnish): 50 connections for
// 5 s on an article's page just purged by an edit, and how many requests for it reach the app
// (Varnish collapses the misses into one fetch). `npm run bench cdn`.
import autocannon from 'autocannon';
import { startVarnish } from '../support/caches.mjs';
import { freePort } from '../support/free-port.mjs';
import { startBenchServer } from './support.mjs';

const CONNECTIONS = 50;
const DURATION_S = 5;

/** GETs of `path` the app has answered, from its metrics (http_request_duration_seconds_count for the article route). */
async function appRequests(metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_request_duration_seconds_count{') && line.includes('method="GET"') && line.includes('route="/news/:id"'),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

const varnishPort = await freePort();
const metricsPort = await freePort();
const bench = await startBenchServer({
  CDN: 'varnish',
  CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}`,
  METRICS_PORT: String(metricsPort),
});
const appPort = Number(new URL(bench.baseURL).port);
const varnish = await startVarnish(appPort, varnishPort);
try {
  await bench.request('/api/settings', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ maintenance: false }),
  });
  const created = await bench.request('/api/news', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Shared widely', description: 'd', about: 'A post everyone reads.', status: 'published' }),
  });
  const { id, slug } = await created.json();
  const url = `http://127.0.0.1:${varnishPort}/news/${slug}`;
  // Varnish's health probe must see the app before it fetches anything.
  for (let i = 0; (await fetch(url)).status !== 200; i++) {
    if (i > 100) throw new Error('Varnish does not reach the app');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const waitForQueue = async () => {
    for (;;) {
      const status = await (await bench.request('/api/settings/cdn')).json();
      if (status.waiting === 0) return status;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await waitForQueue();
  await fetch(url);
  await bench.request(`/api/news/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Shared widely, edited' }),
  });
  await waitForQueue();
  const before = await appRequests(metricsPort);
  const result = await new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S }, (error, value) => (error ? reject(error) : resolve(value))),
  );
  const reached = (await appRequests(metricsPort)) - before;
  const edited = (await (await fetch(url)).text()).includes('Shared widely, edited');
  console.log(
    `${CONNECTIONS} connections for ${DURATION_S} s on a just-purged article through Varnish: ${result.requests.total} requests, ` +
      `${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}; ` +
      `the app answered ${reached} of them; the page shows the edit: ${edited}`,
  );
} finally {
  await varnish.stop();
  varnish.dispose();
  await bench.stop();
}

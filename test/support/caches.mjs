// Varnish (deploy/varnish/default.vcl, with vmod xkey) and nginx (deploy/nginx/cdn.conf, with the
// cache_purge module) in front of the app, as child processes with their files in a temp dir: the
// CDN suite (test/cdn/) and `npm run bench cdn` start them.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once anything answers HTTP on `port` (the app behind may not be up yet). */
async function answering(port, log, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise((done) => {
      const req = request({ host: '127.0.0.1', port, path: '/robots.txt', agent: false }, (res) => {
        res.resume();
        done(true);
      });
      req.on('error', () => done(false));
      req.end();
    });
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`nothing answered on port ${port}:\n${log.join('')}`);
}

function cache(dir, port, command, args) {
  const log = [];
  let child;
  return {
    port,
    dir,
    async start() {
      child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => log.push(chunk.toString()));
      child.stderr.on('data', (chunk) => log.push(chunk.toString()));
      await answering(port, log);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** deploy/varnish/default.vcl, its backend the app's port; varnishd in the foreground, without a jail (the test may run as root). */
export async function startVarnish(appPort, port) {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-varnish-'));
  // varnishd's compiler runs as another user: it must read the folder.
  chmodSync(dir, 0o755);
  const vcl = readFileSync('deploy/varnish/default.vcl', 'utf8').replace('.port = "3000"', `.port = "${appPort}"`);
  writeFileSync(join(dir, 'default.vcl'), vcl);
  const varnish = cache(dir, port, '/usr/sbin/varnishd', [
    '-F',
    '-j',
    'none',
    '-n',
    join(dir, 'work'),
    '-a',
    `127.0.0.1:${port}`,
    '-f',
    join(dir, 'default.vcl'),
    '-s',
    'malloc,64m',
    '-T',
    'none',
  ]);
  await varnish.start();
  return varnish;
}

/** deploy/nginx/cdn.conf inside an nginx.conf of our own (its cache, pid and logs in a temp dir), upstream the app's port. */
export async function startNginx(appPort, port) {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-nginx-'));
  // Started as root, nginx's workers run as nobody: they must reach the cache and temp folders.
  chmodSync(dir, 0o755);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const site = readFileSync('deploy/nginx/cdn.conf', 'utf8')
    .replace('/var/cache/nginx/company-site', join(dir, 'cache'))
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  writeFileSync(join(dir, 'cdn.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `load_module /usr/lib/nginx/modules/ngx_http_cache_purge_module.so;
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/cdn.conf;
}
`,
  );
  const nginx = cache(dir, port, '/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;']);
  await nginx.start();
  return nginx;
}

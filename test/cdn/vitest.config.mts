import { defineConfig } from 'vitest/config';

// The CDN suite (`npm run test:cdn`): the built app on a scratch PostgreSQL database behind a real
// Varnish with vmod xkey and a real nginx with the cache_purge module (Debian's varnish,
// varnish-modules, libnginx-mod-http-cache-purge), each started by the test on free ports.
export default defineConfig({
  test: {
    name: 'cdn',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/cdn/**/*.cdn.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

import react from '@vitejs/plugin-react';
import { Features } from 'lightningcss';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** In development, /admin/* is the admin app, as the Nest server does in production. */
function adminFallback(): Plugin {
  return {
    name: 'admin-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/|$|\?)/.test(req.url) && !req.url.includes('.')) req.url = '/admin.html';
        next();
      });
    },
  };
}

/**
 * The maintenance page gets its stylesheet inline, so a visitor's browser makes one request for
 * the page and one for its logo, and paints without waiting for a stylesheet. The server allows
 * that one <style> by its hash (server/http/security-headers.ts); the admin app keeps its
 * linked, cacheable stylesheets.
 */
function inlineMaintenanceStyles(): Plugin {
  return {
    name: 'inline-maintenance-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle || basename(context.filename) !== 'index.html') return html;
        const bundle = context.bundle;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          delete bundle[fileName];
          return `<style>${String(asset.source).trim()}</style>`;
        });
      },
    },
  };
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.map']);

/** Where the compressed copies go, mirroring the build's tree (not beside the files, which are served as they are). */
const COMPRESSED_DIR = '.compressed';

/**
 * Writes `<file>.br` and `<file>.gz` for every built text file into COMPRESSED_DIR, at the highest
 * levels (once, at build time), for the server to send by Accept-Encoding
 * (express-static-gzip, server/http/built-files.ts). A variant that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
        const path = join(entry.parentPath, entry.name);
        const target = join(outDir, COMPRESSED_DIR, relative(outDir, path));
        mkdirSync(dirname(target), { recursive: true });
        const bytes = readFileSync(path);
        const variants = [
          [
            '.br',
            brotliCompressSync(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
          ],
          ['.gz', gzipSync(bytes, { level: 9 })],
        ] as const;
        for (const [suffix, compressed] of variants) if (compressed.length < bytes.length) writeFileSync(target + suffix, compressed);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), adminFallback(), inlineMaintenanceStyles(), precompress()],
  appType: 'mpa',
  css: {
    // Media queries stay `(max-width: …)` when minified, not `(width<=…)`: an inlined stylesheet
    // (the public pages', the maintenance page's) then holds no `<`, which reads as markup to any
    // tool that scans the HTML for where a <style> ends.
    lightningcss: { include: Features.MediaRangeSyntax },
  },
  build: {
    outDir: resolve(root, '../dist/client'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        maintenance: resolve(root, 'index.html'),
        admin: resolve(root, 'admin.html'),
        // The public website's stylesheet, under a name the server finds (server/site/site-styles.ts).
        site: resolve(root, 'src/styles/site.css'),
      },
      output: {
        assetFileNames: (asset) => (asset.names.includes('site.css') ? 'site.css' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget },
    },
  },
});

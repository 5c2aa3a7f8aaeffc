import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
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

export default defineConfig({
  root,
  plugins: [react(), adminFallback()],
  appType: 'mpa',
  build: {
    outDir: resolve(root, '../dist/client'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        maintenance: resolve(root, 'index.html'),
        admin: resolve(root, 'admin.html'),
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

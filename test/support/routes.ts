import type { TestApp } from './create-test-app';

/** Every route Express holds, as Nest registered it: `METHOD /path`. */
export function registeredRoutes(t: TestApp): { method: string; path: string }[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string | string[]; methods: Record<string, boolean> } }[] };
  };
  const routes: { method: string; path: string }[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const path of paths) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return routes;
}

/**
 * The API's routes: those under /api. The public website's controller registers its pages outside
 * it, open to everyone and no part of the API document (routes.e2e-spec.ts holds every other
 * route to /api).
 */
export function apiRoutes(t: TestApp): { method: string; path: string }[] {
  return registeredRoutes(t).filter(({ path }) => path.startsWith('/api/'));
}

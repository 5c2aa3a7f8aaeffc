import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.e2e-spec.ts'],
          environment: 'node',
          setupFiles: ['test/support/setup-api.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two at a time suits two cores (and the embedded database's memory).
          maxWorkers: 2,
          // Projects with different maxWorkers must run as separate groups (Vitest 4).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          // Checks of the code base that are not API tests: configuration, lint boundaries, deploy
          // manifests, logging, the embedded database's lock and its pglite-socket patch.
          name: 'checks',
          include: ['test/checks/**/*spec.ts'],
          environment: 'node',
          setupFiles: ['test/support/setup-api.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // Pure functions (slugs, page windows, rate-limit keys, the CSV writer…): no app, no database.
          name: 'unit',
          include: ['test/unit/**/*.spec.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});

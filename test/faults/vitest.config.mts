import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`): the built app as a child process against a private
// PostgreSQL cluster it stops, freezes and cuts off, and against the embedded database. One file
// at a time: each starts its own cluster and loads the two cores on its own.
export default defineConfig({
  test: {
    name: 'faults',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/faults/**/*.fault.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

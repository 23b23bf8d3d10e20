import { defineConfig } from 'vitest/config';

// Test tiers by file suffix: .unit.spec.ts pure, .int.spec.ts real Postgres/Redis/broker,
// .e2e.spec.ts real Chromium against the real server.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['services/**/*.unit.spec.ts', 'scripts/**/*.unit.spec.ts', 'web/src/**/*.unit.spec.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['services/**/*.int.spec.ts', 'scripts/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: every file works in its own Postgres schema, Redis queue names,
          // ports and temp dirs, and the database-wide advisory locks are keyed by schema.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.spec.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Each file starts its own server on a copy of the seeded data directory and its own
          // Chromium, so two files run at once (most of a file's time is its server starting).
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});

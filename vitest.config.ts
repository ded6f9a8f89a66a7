import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test projects: unit tests, and the server's integration tests through the real HTTP layer on
 * PGlite always and on PostgreSQL too when TEST_DATABASE_URL is set. Browser tests (e2e/) run under
 * Playwright, not here.
 */
const integration = (engine: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name: `integration:${engine}`,
    include: ['apps/server/test/**/*.test.ts'],
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    env: { TEST_ENGINE: engine },
    // Files of a worker share one migrated database (its own) and app; each file makes its own tenants.
    isolate: false,
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one at a time on two. Many files wait on
    // timers, sockets and child processes, so two at a time finish the suite sooner there.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'tools/test/**/*.test.ts', 'apps/web/test/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});

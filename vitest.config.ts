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
    // Files of a worker share one migrated database and app; each file makes its own tenants.
    isolate: false,
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['packages/*/test/**/*.test.ts', 'tools/test/**/*.test.ts'] } },
      integration('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('postgres')] : []),
    ],
  },
});

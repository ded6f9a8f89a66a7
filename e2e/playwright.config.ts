import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the BUILT server (`npm run build` first; `npm test` does it when stale).
 * global-setup starts apps/server/dist/main.js on a free port with a fresh DATA_DIR (PostgreSQL when
 * E2E_DATABASE_URL is set) and publishes its address as E2E_BASE_URL, which the workers inherit.
 * Uses Debian's /usr/bin/chromium (override with CHROMIUM_PATH); never downloads a browser.
 */
const CI = !!process.env.CI;

export default defineConfig({
  testDir: 'tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results', // one per suite run when the PGlite and PostgreSQL runs go together
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: false,
  workers: 1, // 2-core machine: one browser at a time beside the server
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // Generous: the machine has 2 cores shared by two servers, two browsers and the runners (two lanes),
  // and on a loaded day a page takes several seconds to draw; these bound waits, they do not slow a pass.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT ?? 'test-results/report.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // DOM snapshots, no screencast: its frames took about a third of the suite's CPU (docs/testing.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    acceptDownloads: true,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});

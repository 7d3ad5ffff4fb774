import { defineConfig } from '@playwright/test';
import { SITE_USE } from './support/browser';

// The dev loop in a browser: `npm run dev -- mfe-public` (the shell and mfe-public on webpack dev servers with
// React Fast Refresh, the API and the other remotes from their builds), Debian's Chromium. The journeys of
// ./tests run against the built site (playwright.config.ts); these against the dev servers.

export default defineConfig({
  testDir: './dev',
  // Its own output folder: the journeys' (test-results/, one folder a shard in CI) keeps their screenshots.
  outputDir: 'test-results/dev',
  timeout: 240_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  webServer: {
    command: 'node tools/run/start.mjs --dev mfe-public',
    cwd: '..',
    // start.mjs answers here once the API, the shell's and mfe-public's dev servers are up.
    url: 'http://localhost:3001/mf-manifest.json',
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  use: SITE_USE,
});

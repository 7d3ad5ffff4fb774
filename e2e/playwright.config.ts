import { defineConfig } from '@playwright/test';
import { SITE_USE } from './support/browser';

export default defineConfig({
  testDir: './tests',
  // CI's shards run side by side, each with its own output folder (tools/ci/pipeline.mjs).
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // In CI one retry: a journey that fails twice fails CI; one that passes the second time is listed as
  // "flaky" in the output, to be looked at, instead of failing a landing on a 2-core machine shared
  // with the whole stack (seen: a 0.0002 layout shift once in 60 runs of the hydration journey).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  use: SITE_USE,
});

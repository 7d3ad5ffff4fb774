// How the Playwright configs here (the journeys' and the dev loop's) drive the browser: Debian's headless
// Chromium with the flags tools/run/chromium.cjs keeps (the benchmarks' too), on the site at BASE, no
// traces, a screenshot of a failure.
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tools/run/chromium.cjs';
import { BASE } from './site';

export const SITE_USE: PlaywrightTestConfig['use'] = {
  baseURL: BASE,
  trace: 'off',
  screenshot: 'only-on-failure',
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};

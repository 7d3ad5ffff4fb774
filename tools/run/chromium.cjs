// Debian's headless Chromium as the e2e journeys and the benchmarks drive it (never a downloaded browser
// build): where it is, and the flags it runs with (a loopback site, no background traffic, a small
// /dev/shm). CommonJS, so that the Playwright configs (TypeScript run as CommonJS) and the benchmarks (ES
// modules) both load it.
exports.CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

exports.CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

#!/usr/bin/env node
// `npm start`: build what is stale, start the API (PGlite + demo data) and every app as its own static site.
// `npm run dev`: the same with webpack dev servers and the API in watch mode.
import { apps, API_PORT } from './apps.mjs';
import { buildStale, run, startProcess, startStack, waitForUrl } from './stack.mjs';

const dev = process.argv.includes('--dev');
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);

async function main() {
  if (dev) {
    await run('npm', ['run', 'build', '--silent', '-w', '@referio/shared']);
    const children = [
      startProcess('api', 'npm', ['run', 'dev', '--silent', '-w', '@referio/api']),
      ...apps.map((a) =>
        startProcess(a.dir, 'npm', ['run', 'dev', '--silent', '-w', `@referio/${a.dir}`]),
      ),
    ];
    const stop = () => children.forEach((c) => c.kill('SIGTERM'));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    await waitForUrl(`http://localhost:${API_PORT}/api/health`, 120_000);
    await waitForUrl('http://localhost:3000/', 180_000);
    console.log(`\nReferio (dev) is up at http://localhost:3000 after ${secs()} s\n`);
    return;
  }
  await buildStale();
  const { stop } = await startStack();
  console.log(
    `\nReferio is up at http://localhost:3000 (API on :${API_PORT}, remotes on :3001-3004) after ${secs()} s\n`,
  );
  const shutdown = () => stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  console.error(e.message || e);
  process.exit(1);
});

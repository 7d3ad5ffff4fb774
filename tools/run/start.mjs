#!/usr/bin/env node
// `npm start`: build what is stale, start the API (PGlite + demo data) and every app as its own static site.
// `npm run dev`: webpack dev servers with React Fast Refresh for the shell and every remote, the API in watch
//   mode.
// `npm run dev -- mfe-referrer [mfe-chat …]`: those remotes (and the shell) on dev servers with Fast Refresh,
//   the API and the other remotes from their builds (built first when stale), each on its usual port.
// The console shows one line per request (tools/run/devlog.mjs); the servers themselves still log JSON.
import { apps, appByDir, API_PORT } from './apps.mjs';
import { createDevLogFormatter } from './devlog.mjs';
import {
  buildStale,
  releaseBuilds,
  run,
  startApi,
  startProcess,
  startStack,
  startStatic,
} from './stack.mjs';
import { waitWhileProgressing } from './progress.mjs';

const args = process.argv.slice(2);
const dev = args.includes('--dev');
const named = args.filter((a) => !a.startsWith('--'));
const t0 = Date.now();
const secs = () => ((Date.now() - t0) / 1000).toFixed(1);

/** Everything started here: stopped when start-up fails, so no server is left behind on its port. */
const started = [];

/** The shell's dev server (every `npm run dev` has one), for the wait below. */
let shellDev = null;
const devServer = (a) => {
  const child = startProcess(a.dir, 'npm', ['run', 'dev', '--silent', '-w', `@referio/${a.dir}`], {
    format: createDevLogFormatter(a.dir),
  });
  if (a.host) shellDev = child;
  return child;
};

async function main() {
  if (dev) {
    for (const name of named) {
      if (appByDir(name).host)
        throw new Error('the shell always runs on its dev server with `npm run dev`');
    }
    let children;
    if (named.length === 0) {
      await run('npm', ['run', 'build', '--silent', '-w', '@referio/shared']);
      children = [
        startProcess('api', 'npm', ['run', 'dev', '--silent', '-w', '@referio/api'], {
          format: createDevLogFormatter('api'),
        }),
        ...apps.map(devServer),
      ];
    } else {
      // One team's remote in dev against the others built: the shell on its dev server too, so the page runs
      // React's development build (Fast Refresh needs it) and the remote's updates apply in place.
      const inDev = (a) => a.host || named.includes(a.dir);
      await buildStale({ only: (step) => !apps.some((a) => inDev(a) && step.name === a.dir) });
      // The other remotes are served from the release store, as `npm start` serves them: their builds are kept
      // (and deployed when new), so a clean clone has a store and a fresh build is what the dev shell loads
      // through each remote's stable URL (http://localhost:<port>/mf-manifest.json, docs/releases.md).
      await releaseBuilds({ only: (a) => !inDev(a) });
      children = [
        startApi({ format: createDevLogFormatter('api') }),
        ...apps
          .filter((a) => !inDev(a))
          .map((a) => startStatic(a.dir, { format: createDevLogFormatter(a.dir) })),
        ...apps.filter(inDev).map(devServer),
      ];
    }
    started.push(...children);
    const stop = () => children.forEach((c) => c.kill('SIGTERM'));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // The first start migrates and seeds the embedded database: minutes on a busy machine. No fixed limit: the
    // start fails only when a server exits or stops doing anything (progress.mjs).
    await waitWhileProgressing(`http://localhost:${API_PORT}/api/health`, children[0], {
      label: 'the API (a first start migrates and seeds its database)',
    });
    await waitWhileProgressing('http://localhost:3000/', shellDev, {
      label: 'the shell (its dev server builds first)',
    });
    console.log(
      `\nReferio (dev${named.length ? `: ${named.join(', ')} on dev servers, the other remotes built` : ''}) is up at http://localhost:3000 after ${secs()} s\n`,
    );
    return;
  }
  await buildStale();
  const { stop } = await startStack();
  console.log(
    `\nReferio is up at http://localhost:3000 (API on :${API_PORT}, remotes on ${apps
      .filter((a) => !a.host)
      .map((a) => `:${a.port}`)
      .join(', ')}) after ${secs()} s\n`,
  );
  const shutdown = () => stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e) => {
  console.error(e.message || e);
  for (const child of started) child.kill('SIGTERM');
  process.exit(1);
});

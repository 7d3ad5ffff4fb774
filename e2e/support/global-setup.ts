import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2eApiEnv } from './api-env';
import { writeState } from './stack-state';

// Starts the whole stack (API on a fresh PGlite database with demo data, shell and four remotes from their
// builds, released into a release store of the suite's own). The suite owns these servers: some tests stop,
// restart or rebuild one of them, or release and deploy a remote.
export default async function globalSetup(): Promise<void> {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `The journeys drive Debian's Chromium, which is not at ${chromium}. Install it (Debian/Ubuntu: ` +
        '`sudo apt-get install chromium`) or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  const stack = await import('../../tools/run/stack.mjs');
  await stack.buildStale({ log: (m: string) => console.log(`[e2e] ${m}`) });
  // Inside the repository: the shell's server bundle, served from the store, finds its packages in node_modules.
  // The servers and the tests (the workers inherit this environment) all use this store.
  const dataRoot = path.join(__dirname, '..', '..', '.data');
  fs.mkdirSync(dataRoot, { recursive: true });
  const releaseStore = fs.mkdtempSync(path.join(dataRoot, 'e2e-releases-'));
  process.env.RELEASE_STORE = releaseStore;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-e2e-'));
  // Written now too, so teardown removes both folders if the stack does not come up.
  writeState({ dataDir, releaseStore, pids: {} });
  const { children } = await stack.startStack({
    quiet: true,
    apiEnv: e2eApiEnv(dataDir),
  });
  const pids: Record<string, number> = {};
  for (const [name, child] of Object.entries(children)) {
    pids[name] = (child as { pid: number }).pid;
    (child as { unref: () => void }).unref();
  }
  writeState({ dataDir, releaseStore, pids });
}

import fs from 'node:fs';
import { readState } from './stack-state';

export default async function globalTeardown(): Promise<void> {
  const state = readState();
  for (const pid of Object.values(state.pids)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
  if (state.releaseStore) fs.rmSync(state.releaseStore, { recursive: true, force: true });
}

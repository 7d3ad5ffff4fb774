// The stack the suite runs against: started by global-setup, its process ids kept in a file so a test can
// stop and restart one server (and teardown can stop what a test restarted).
import fs from 'node:fs';
import path from 'node:path';

/** In the run's output folder (E2E_OUTPUT_DIR: each of CI's shards has its own, with a stack of its own). */
export const STATE_FILE = path.resolve(
  __dirname,
  '..',
  process.env.E2E_OUTPUT_DIR || 'test-results',
  'stack.json',
);

export interface StackState {
  dataDir: string | null;
  /** The suite's release store (RELEASE_STORE): its releases, pointer and history. */
  releaseStore?: string;
  pids: Record<string, number>;
}

export function readState(): StackState {
  return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as StackState;
}

export function writeState(state: StackState): void {
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

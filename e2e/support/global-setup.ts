import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeState } from './stack-state';

// Starts the whole stack (API on a fresh PGlite database with demo data, shell and four remotes from their
// builds). The suite owns these servers: some tests stop, restart or rebuild one of them.
export default async function globalSetup(): Promise<void> {
  const stack = await import('../../tools/run/stack.mjs');
  await stack.buildStale({ log: (m: string) => console.log(`[e2e] ${m}`) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-e2e-'));
  const { children } = await stack.startStack({
    quiet: true,
    apiEnv: {
      DATA_DIR: dataDir,
      // The journeys ask for several codes a minute from one address; the API suite proves the real limits.
      OTP_RESEND_INTERVAL_SECONDS: '0',
      OTP_MAX_PER_HOUR: '1000',
      OTP_ADDRESS_MAX_PER_HOUR: '1000',
      OTP_IP_MAX: '10000',
      MAIL_IP_MAX_PER_HOUR: '10000',
      MAIL_RECIPIENT_MAX_PER_DAY: '10000',
    },
  });
  const pids: Record<string, number> = {};
  for (const [name, child] of Object.entries(children)) {
    pids[name] = (child as { pid: number }).pid;
    (child as { unref: () => void }).unref();
  }
  writeState({ dataDir, pids });
}

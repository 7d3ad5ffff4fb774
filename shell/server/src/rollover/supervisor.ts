// The shell's server as a supervisor (a Node cluster primary) over its serving processes (worker.ts). The primary
// holds the listening socket; a handover never closes it:
// 1. a new process starts (the server's code and the pointer's shell releases as they are now) and listens on the
//    same port: connections now go to either process;
// 2. once it has answered a page itself it says `ready`;
// 3. the old one is told to drain (drain.ts): it takes no new connection, finishes what it has, and exits.
// A handover happens when the pointer's shell releases (live, canary) move, read once a second, and on SIGHUP
// (new server code on disk). A new process that fails to start changes nothing: the old one keeps serving and the
// failure is logged. SIGINT/SIGTERM drain every process, then the supervisor exits.
import cluster, { type Worker } from 'node:cluster';
import { readPointer, type Store } from '@referio/release';
import type { DrainReport } from './drain';
import { releasesKey, shellReleasesOf } from './site';
import type { WorkerMessage } from './worker';

export interface SupervisorOptions {
  store: Store;
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * How long a new process may take to answer its first page: far beyond a start on a loaded machine (seconds), so
 * only a process stuck for good is given up on (the old one serves meanwhile, nothing is lost by waiting).
 */
const START_LIMIT_MS = 300_000;

/** A supervisor's event: one JSON line on stdout (`event: shell.<kind>`). */
function logLine(event: string, fields: Record<string, unknown>): string {
  return `${JSON.stringify({ time: new Date().toISOString(), app: 'shell', event: `shell.${event}`, ...fields })}\n`;
}

interface Running {
  worker: Worker;
  key: string;
}

export class Supervisor {
  private active: Running | null = null;
  private starting: Promise<void> | null = null;
  /** A set of releases whose process failed to start: not tried again until the pointer or a SIGHUP says so. */
  private failedKey: string | null = null;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly log: (line: string) => void;

  constructor(private readonly o: SupervisorOptions) {
    this.log = o.log ?? ((line) => process.stdout.write(line));
  }

  async start(): Promise<void> {
    await this.handover('start');
    if (!this.active) throw new Error('shell: the first serving process did not start');
    this.timer = setInterval(() => void this.watch(), this.o.pollMs ?? 1000);
  }

  private async pointerKey(): Promise<string> {
    return releasesKey(shellReleasesOf(await readPointer(this.o.store)));
  }

  /** The pointer's shell releases moved away from what the active process serves: hand over. */
  private async watch(): Promise<void> {
    if (this.starting || this.stopping || !this.active) return;
    let key: string;
    try {
      key = await this.pointerKey();
    } catch {
      return; // the store is away for a moment
    }
    if (key === this.active.key || key === this.failedKey) return;
    await this.handover(`pointer: ${key}`);
  }

  /** Starts a process, and once it is ready drains the active one. One at a time. */
  handover(reason: string): Promise<void> {
    if (this.stopping) return Promise.resolve();
    if (this.starting) return this.starting;
    this.starting = this.replace(reason).finally(() => (this.starting = null));
    return this.starting;
  }

  private async replace(reason: string): Promise<void> {
    const t0 = Date.now();
    const old = this.active;
    let next: Running & { startMs: number };
    try {
      next = await this.fork();
    } catch (err) {
      // What failed is what the pointer names now (the process died before saying): not tried again until it
      // moves, or a SIGHUP says so.
      if (reason !== 'SIGHUP') this.failedKey = await this.pointerKey().catch(() => null);
      this.log(logLine('handover-failed', { reason, error: (err as Error).message }));
      // Nothing serves (the active one died): try again, as long as it takes.
      if (!old && reason !== 'start') setTimeout(() => void this.handover(reason), 1000).unref();
      return;
    }
    this.failedKey = null;
    this.active = next;
    const readyMs = Date.now() - t0;
    if (!old) {
      this.log(logLine('started', { releases: next.key, pid: next.worker.process.pid, readyMs }));
      return;
    }
    const drained = await this.drain(old.worker);
    this.log(
      logLine('handover', {
        reason,
        from: old.key,
        to: next.key,
        pids: [old.worker.process.pid, next.worker.process.pid],
        readyMs,
        drainMs: drained?.ms ?? null,
        inFlight: drained?.inFlight ?? null,
        streams: drained?.streams ?? null,
        cut: drained?.cut ?? null,
      }),
    );
  }

  /** A new serving process, resolved when it says ready; rejected when it exits first or hangs (then stopped). */
  private fork(): Promise<Running & { startMs: number }> {
    const worker = cluster.fork();
    return new Promise((resolve, reject) => {
      const hung = setTimeout(() => {
        worker.process.kill('SIGKILL');
        reject(new Error(`the new process was not ready after ${START_LIMIT_MS / 1000} s`));
      }, START_LIMIT_MS);
      const onExit = (code: number | null, signal: string | null) => {
        clearTimeout(hung);
        reject(new Error(`the new process exited (${code ?? signal}) before it was ready`));
      };
      worker.once('exit', onExit);
      worker.on('message', (m: WorkerMessage) => {
        if (m?.type !== 'ready') return;
        clearTimeout(hung);
        worker.off('exit', onExit);
        worker.once('exit', () => this.exited(worker));
        resolve({ worker, key: m.key, startMs: m.startMs });
      });
    });
  }

  /** Tells a process to drain; resolves with its report when it has exited. */
  private drain(worker: Worker): Promise<DrainReport | null> {
    return new Promise((resolve) => {
      let report: DrainReport | null = null;
      worker.on('message', (m: WorkerMessage) => {
        if (m?.type === 'drained') report = m.report;
      });
      worker.once('exit', () => resolve(report));
      if (worker.isConnected()) worker.send({ type: 'drain' });
      else resolve(null);
    });
  }

  /** The active process died on its own: start another (connections wait in the primary's socket meanwhile). */
  private exited(worker: Worker): void {
    if (this.stopping || this.active?.worker !== worker) return;
    this.log(logLine('exited', { pid: worker.process.pid, code: worker.process.exitCode }));
    this.active = null;
    setTimeout(() => void this.handover('restart after an exit'), 1000).unref();
  }

  /** Drains every process, then resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    await this.starting?.catch(() => {});
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => w && this.drain(w)));
  }
}

/** The supervisor of `serve.js --app shell`: started, stopped by SIGINT/SIGTERM, handed over by SIGHUP. */
export async function runSupervisor(o: SupervisorOptions): Promise<void> {
  const supervisor = new Supervisor(o);
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      void supervisor.stop().finally(() => process.exit(0));
    });
  process.on('SIGHUP', () => void supervisor.handover('SIGHUP'));
  await supervisor.start();
}

// The shell server's page renders, off its event loop: a pool of worker threads (render-worker.ts), each with the
// shell's server bundle and the remotes' server modules. Every task has a time budget; a worker has a memory
// budget (resourceLimits). A task over its budget is answered with an error at once (the page is then rendered in
// the browser); if its worker does not answer a ping either (a render that spins), the worker is ended and
// replaced. A worker that crashes or runs out of memory fails its tasks and is replaced. The server's own work
// (the /api proxy, static files, other pages) never waits for a render.
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RenderTask, TaskMessage, TaskResults, WorkerMessage } from './tasks';

/** The compiled worker beside this module (server/dist/render/render-worker.js). */
const WORKER_FILE = path.join(__dirname, 'render-worker.js');

/** How long a worker may take to answer a ping before it counts as stalled (ms). */
const PING_TIMEOUT_MS = 500;

export class RenderError extends Error {
  override name = 'RenderError';
}

/** What every worker is given: the shell's server bundle and where the API answers. */
export interface RenderWorkerData {
  serverBundle: string;
  apiBaseUrl: string;
}

export interface RenderPoolOptions {
  workerData: RenderWorkerData;
  /** Workers (default: up to 2, one per core). */
  size?: number;
  /** Time budget of one task, waiting in the queue included. */
  budgetMs?: number;
  /** A worker's heap limit (maxOldGenerationSizeMb). */
  memoryMb?: number;
  /** Tasks one worker runs at once (renders wait on the API most of the time). */
  perWorker?: number;
  workerFile?: string;
  log?: (msg: string) => void;
}

interface Job {
  task: RenderTask;
  id: number;
  settled: boolean;
  slot: Slot | null;
  timer?: NodeJS.Timeout;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

/** A task in a worker: its job's callbacks, and the remote whose module it runs (forgotten when it fails). */
interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
  remote?: string;
}

interface Slot {
  worker: Worker;
  tasks: Map<number, Pending>;
  /** The module version each remote has in this worker. */
  known: Map<string, string>;
  dead: boolean;
  ready: boolean;
  /** Settles when the worker has started (or has ended without starting). */
  started: Promise<void>;
  suspect: boolean;
}

export class RenderPool {
  readonly slots = new Set<Slot>();
  /** Workers started, ended for stalling, and exited on their own: for tests and logs. */
  readonly stats = { started: 0, stalled: 0, exited: 0 };
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly workerData: RenderWorkerData;
  private readonly budgetMs: number;
  private readonly memoryMb: number;
  private readonly perWorker: number;
  private readonly workerFile: string;
  private readonly log: (msg: string) => void;

  constructor(o: RenderPoolOptions) {
    this.workerData = o.workerData;
    this.budgetMs = o.budgetMs ?? 4000;
    this.memoryMb = o.memoryMb ?? 256;
    this.perWorker = o.perWorker ?? 4;
    this.workerFile = o.workerFile ?? WORKER_FILE;
    this.log = o.log ?? ((msg) => console.warn(`[render-pool] ${msg}`));
    const size = o.size ?? Math.min(2, os.availableParallelism?.() ?? 2);
    for (let i = 0; i < size; i++) this.spawn();
  }

  /**
   * Runs `task` in a worker; rejects with a RenderError when it fails, crashes or takes longer than the budget.
   */
  run<T extends RenderTask>(task: T): Promise<TaskResults[T['kind']]> {
    if (this.closed) return Promise.reject(new RenderError('the render pool is closed'));
    return new Promise((resolve, reject) => {
      const job: Job = { task, id: this.nextId++, settled: false, slot: null, resolve, reject };
      const finish =
        <V>(fn: (value: V) => void) =>
        (value: V) => {
          if (job.settled) return;
          job.settled = true;
          clearTimeout(job.timer);
          fn(value);
        };
      job.resolve = finish(resolve as (value: unknown) => void);
      job.reject = finish(reject);
      job.timer = setTimeout(() => this.overBudget(job), this.budgetMs);
      job.timer.unref();
      this.queue.push(job);
      this.pump();
    });
  }

  /** Settles once every worker of the pool has started (a task sent before waits in its worker meanwhile). */
  async ready(): Promise<void> {
    await Promise.all([...this.slots].map((slot) => slot.started));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new RenderError('the render pool is closed'));
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.dead = true;
        for (const task of slot.tasks.values()) task.reject(new RenderError('closed'));
        return slot.worker.terminate();
      }),
    );
    this.slots.clear();
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerFile, {
      workerData: this.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let started = () => {};
    const slot: Slot = {
      worker,
      tasks: new Map(),
      known: new Map(),
      dead: false,
      ready: false,
      started: new Promise<void>((resolve) => (started = resolve)),
      suspect: false,
    };
    worker.once('message', () => started());
    worker.once('exit', () => started());
    this.stats.started++;
    worker.on('message', (msg: WorkerMessage) => this.answer(slot, msg));
    worker.on('error', (err: NodeJS.ErrnoException) => {
      this.log(`a render worker failed: ${err?.code ?? ''} ${err?.message ?? err}`);
    });
    worker.on('exit', (code) => {
      if (!slot.dead) this.stats.exited++;
      this.retire(slot, `the render worker exited (${code})`);
    });
    this.slots.add(slot);
    return slot;
  }

  /** A worker's message: it is ready, or a task is done. */
  private answer(slot: Slot, msg: WorkerMessage): void {
    if ('ready' in msg) {
      slot.ready = true;
      return;
    }
    const task = slot.tasks.get(msg.id);
    if (!task) return;
    slot.tasks.delete(msg.id);
    if (msg.ok) task.resolve(msg.result);
    else {
      if (task.remote) slot.known.delete(task.remote);
      task.reject(new RenderError(msg.error));
    }
    this.pump();
  }

  /** Takes a worker out: its tasks fail, a new one takes its place. */
  private retire(slot: Slot, why: string): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    slot.dead = true;
    for (const task of slot.tasks.values()) task.reject(new RenderError(why));
    slot.tasks.clear();
    void slot.worker.terminate();
    if (this.closed) return;
    const replace = () => {
      if (this.closed) return;
      this.spawn();
      this.pump();
    };
    // One that died while starting (a broken bundle?): no tight loop of new workers; tasks wait or run out of time.
    if (slot.ready) replace();
    else setTimeout(replace, 1000).unref();
  }

  private overBudget(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    job.reject(new RenderError(`the render took longer than ${this.budgetMs} ms`));
    const slot = job.slot;
    if (!slot || slot.dead) return;
    slot.tasks.delete(job.id);
    // Waiting on the API is fine (its answer is dropped); a worker that cannot even answer a ping is stuck.
    // No new task goes to it until it has answered.
    slot.suspect = true;
    void this.ping(slot).then((alive) => {
      slot.suspect = false;
      if (alive) return this.pump();
      // Exited meanwhile (its end rejects the ping too): counted and replaced as an exit already.
      if (slot.dead) return;
      this.stats.stalled++;
      this.log(`a render worker stalled for over ${this.budgetMs} ms; replacing it`);
      this.retire(slot, 'the render worker stalled');
    });
  }

  private ping(slot: Slot): Promise<boolean> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        slot.tasks.delete(id);
        resolve(false);
      }, PING_TIMEOUT_MS);
      const answered = (alive: boolean) => () => {
        clearTimeout(timer);
        resolve(alive);
      };
      slot.tasks.set(id, { resolve: answered(true), reject: answered(false) });
      slot.worker.postMessage({ id, kind: 'ping' } satisfies TaskMessage);
    });
  }

  private pump(): void {
    while (this.queue.length) {
      let best: Slot | null = null;
      for (const slot of this.slots) {
        if (slot.dead || slot.suspect || slot.tasks.size >= this.perWorker) continue;
        if (!best || slot.tasks.size < best.tasks.size) best = slot;
      }
      if (!best) return;
      this.send(best, this.queue.shift()!);
    }
  }

  private send(slot: Slot, job: Job): void {
    const message = { ...job.task, id: job.id } as TaskMessage;
    const remote = 'remote' in job.task ? job.task.remote : undefined;
    if (remote && 'remote' in message) {
      // The module's code goes to a worker once per version; it keeps the newest one of each remote.
      const code = slot.known.get(remote.name) === remote.url ? undefined : remote.code;
      message.remote = { name: remote.name, url: remote.url, code };
      slot.known.set(remote.name, remote.url);
    }
    job.slot = slot;
    slot.tasks.set(job.id, { resolve: job.resolve, reject: job.reject, remote: remote?.name });
    slot.worker.postMessage(message);
  }
}

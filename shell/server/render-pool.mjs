// The shell server's page renders, off its event loop: a pool of worker threads (render-worker.mjs), each
// with the shell's server bundle and the remotes' server modules. Every task has a time budget; a worker
// has a memory budget (resourceLimits). A task over its budget is answered with an error at once (the page
// is then rendered in the browser); if its worker does not answer a ping either (a render that spins), the
// worker is ended and replaced. A worker that crashes or runs out of memory fails its tasks and is replaced.
// The server's own work (the /api proxy, static files, other pages) never waits for a render.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const WORKER_FILE = fileURLToPath(new URL('./render-worker.mjs', import.meta.url));

/** How long a worker may take to answer a ping before it counts as stalled (ms). */
const PING_TIMEOUT_MS = 500;

export class RenderError extends Error {
  name = 'RenderError';
}

/** A number from the environment, or the default when it is unset or not a positive number. */
export function positiveNumber(value, fallback) {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export class RenderPool {
  /**
   * @param {object} o
   * @param {object} o.workerData   given to every worker (render-worker.mjs: { serverBundle, apiBaseUrl })
   * @param {number} [o.size]       workers (default: up to 2, one per core)
   * @param {number} [o.budgetMs]   time budget of one task, waiting in the queue included
   * @param {number} [o.memoryMb]   a worker's heap limit (maxOldGenerationSizeMb)
   * @param {number} [o.perWorker]  tasks one worker runs at once (renders wait on the API most of the time)
   * @param {string} [o.workerFile]
   * @param {(msg: string) => void} [o.log]
   */
  constructor({
    workerData,
    size = Math.min(2, os.availableParallelism?.() ?? 2),
    budgetMs = 4000,
    memoryMb = 256,
    perWorker = 4,
    workerFile = WORKER_FILE,
    log = (msg) => console.warn(`[render-pool] ${msg}`),
  }) {
    Object.assign(this, { workerData, size, budgetMs, memoryMb, perWorker, workerFile, log });
    this.slots = new Set();
    this.queue = [];
    this.nextId = 1;
    this.closed = false;
    /** Workers started, ended for stalling, and exited on their own: for tests and logs. */
    this.stats = { started: 0, stalled: 0, exited: 0 };
    for (let i = 0; i < size; i++) this.spawn();
  }

  spawn() {
    const worker = new Worker(this.workerFile, {
      workerData: this.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    const slot = { worker, tasks: new Map(), known: new Map(), dead: false, ready: false };
    this.stats.started++;
    worker.on('message', (msg) => {
      if (msg.ready) {
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
    });
    worker.on('error', (err) => {
      this.log(`a render worker failed: ${err?.code ?? ''} ${err?.message ?? err}`);
    });
    worker.on('exit', (code) => {
      if (!slot.dead) this.stats.exited++;
      this.retire(slot, `the render worker exited (${code})`);
    });
    this.slots.add(slot);
    return slot;
  }

  /** Takes a worker out: its tasks fail, a new one takes its place. */
  retire(slot, why) {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    slot.dead = true;
    for (const task of slot.tasks.values()) task.reject(new RenderError(why));
    slot.tasks.clear();
    void slot.worker.terminate();
    if (this.closed) return;
    if (slot.ready) {
      this.spawn();
      this.pump();
    } else {
      // It died while starting (a broken bundle?): no tight loop of new workers; tasks wait or run out of time.
      setTimeout(() => {
        if (this.closed) return;
        this.spawn();
        this.pump();
      }, 1000).unref();
    }
  }

  /**
   * Runs `task` ({ kind, … } as render-worker.mjs reads it; `remote: { name, url, code }` for a remote's
   * module) in a worker; rejects with a RenderError when it fails, crashes or takes longer than the budget.
   */
  run(task) {
    if (this.closed) return Promise.reject(new RenderError('the render pool is closed'));
    return new Promise((resolve, reject) => {
      const job = { task, resolve, reject, settled: false, slot: null, id: this.nextId++ };
      const finish = (fn) => (value) => {
        if (job.settled) return;
        job.settled = true;
        clearTimeout(job.timer);
        fn(value);
      };
      job.resolve = finish(resolve);
      job.reject = finish(reject);
      job.timer = setTimeout(() => this.overBudget(job), this.budgetMs);
      job.timer.unref?.();
      this.queue.push(job);
      this.pump();
    });
  }

  overBudget(job) {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    job.reject(new RenderError(`the render took longer than ${this.budgetMs} ms`));
    const slot = job.slot;
    if (!slot || slot.dead) return;
    slot.tasks.delete(job.id);
    // Waiting on the API is fine (its answer is dropped); a worker that cannot even answer a ping is stuck.
    // No new task goes to it until it has answered.
    slot.suspect = true;
    this.ping(slot).then((alive) => {
      slot.suspect = false;
      if (alive) return this.pump();
      this.stats.stalled++;
      this.log(`a render worker stalled for over ${this.budgetMs} ms; replacing it`);
      this.retire(slot, 'the render worker stalled');
    });
  }

  ping(slot) {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const timer = setTimeout(() => {
        slot.tasks.delete(id);
        resolve(false);
      }, PING_TIMEOUT_MS);
      slot.tasks.set(id, {
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
        reject: () => {
          clearTimeout(timer);
          resolve(false);
        },
      });
      slot.worker.postMessage({ id, kind: 'ping' });
    });
  }

  pump() {
    while (this.queue.length) {
      let best = null;
      for (const slot of this.slots) {
        if (slot.dead || slot.suspect || slot.tasks.size >= this.perWorker) continue;
        if (!best || slot.tasks.size < best.tasks.size) best = slot;
      }
      if (!best) return;
      const job = this.queue.shift();
      this.send(best, job);
    }
  }

  send(slot, job) {
    const { remote, ...rest } = job.task;
    const message = { ...rest, id: job.id };
    if (remote) {
      // The module's code goes to a worker once per version; it keeps the newest one of each remote.
      const code = slot.known.get(remote.name) === remote.url ? undefined : remote.code;
      message.remote = { name: remote.name, url: remote.url, code };
      slot.known.set(remote.name, remote.url);
    }
    job.slot = slot;
    slot.tasks.set(job.id, { ...job, remote: remote?.name });
    slot.worker.postMessage(message);
  }

  async close() {
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
}

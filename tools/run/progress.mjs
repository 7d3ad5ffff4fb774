// Waiting for a server to come up without a fixed limit: a first start migrates and seeds the database and builds
// six apps, which takes seconds on an idle machine and minutes on a loaded one, and a start stopped for being
// slow while it still works helps nobody. What fails the wait is a server that exited, or one that made no
// progress (no CPU time used by it or its children, no line written) for a long while (START_IDLE_LIMIT_MS,
// 120 s): stuck, not slow. Meanwhile one line now and then says what it is waiting for and that work goes on.
import fs from 'node:fs';
import http from 'node:http';

/** How long a starting server may do nothing at all before the start gives up on it. */
export const IDLE_LIMIT_MS = Number(process.env.START_IDLE_LIMIT_MS) || 120_000;
const POLL_MS = 250;
const REPORT_EVERY_MS = 15_000;

/**
 * A process's parent and the CPU ticks it has used so far (user + system, 100 a second), from /proc/<pid>/stat;
 * null when it is gone or there is no /proc.
 */
export function procStat(pid) {
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // `pid (comm) state ppid … utime stime` (fields 14 and 15); comm may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU ticks used so far by `pid` and every process below it (Linux /proc); null where there is no /proc. */
export function treeCpuTicks(pid) {
  let entries;
  try {
    entries = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const children = new Map();
  const ticks = new Map();
  for (const d of entries) {
    const stat = procStat(d);
    if (!stat) continue; // gone meanwhile
    const { parent } = stat;
    ticks.set(Number(d), stat.ticks);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(d));
  }
  if (!ticks.has(pid)) return null;
  let total = 0;
  const todo = [pid];
  while (todo.length) {
    const p = todo.pop();
    total += ticks.get(p) ?? 0;
    todo.push(...(children.get(p) ?? []));
  }
  return total;
}

/**
 * A watch over one starting process: `progressed()` is true when it used CPU or wrote output since the last
 * call (the first call counts as progress).
 */
export function progressOf(child, cpuTicks = treeCpuTicks) {
  let wrote = true;
  const onData = () => (wrote = true);
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let lastTicks = null;
  return {
    progressed() {
      const ticks = child.pid ? cpuTicks(child.pid) : null;
      const moved = wrote || (ticks !== null && ticks !== lastTicks);
      wrote = false;
      lastTicks = ticks;
      return moved;
    },
    stop() {
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
    },
  };
}

/**
 * One attempt at `url`: true when it answers 2xx. On a connection of its own, closed after the answer: a kept-alive
 * one (fetch's pool) would hold the server open when it is stopped later (`npm start` then hung on SIGTERM).
 */
function answers(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode >= 200 && res.statusCode < 300));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
  });
}

/**
 * Resolves when `url` answers, while `child` (the server behind it) keeps working. Rejects when the child
 * exits first, or when it made no progress for `idleLimitMs`. Every `reportEveryMs` of waiting, `log` gets a
 * line with the time waited.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ label: string, idleLimitMs?: number, reportEveryMs?: number, log?: (line: string) => void,
 *   now?: () => number, sleep?: (ms: number) => Promise<void>, probe?: (url: string) => Promise<boolean>,
 *   progress?: { progressed(): boolean, stop(): void } }} o
 */
export async function waitWhileProgressing(url, child, o) {
  const {
    label,
    idleLimitMs = IDLE_LIMIT_MS,
    reportEveryMs = REPORT_EVERY_MS,
    log = console.log,
    now = Date.now,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
    probe = answers,
  } = o;
  const progress = o.progress ?? progressOf(child);
  const started = now();
  let lastProgress = started;
  let lastReport = started;
  try {
    for (;;) {
      if (await probe(url)) return;
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          `${label} stopped (${child.exitCode ?? child.signalCode}) before ${url} answered`,
        );
      const t = now();
      if (progress.progressed()) lastProgress = t;
      else if (t - lastProgress >= idleLimitMs)
        throw new Error(
          `${label} made no progress for ${Math.round((t - lastProgress) / 1000)} s (no CPU used, nothing written) and ${url} does not answer`,
        );
      if (t - lastReport >= reportEveryMs) {
        lastReport = t;
        const idle = Math.floor((t - lastProgress) / 1000);
        log(
          `start: waiting for ${label}: ${Math.round((t - started) / 1000)} s, ${idle ? `idle for ${idle} s` : 'working'}`,
        );
      }
      await sleep(POLL_MS);
    }
  } finally {
    progress.stop();
  }
}

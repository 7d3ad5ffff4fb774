// The start's wait for a server: no fixed limit while the server works, a clear failure when it exits or stalls.
// Time is a fake clock here (each poll's sleep moves it), so no test waits for real minutes or depends on speed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressOf, treeCpuTicks, waitWhileProgressing } from '../progress.mjs';

/** A fake clock whose sleep advances it, and a server that answers after `answersAfterMs`. */
function scene({ answersAfterMs = Infinity, working = () => true, exitAfterMs = Infinity } = {}) {
  let t = 0;
  const child = { exitCode: null, signalCode: null, pid: undefined };
  const lines = [];
  return {
    lines,
    child,
    opts: {
      label: 'the API',
      idleLimitMs: 120_000,
      reportEveryMs: 15_000,
      log: (line) => lines.push(line),
      now: () => t,
      sleep: async (ms) => {
        t += ms;
        if (t >= exitAfterMs) child.exitCode = 1;
      },
      probe: async () => t >= answersAfterMs,
      progress: { progressed: () => working(t), stop() {} },
    },
    elapsed: () => t,
  };
}

test('waits as long as the server keeps working: ten minutes of migration do not fail the start', async () => {
  const s = scene({ answersAfterMs: 600_000 });
  await waitWhileProgressing('http://x/api/health', s.child, s.opts);
  assert.ok(s.elapsed() >= 600_000);
  // The wait is shown: a line every 15 s of waiting (the last at 585 s).
  assert.equal(s.lines.length, 39);
  assert.match(s.lines[0], /^start: waiting for the API: 15 s, working$/);
});

test('fails when the server does nothing for the idle limit, saying so', async () => {
  // Works for a minute, then nothing.
  const s = scene({ working: (t) => t < 60_000 });
  await assert.rejects(
    waitWhileProgressing('http://x/api/health', s.child, s.opts),
    /the API made no progress for 120 s/,
  );
  assert.ok(s.elapsed() >= 179_000 && s.elapsed() <= 181_000, `failed at ${s.elapsed()} ms`);
  assert.ok(s.lines.some((l) => /idle for \d+ s/.test(l)));
});

test('a short pause is not a stall: work that resumes keeps the wait going', async () => {
  // Idle from 30 s to 130 s (under the limit), working again after, answers at 300 s.
  const s = scene({ answersAfterMs: 300_000, working: (t) => t < 30_000 || t > 130_000 });
  await waitWhileProgressing('http://x/api/health', s.child, s.opts);
  assert.ok(s.elapsed() >= 300_000);
});

test('fails at once when the server exits', async () => {
  const s = scene({ exitAfterMs: 5_000 });
  await assert.rejects(
    waitWhileProgressing('http://x/api/health', s.child, s.opts),
    /the API stopped \(1\) before http:\/\/x\/api\/health answered/,
  );
  assert.ok(s.elapsed() < 6_000);
});

test('progress is CPU used by the process or its children, or a line written', () => {
  let ticks = 10;
  const listeners = {};
  const stream = { on: (_e, f) => (listeners.data = f), off: () => {} };
  const child = { pid: 1, stdout: stream };
  const watch = progressOf(child, () => ticks);
  assert.equal(watch.progressed(), true); // the first look
  assert.equal(watch.progressed(), false); // nothing since
  ticks = 11;
  assert.equal(watch.progressed(), true);
  listeners.data('migrating');
  assert.equal(watch.progressed(), true);
  assert.equal(watch.progressed(), false);
});

test('reads a process tree’s CPU time from /proc', () => {
  const before = treeCpuTicks(process.pid);
  const until = process.cpuUsage().user + 200_000; // 0.2 s of CPU
  while (process.cpuUsage().user < until);
  assert.ok(treeCpuTicks(process.pid) > before);
  assert.equal(treeCpuTicks(2 ** 22 + 12345), null);
});

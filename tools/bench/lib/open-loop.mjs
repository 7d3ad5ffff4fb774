// An open-loop load: requests sent at a fixed arrival rate whatever the server answers (a closed loop
// of N connections waits for each answer, so a slow server is sent less and its latency looks bounded
// by N / throughput). Each latency is measured from the moment its request was due, not from when it
// went out, so a generator that falls behind counts the wait (no coordinated omission). A run ends
// graceSeconds after its last request was due; what is unanswered then counts as a timeout.
import { fork } from 'node:child_process';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from '../common.mjs';

/**
 * A load generator in a process of its own, for a bench whose own process has done other work (a closed
 * loop's results, a seed): its heap would make the generator's GC pauses, which count in every latency,
 * the bench's history rather than the server's. `run(options)` is `openLoop(options)` there; `close()`.
 */
export function openLoopProcess() {
  const child = fork(fileURLToPath(import.meta.url), ['--generator'], { stdio: 'inherit' });
  let pending = null;
  child.on('message', (result) => {
    pending?.resolve(result);
    pending = null;
  });
  child.on('exit', (code) => {
    pending?.reject(new Error(`the load generator exited (${code})`));
    pending = null;
  });
  return {
    run(options) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(options);
      });
    },
    close() {
      child.disconnect();
    },
  };
}

if (process.argv[2] === '--generator')
  process.on('message', async (options) => process.send(await openLoop(options)));

/**
 * Sends `rate` requests a second for `warmSeconds` and then `seconds` to `url` (GET, or POST when
 * `bodies` is given: each request the next body, cycling). Resolves with the achieved rate, p50/p99/max
 * latency (ms) and the count of errors and non-2xx answers of the `seconds` measured, and the warm-up's
 * own count and p99/max (`warmup`): the same rate on the same connections, not counted, so a run measures
 * the steady state at its rate, not the switch from the load before it. At most `maxInFlight` requests
 * are open at once; a request due beyond that waits, and its wait counts in its latency.
 */
export function openLoop({
  url,
  rate,
  seconds,
  warmSeconds = 0,
  bodies,
  cookie,
  maxInFlight = 1024,
  graceSeconds = 10,
}) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const warm = Math.round(rate * warmSeconds);
  const total = warm + Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = [];
  const warmLatencies = [];
  /** A request's latency, in the warm-up's list or the run's by its place in the sequence. */
  const record = (i, ms) => (i < warm ? warmLatencies : latencies).push(ms);
  /** Per answered request: when it was due (ms after t0), its latency and the body it sent (index). */
  const answered = [];
  let errors = 0;
  let non2xx = 0;
  let opened = 0;
  let sent = 0;
  let done = 0;
  let measuredDone = 0;
  let cursor = 0;
  let finished = false;
  // The generator's own event-loop delay: a late tick sends late, and that wait counts in the latency.
  const lag = monitorEventLoopDelay({ resolution: 1 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now() + 20;
  const t0Epoch = performance.timeOrigin + t0;
  return new Promise((resolve) => {
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(cutOff);
      // Requests still unanswered graceSeconds after the last was due count as answered now (a lower
      // bound of their latency) and as timeouts: a server far behind would otherwise hold the run for minutes.
      const now = performance.now();
      let timeouts = 0;
      for (let i = done; i < total; i += 1) {
        record(i, now - (t0 + Math.min(i, sent - 1) * interval));
        if (i >= warm) timeouts += 1;
      }
      agent.destroy();
      lag.disable();
      const cpu = process.cpuUsage(cpu0);
      const elapsed = (performance.now() - t0 - warm * interval) / 1000;
      const p99 = percentile(latencies, 99);
      resolve({
        // The requests at or over p99: when each was due (Unix epoch ms), its latency and body index, to
        // set beside what the server did then (tools/bench/lib/loop-probe.cjs).
        slowest: answered
          .filter(([, ms]) => ms >= p99)
          .map(([at, ms, body, connectedMs, firstByteMs, newConnection]) => ({
            at: Math.round(t0Epoch + at),
            ms: round(ms),
            body,
            connected: round(connectedMs),
            firstByte: round(firstByteMs),
            newConnection,
          })),
        connectionsOpened: opened,
        rate,
        sent: total - warm,
        achieved: Math.round(measuredDone / Math.max(elapsed, seconds)),
        p50: round(percentile(latencies, 50)),
        p99: round(p99),
        max: round(Math.max(...latencies)),
        errors,
        non2xx,
        timeouts,
        warmup: {
          seconds: warmSeconds,
          sent: warm,
          p99: round(percentile(warmLatencies, 99)),
          max: round(warmLatencies.length ? Math.max(...warmLatencies) : 0),
        },
        /** The generator's own CPU in the run, its warm-up included (ms). */
        generatorCpuMs: (cpu.user + cpu.system) / 1000,
        generatorLag: {
          p99: round(lag.percentile(99) / 1e6),
          max: round(lag.max / 1e6),
        },
      });
    };
    const cutOff = setTimeout(finish, 20 + (warmSeconds + seconds + graceSeconds) * 1000);
    const send = (i) => {
      const due = t0 + i * interval;
      const bodyIndex = bodies ? cursor++ % bodies.length : -1;
      const body = bodies ? JSON.stringify(bodies[bodyIndex]) : undefined;
      // When the request had a connection (a new one once connected) and when the answer began.
      let connected = 0;
      let firstByte = 0;
      let fresh = false;
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: body ? 'POST' : 'GET',
          headers: {
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
            ...(cookie ? { cookie } : {}),
          },
        },
        (res) => {
          firstByte = performance.now();
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx += 1;
          res.resume();
          res.on('end', () => {
            record(i, performance.now() - due);
            if (i >= warm) {
              measuredDone += 1;
              answered.push([
                due - t0,
                performance.now() - due,
                bodyIndex,
                connected - due,
                firstByte - due,
                fresh,
              ]);
            }
            if (++done === total) finish();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        record(i, performance.now() - due);
        if (++done === total) finish();
      });
      req.on('socket', (socket) => {
        if (!socket.connecting) connected = performance.now();
        else {
          fresh = true;
          opened += 1;
          socket.once('connect', () => (connected = performance.now()));
        }
      });
      req.end(body);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) {
        send(sent);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(5, t0 + sent * interval - now)));
    };
    setTimeout(tick, 20);
  });
}

const round = (x) => Math.round(x * 10) / 10;

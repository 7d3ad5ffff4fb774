#!/usr/bin/env node
// Chat delivery benchmark: `npm run bench:chat -w @referio/api`.
//
// Starts the API in this process on 127.0.0.1 (PGlite in a temporary directory, or DATABASE_URL's
// PostgreSQL), creates CHATS chats between fresh candidates and referrers with approved requests, opens
// one live stream (GET /api/chat/events) per member (2 × CHATS streams, half with the chat open), then
// posts ROUNDS messages per chat over HTTP, CONCURRENCY at a time, from alternating members. The latency
// of a message is the time from just before its POST until the other member's stream delivers it.
// Everything is loopback only and bounded (BENCH_TIMEOUT_MS); undelivered messages count as lost.
// Prints a table and writes bench/results/chat-<pglite|pg>.json. The clients share the process (and the 2 cores)
// with the server, so the numbers are an upper bound on what the server itself adds.
//
// INSTANCES=N ≥ 2 (PostgreSQL only): N API processes (`node api/dist/server.js`) on the same database; chat i's
// candidate uses instance i mod N and its referrer instance i+1 mod N, so each message crosses from one instance
// to another through the fan-out (LISTEN/NOTIFY, or the broker EVENTS_BROKER_URL names). This process only sets
// up the data (its app does not listen) and runs the clients. Writes bench/results/chat-pg-<N>x.json.
//
// RATES=100,200,… (open loop): instead of ROUNDS closed-loop messages, sends at each rate (messages/s, evenly
// spaced) for STEP_SECONDS (default 5) and reports each step's latency, counted from when a message was due;
// the sweep stops after the first step whose p99 passes STOP_P99_MS (default 500) or that loses messages.
// Writes RESULT_FILE (default bench/results/chat-rates.json). Used by tools/bench/chat-curve.mjs.
//
//   CHATS=100 ROUNDS=5 CONCURRENCY=20 BENCH_TIMEOUT_MS=120000 npm run bench:chat -w @referio/api
//   INSTANCES=2 CHATS=1000 ROUNDS=2 DATABASE_URL=… node tools/bench/lib/chat-load.mjs
//   INSTANCES=4 CHATS=1000 RATES=100,200,400 DATABASE_URL=… node tools/bench/lib/chat-load.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { root } from '../../run/apps.mjs';
import { freePort } from '../../run/net.cjs';
import { apiDir, apiRequire, buildApi } from './api.mjs';

const CHATS = Number(process.env.CHATS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 120_000);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
if (!Number.isInteger(INSTANCES) || INSTANCES < 1 || INSTANCES > 8)
  throw new Error('INSTANCES must be 1 to 8');
if (INSTANCES > 1 && !process.env.DATABASE_URL)
  throw new Error('INSTANCES > 1 needs DATABASE_URL: the processes share only a PostgreSQL server');
const RATES = (process.env.RATES ?? '').split(',').filter(Boolean).map(Number);
if (RATES.some((r) => !(r > 0))) throw new Error('RATES: messages per second, e.g. 100,200,400');
const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 5);
const STOP_P99_MS = Number(process.env.STOP_P99_MS ?? 500);
const started = Date.now();
const deadline = started + TIMEOUT_MS;
const remaining = () => Math.max(0, deadline - Date.now());

// The built API (dist/) is what runs in production.
await buildApi();

const { buildApp } = apiRequire(path.join(apiDir, 'dist', 'app.js'));
const { loadConfig } = apiRequire(path.join(apiDir, 'dist', 'config.js'));
const schema = apiRequire(path.join(apiDir, 'dist', 'db', 'schema.js'));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-chat-'));
const apiEnv = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  SEED: 'false',
  DATABASE_URL: process.env.DATABASE_URL,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  // A message's mail notification is not what is measured here.
  MAIL_WORKER: 'false',
  // Every member sends ROUNDS / 2 messages; the shared per-user limit is not what is measured either.
  CHAT_MESSAGE_MAX: '1000',
};
const config = loadConfig(apiEnv);
const app = await buildApp(config, { logger: { level: 'warn' } });

/** The servers: this process's app (INSTANCES=1) or N API processes on the same database. */
const children = [];
let ports;
if (INSTANCES === 1) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  ports = [app.server.address().port];
} else {
  await app.ready();
  ports = [];
  for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
  for (const [i, p] of ports.entries()) {
    const child = spawn(process.execPath, [path.join(apiDir, 'dist', 'server.js')], {
      cwd: root,
      env: { ...process.env, ...apiEnv, PORT: String(p), INSTANCE_NAME: `bench-${i}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
  }
  for (const p of ports) {
    for (;;) {
      const up = await new Promise((resolve) => {
        http
          .get({ host: '127.0.0.1', port: p, path: '/api/health' }, (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          })
          .on('error', () => resolve(false));
      });
      if (up) break;
      if (remaining() === 0) throw new Error(`instance on ${p} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
console.log(
  `API on 127.0.0.1:${ports.join(', ')} (${app.database.kind}, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}); ${CHATS} chats, ${2 * CHATS} streams, ${ROUNDS} rounds`,
);

/** Chat i's candidate talks to instance i mod N, its referrer to the next one (the same when INSTANCES=1). */
const portOf = (i, side) => ports[(i + (side === 'referrer' ? 1 : 0)) % ports.length];

function request(method, url, cookie, body, port = ports[0]) {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          res.statusCode >= 200 && res.statusCode < 300
            ? resolve(JSON.parse(text))
            : reject(new Error(`${method} ${url}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.setTimeout(Math.max(1000, remaining()), () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A live stream: resolves `hello` once the first frame arrives; records message arrivals. */
function openStream(cookie, query, onMessage, port) {
  let req;
  const hello = new Promise((resolve, reject) => {
    req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/chat/events${query}`,
        headers: { cookie, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === 'hello') resolve();
            else if (event === 'message' && data) onMessage(JSON.parse(data), performance.now());
          }
        });
      },
    );
    req.on('error', reject);
  });
  return { hello, close: () => req.destroy() };
}

async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length && remaining() > 0; i += size) {
    await Promise.all(items.slice(i, i + size).map(fn));
  }
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? null
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n) => (n === null ? null : Math.round(n * 100) / 100);

const streams = [];
let exitCode = 0;
try {
  // Users, sessions, job posts and approved requests straight into the database (setup, not measured).
  const tag = Date.now().toString(36);
  const pairs = [];
  for (let i = 0; i < CHATS; i++) {
    const [candidate, referrer] = await app.db
      .insert(schema.users)
      .values([
        { email: `bench-cand-${tag}-${i}@example.com`, fullName: `Candidate ${i}` },
        {
          email: `bench-ref-${tag}-${i}@example.com`,
          fullName: `Referrer ${i}`,
          authMode: 'referrer',
          workEmailAdded: true,
        },
      ])
      .returning({ id: schema.users.id });
    const [job] = await app.db
      .insert(schema.jobPosts)
      .values({
        userId: referrer.id,
        jobTitle: 'Bench Engineer',
        companyName: 'Bench Co',
        jobLocation: 'Remote',
        industry: 'it',
        experience: '3-6',
        jobType: 'Full-time',
        salaryRange: '10-20',
      })
      .returning({ id: schema.jobPosts.id });
    await app.db.insert(schema.referralRequests).values({
      jobPostId: job.id,
      senderId: candidate.id,
      recipientId: referrer.id,
      status: 'approved',
    });
    const cookieOf = async (id) => `referio_sid=${(await app.sessions.create(id)).token}`;
    pairs.push({
      candidate: {
        id: candidate.id,
        cookie: await cookieOf(candidate.id),
        port: portOf(i, 'candidate'),
      },
      referrer: {
        id: referrer.id,
        cookie: await cookieOf(referrer.id),
        port: portOf(i, 'referrer'),
      },
    });
  }
  // Chats through the API.
  await inBatches(pairs, CONCURRENCY, async (p) => {
    const res = await request(
      'POST',
      '/api/chat/createChat',
      p.candidate.cookie,
      { userId: p.candidate.id, referrerId: p.referrer.id },
      p.candidate.port,
    );
    p.chatId = res.data._id;
  });

  // 2 × CHATS streams: the candidate with the chat open, the referrer on the list only.
  const sentAt = new Map();
  const latencies = [];
  let duplicates = 0;
  const delivered = new Set();
  const deliveredAt = new Map();
  const onMessage = (userId) => (m, at) => {
    if (m.senderId === userId) return; // the sender's own echo
    if (delivered.has(m._id)) {
      duplicates += 1;
      return;
    }
    delivered.add(m._id);
    const t0 = sentAt.get(m.content);
    deliveredAt.set(m.content, at);
    if (t0 !== undefined) latencies.push(at - t0);
  };
  const connectStarted = performance.now();
  // Opened a hundred at a time (a thousand connections at once would only measure the accept queue); a
  // stream refused while the instance is busy (503) is opened again a moment later, as EventSource does.
  const openWithRetry = async (cookie, query, handler, port) => {
    for (let attempt = 1; ; attempt++) {
      const s = openStream(cookie, query, handler, port);
      try {
        await s.hello;
        streams.push(s);
        return;
      } catch (err) {
        s.close();
        if (attempt >= 5 || remaining() === 0) throw err;
        streamRetries += 1;
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
    }
  };
  let streamRetries = 0;
  await inBatches(pairs, 50, (p) =>
    Promise.all([
      openWithRetry(
        p.candidate.cookie,
        `?open=${p.chatId}`,
        onMessage(p.candidate.id),
        p.candidate.port,
      ),
      openWithRetry(p.referrer.cookie, '', onMessage(p.referrer.id), p.referrer.port),
    ]),
  );
  const connectMs = performance.now() - connectStarted;

  // Open loop: each rate for STEP_SECONDS, latency counted from the moment a message was due to be sent.
  const sweepRates = async () => {
    const steps = [];
    for (const rate of RATES) {
      if (remaining() === 0) break;
      const step = await sendAtRate(rate);
      steps.push(step);
      console.log(
        `rate ${rate}/s: sent ${step.sent} (${step.achievedPerSec}/s), median ${step.latencyMs.median} ms, p99 ${step.latencyMs.p99} ms, max ${step.latencyMs.max} ms, lost ${step.lost}, send errors ${step.sendErrors}`,
      );
      if (step.lost > 0 || step.sendErrors > 0 || !(step.latencyMs.p99 <= STOP_P99_MS)) break;
    }
    const result = {
      when: new Date().toISOString(),
      database: app.database.kind,
      broker: process.env.EVENTS_BROKER_URL ? 'redis' : 'database',
      instances: INSTANCES,
      chats: CHATS,
      streams: streams.length,
      streamsConnectedMs: round(connectMs),
      stepSeconds: STEP_SECONDS,
      duplicates,
      steps,
    };
    const out = process.env.RESULT_FILE ?? path.join(root, 'bench', 'results', 'chat-rates.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`wrote ${path.relative(root, out)}`);
  };

  /** Sends rate × STEP_SECONDS messages, evenly spaced, round the chats; waits (bounded) for deliveries. */
  const sendAtRate = async (rate) => {
    const count = Math.round(rate * STEP_SECONDS);
    const from = latencies.length;
    const pending = [];
    let sendErrors = 0;
    const t0 = performance.now();
    for (let k = 0; k < count && remaining() > 0; k++) {
      const due = t0 + (k * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const p = pairs[k % pairs.length];
      const sender = Math.floor(k / pairs.length) % 2 ? p.referrer : p.candidate;
      const content = `rate ${rate} ${k}`;
      sentAt.set(content, due);
      const body = { chatId: p.chatId, sender: '', senderId: sender.id, content };
      pending.push(
        request('POST', '/api/message/createMessage', sender.cookie, body, sender.port).catch(
          () => (sendErrors += 1),
        ),
      );
    }
    await Promise.all(pending);
    const sendMs = performance.now() - t0;
    const settleBy = Date.now() + 10_000;
    while (latencies.length - from < count - sendErrors && Date.now() < settleBy && remaining() > 0)
      await new Promise((r) => setTimeout(r, 20));
    const sorted = latencies.slice(from).sort((x, y) => x - y);
    return {
      rate,
      sent: count,
      achievedPerSec: round((count / sendMs) * 1000),
      sendErrors,
      lost: count - sendErrors - sorted.length,
      latencyMs: {
        median: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? null),
      },
    };
  };

  if (RATES.length > 0) await sweepRates();
  else {
    // Messages: every chat, ROUNDS times, alternating the sender.
    const jobs = [];
    for (let r = 0; r < ROUNDS; r++)
      for (const [i, p] of pairs.entries())
        jobs.push({
          p,
          from: r % 2 ? p.referrer : p.candidate,
          key: `r${r}-c${i}`,
        });
    // The clients' own event-loop delay while sending: a late callback shows up as latency too.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const sendStarted = performance.now();
    let sendErrors = 0;
    await inBatches(jobs, CONCURRENCY, async ({ p, from, key }) => {
      const content = `bench ${key}`;
      sentAt.set(content, performance.now());
      try {
        await request(
          'POST',
          '/api/message/createMessage',
          from.cookie,
          { chatId: p.chatId, sender: '', senderId: from.id, content },
          from.port,
        );
      } catch {
        sendErrors += 1;
      }
    });
    const sendMs = performance.now() - sendStarted;
    // Wait (bounded) for the last deliveries.
    const expected = jobs.length - sendErrors;
    while (latencies.length < expected && remaining() > 0)
      await new Promise((r) => setTimeout(r, 20));

    loopDelay.disable();
    const sorted = [...latencies].sort((a, b) => a - b);
    if (process.env.TRACE_FILE) {
      const trace = [...sentAt].map(([content, t]) => ({
        c: content,
        s: performance.timeOrigin + t,
        d: deliveredAt.has(content) ? performance.timeOrigin + deliveredAt.get(content) : null,
      }));
      fs.writeFileSync(process.env.TRACE_FILE, JSON.stringify(trace));
    }
    const result = {
      when: new Date().toISOString(),
      database: app.database.kind,
      instances: INSTANCES,
      node: process.version,
      cpus: os.cpus().length,
      chats: CHATS,
      streams: streams.length,
      rounds: ROUNDS,
      concurrency: CONCURRENCY,
      messagesSent: jobs.length,
      sendErrors,
      delivered: latencies.length,
      lost: expected - latencies.length,
      duplicates,
      streamsConnectedMs: round(connectMs),
      streamRetries,
      sendThroughputPerSec: round((jobs.length / sendMs) * 1000),
      latencyMs: {
        min: round(sorted[0] ?? null),
        median: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? null),
      },
      clientEventLoopDelayMs: {
        p50: round(loopDelay.percentile(50) / 1e6),
        p99: round(loopDelay.percentile(99) / 1e6),
        max: round(loopDelay.max / 1e6),
      },
      timedOut: remaining() === 0,
      totalMs: Date.now() - started,
    };

    const rows = [
      ['database', `${result.database}, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}`],
      ['chats / streams', `${CHATS} / ${streams.length}`],
      ['streams connected in', `${result.streamsConnectedMs} ms`],
      ['messages sent (concurrency)', `${result.messagesSent} (${CONCURRENCY})`],
      ['send throughput', `${result.sendThroughputPerSec} msg/s`],
      ['send errors', `${sendErrors}`],
      ['delivered / lost / duplicates', `${result.delivered} / ${result.lost} / ${duplicates}`],
      ['latency median', `${result.latencyMs.median} ms`],
      ['latency p90', `${result.latencyMs.p90} ms`],
      ['latency p99', `${result.latencyMs.p99} ms`],
      ['latency max', `${result.latencyMs.max} ms`],
      [
        'client event-loop delay p50 / p99',
        `${result.clientEventLoopDelayMs.p50} / ${result.clientEventLoopDelayMs.p99} ms`,
      ],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\n| ${'measure'.padEnd(width)} | value |\n|${'-'.repeat(width + 2)}|-------|`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);

    const out = path.join(
      root,
      'bench',
      'results',
      `chat-${result.database}${INSTANCES > 1 ? `-${INSTANCES}x` : ''}.json`,
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(root, out)}`);
    // A message that could not be sent was never delivered either: the run fails, whatever `lost` says.
    if (result.lost > 0 || result.sendErrors > 0 || result.timedOut) exitCode = 1;
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  for (const s of streams) s.close();
  agent.destroy();
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', resolve);
          c.kill('SIGTERM');
        }),
    ),
  );
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

#!/usr/bin/env node
// Mail outbox benchmark (PostgreSQL: run through tools/bench/with-pg.mjs, or with DATABASE_URL set).
//
// Queues MAILS mails in mail_outbox, starts a local SMTP server (the smtp-server package) and the built
// API as a child process (node api/dist/server.js, its outbox worker on), kills the API once when about
// KILL_AT of the mails have arrived, starts it again, and waits until every row is marked sent. Then it
// compares what the SMTP server received with what was queued: every queued mail must have arrived
// (none lost), and none may have arrived twice (none doubled; counted by Message-ID, which is made from
// the outbox row id). It does this twice: with SIGTERM (a deploy: the worker finishes what it claimed)
// and with SIGKILL (a crash: claimed mail waits for its lease to run out, then another start sends it).
// mails/s: arrivals over the time the API was up and sending. Writes bench/results/outbox-pg.json.
//
//   MAILS=10000 KILL_AT=0.3 node tools/bench/with-pg.mjs tools/bench/lib/outbox-load.mjs
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../run/apps.mjs';
import { apiDir, apiRequire, buildApi } from './api.mjs';

const MAILS = Number(process.env.MAILS ?? 10_000);
const KILL_AT = Number(process.env.KILL_AT ?? 0.3);
const PORT = Number(process.env.BENCH_API_PORT ?? 4117);
const LEASE_SECONDS = 5;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 300_000);
if (!process.env.DATABASE_URL) {
  console.error('DATABASE_URL is not set: run through tools/bench/with-pg.mjs (PostgreSQL).');
  process.exit(2);
}

// The built API is what runs in production.
await buildApi();
const distServer = path.join(apiDir, 'dist', 'server.js');

const { SMTPServer } = apiRequire('smtp-server');
const { Client } = apiRequire('pg');
const { openDatabase } = apiRequire(path.join(apiDir, 'dist', 'db', 'index.js'));

// The schema, migrated once.
const database = await openDatabase({ url: process.env.DATABASE_URL });
await database.migrate();
await database.close();
const db = new Client({ connectionString: process.env.DATABASE_URL });
await db.connect();

// The SMTP server: counts arrivals per Message-ID.
const arrivals = new Map();
let received = 0;
let firstAt = 0;
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  maxClients: 1000,
  disableReverseLookup: true,
  onData(stream, _session, callback) {
    let head = '';
    let inHead = true;
    stream.setEncoding('utf8');
    stream.on('data', (c) => {
      if (!inHead) return;
      head += c;
      if (head.includes('\r\n\r\n')) inHead = false;
    });
    stream.on('end', () => {
      const id = /^Message-ID: *(.*)$/im.exec(head)?.[1]?.trim() ?? '(none)';
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
      received += 1;
      lastAt = performance.now();
      if (!firstAt) firstAt = lastAt;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = smtp.server.address().port;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-bench-outbox-'));
const apiEnv = {
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'error',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED: 'false',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  MAIL_WORKER: 'true',
  MAIL_POLL_MS: '50',
  MAIL_BATCH_SIZE: '100',
  MAIL_CONCURRENCY: '10',
  MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const deadline = Date.now() + TIMEOUT_MS;

const children = new Set();
function startApi() {
  const child = spawn(process.execPath, [distServer], {
    env: apiEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.add(child);
  const exited = new Promise((resolve) => child.on('exit', resolve)).then(() =>
    children.delete(child),
  );
  return { child, exited };
}

async function unsent() {
  const r = await db.query('select count(*)::int as n from mail_outbox where sent_at is null');
  return r.rows[0].n;
}

async function run(signal) {
  await db.query('truncate mail_outbox restart identity');
  arrivals.clear();
  received = 0;
  firstAt = 0;
  lastAt = 0;
  await db.query(
    `insert into mail_outbox (kind, "to", subject, text, html, headers, available_at)
     select 'referral_requested', 'user' || g || '@bench.local', 'Bench mail ' || g,
            'Hello ' || g || ', a plain text part.', '<p>Hello ' || g || ', an HTML part.</p>',
            '{"List-Unsubscribe-Post":"List-Unsubscribe=One-Click"}'::jsonb, now()
     from generate_series(1, $1::int) g`,
    [MAILS],
  );
  console.log(
    `\n${MAILS} mails queued; API started (kill with ${signal} at ${Math.round(KILL_AT * 100)}%)`,
  );
  let api = startApi();
  const t0 = performance.now();
  while (received < MAILS * KILL_AT) {
    if (Date.now() > deadline) throw new Error('timed out before the kill');
    await sleep(5);
  }
  const killedAt = performance.now();
  const atKill = received;
  api.child.kill(signal);
  await api.exited;
  const down = performance.now();
  const afterKill = received;
  console.log(
    `killed at ${atKill} arrivals (${afterKill} once it had exited, ${Math.round(down - killedAt)} ms later); restarting`,
  );
  api = startApi();
  const restarted = performance.now();
  while ((await unsent()) > 0) {
    if (Date.now() > deadline) throw new Error('timed out draining');
    await sleep(50);
  }
  await sleep(300); // let the last SMTP sessions finish
  const done = performance.now();
  api.child.kill('SIGTERM');
  await api.exited;

  const distinct = arrivals.size;
  let doubled = 0;
  for (const n of arrivals.values()) if (n > 1) doubled += n - 1;
  const sent = await db.query(
    'select count(*)::int as n from mail_outbox where sent_at is not null',
  );
  const result = {
    signal,
    queued: MAILS,
    received,
    distinct,
    lost: MAILS - distinct,
    doubled,
    markedSent: sent.rows[0].n,
    atKill,
    // Steady rate: arrivals before the kill over the time from the first arrival to the kill.
    mailsPerSecond: Math.round((atKill / Math.max(1, killedAt - (firstAt || t0))) * 1000),
    restartToDoneSeconds: Number(((done - restarted) / 1000).toFixed(1)),
    wallSeconds: Number(((done - t0) / 1000).toFixed(1)),
  };
  console.log(
    `${signal}: ${distinct} of ${MAILS} arrived (lost ${result.lost}), doubled ${doubled}; ` +
      `${result.mailsPerSecond} mails/s before the kill; ${result.wallSeconds} s in all` +
      (signal === 'SIGKILL'
        ? ` (incl. the ${LEASE_SECONDS} s lease of the killed worker's claimed mail)`
        : ''),
  );
  return result;
}

let status = 0;
const runs = [];
try {
  runs.push(await run('SIGTERM'));
  runs.push(await run('SIGKILL'));
} catch (err) {
  console.error(err);
  status = 1;
} finally {
  for (const child of children) child.kill('SIGKILL');
  await db.end();
  await new Promise((resolve) => smtp.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const resultsDir = path.join(root, 'bench', 'results');
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(
  path.join(resultsDir, 'outbox-pg.json'),
  JSON.stringify(
    { name: 'outbox-pg', at: new Date().toISOString(), mails: MAILS, killAt: KILL_AT, runs },
    null,
    2,
  ),
);
if (runs.some((r) => r.lost > 0)) status = 1;
process.exit(status);

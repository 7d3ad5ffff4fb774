// The shell's /api proxy (shell/server/src/proxy.ts) over a real API: with the database stalled every call answers
// 503 within about a second and each request reaches the API once, and the API's refusals (403, 429) reach the
// browser as given. The proxy's own rules (its 413, retries only for a GET or HEAD whose connection failed) are
// tested in the shell (shell/server/src/server.test.ts).
// Runs on PGlite and, in `npm run test:pg`, on PostgreSQL behind a relay that stops forwarding.
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createClock, signIn, testConfig } from './helper';
import { startShell, type ShellServer } from './shell-support';
import { openStallable, QUERY_TIMEOUT_MS, type Stallable } from './stall-support';

/**
 * What ends a call while the database stalls is the API's own timers (db-watch's probe after DB_STALL_TIMEOUT_MS,
 * the health check's HEALTH_TIMEOUT_MS, the query timeout): the answer is the API's 503 (the API saw the request
 * and answered it, see `arrivals`), not the proxy's 504 after its 30 s limit. About a second on an idle machine;
 * the bound here only tells an answer from a hang (half the proxy's limit), since a loaded machine (CI runs this
 * suite at nice 10 beside the browser journeys) once took 5.8 s for one call. How fast it is on an idle machine:
 * STALL_TIMINGS=1 prints the table.
 */
const WITHIN_MS = 15_000;

let stallable: Stallable;
let api: FastifyInstance;
let shell: ShellServer;
let user: Awaited<ReturnType<typeof signIn>>;
/** Requests the API received, per X-Request-Id. */
const arrivals = new Map<string, number>();

beforeAll(async () => {
  stallable = await openStallable();
  api = await buildApp(
    testConfig({
      DB_QUERY_TIMEOUT_MS: QUERY_TIMEOUT_MS,
      DB_STALL_TIMEOUT_MS: 700,
      OTP_IP_MAX: 3,
      OTP_RESEND_INTERVAL_SECONDS: 0,
    }),
    { database: stallable.database, now: createClock(new Date()).now, logger: false },
  );
  // Counted as the answers go out: a request the API answers early skips the later onRequest hooks.
  api.addHook('onResponse', async (request) => {
    const id = String(request.headers['x-request-id'] ?? '');
    arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  shell = await startShell(`http://127.0.0.1:${(api.server.address() as net.AddressInfo).port}`);
  user = await signIn(api, 'stall-owner@example.com', 0);
});

afterAll(async () => {
  await stallable?.resume().catch(() => undefined);
  await shell?.stop();
  await api?.close();
  await stallable?.close();
});

const ownOrigin = () => ({ origin: shell.base, 'sec-fetch-site': 'same-origin' });

describe('with the database stalled', () => {
  test("every /api call through the shell gets the API's 503 instead of hanging, and reaches the API once", async () => {
    const id = user.user._id;
    const calls: { method: string; url: string; body?: unknown }[] = [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/auth/me' },
      { method: 'GET', url: '/api/notifications' },
      { method: 'GET', url: `/api/auth/GetByIdUser/${id}/0` },
      { method: 'GET', url: '/api/testimonials/getAllTestimonials' },
      {
        method: 'POST',
        url: '/api/company/getAllCompany',
        body: { search: '', start: 0, limit: 5 },
      },
      { method: 'POST', url: '/api/jobPost/getAllJobPost', body: { search: '' } },
      { method: 'POST', url: '/api/auth/login', body: { email: 'x@example.com', roleId: 0 } },
      {
        method: 'PUT',
        url: `/api/auth/updateById/${id}`,
        body: { updatedData: { fullName: 'A' } },
      },
      { method: 'POST', url: '/api/auth/logout' },
    ];
    // Warm: the first call through a new proxy connection is not what this measures.
    expect((await fetch(`${shell.base}/api/health`)).status).toBe(200);
    await stallable.stall();
    const table: { call: string; status: number; ms: number; arrivals: number }[] = [];
    try {
      for (const [i, c] of calls.entries()) {
        const requestId = `stalled-${i}`;
        const started = performance.now();
        const res = await fetch(`${shell.base}${c.url}`, {
          method: c.method,
          headers: {
            cookie: user.cookie,
            'x-request-id': requestId,
            ...ownOrigin(),
            ...(c.body ? { 'content-type': 'application/json' } : {}),
          },
          body: c.body ? JSON.stringify(c.body) : undefined,
        });
        await res.text();
        table.push({
          call: `${c.method} ${c.url}`,
          status: res.status,
          ms: Math.round(performance.now() - started),
          arrivals: arrivals.get(requestId) ?? 0,
        });
      }
    } finally {
      await stallable.resume();
    }
    if (process.env.STALL_TIMINGS) {
      console.info(
        `database stalled (${stallable.database.kind}), through the shell:\n${table
          .map((r) => `  ${r.status}  ${String(r.ms).padStart(5)} ms  x${r.arrivals}  ${r.call}`)
          .join('\n')}`,
      );
    }
    for (const row of table) {
      expect(row).toEqual(expect.objectContaining({ status: 503, arrivals: 1 }));
      expect(row.ms).toBeLessThan(WITHIN_MS);
    }
  });

  test('once the database answers again, the same calls work', async () => {
    let res = await fetch(`${shell.base}/api/auth/me`, { headers: { cookie: user.cookie } });
    for (let i = 0; i < 50 && res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${shell.base}/api/auth/me`, { headers: { cookie: user.cookie } });
    }
    expect(res.status).toBe(200);
  });
});

describe('refusals keep their status through the proxy', () => {
  test('a cross-site write with a 2 MB body answers 403, and a spent per-IP budget 429 with its body', async () => {
    const body = JSON.stringify({ email: 'a@example.com', roleId: 0, pad: 'x'.repeat(2_000_000) });
    const forbidden = await fetch(`${shell.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body,
    });
    expect(forbidden.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${shell.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...ownOrigin() },
        body: JSON.stringify({ email: `budget${i}@example.com`, roleId: 0 }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses).toContain(429);
  });
});

// The shell's /api proxy (shell/server/src/proxy.ts) in front of a real API: it says who the client is itself, so a
// forged X-Forwarded-For neither gets a fresh per-IP budget nor poses as another client,
// and a page on another port of the same host cannot make state-changing calls through it.
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db';
import { createClock, createTestDatabase, testConfig } from './helper';
import { startShell, type ShellServer } from './shell-support';

let database: Database;
let api: FastifyInstance;
let shell: ShellServer;
let base: string;
/** The API's and the shell server's log lines, as JSON. */
const apiLogs: Record<string, unknown>[] = [];
const shellLogs: Record<string, unknown>[] = [];
const parseLines = (chunk: string, into: Record<string, unknown>[]) => {
  for (const line of chunk.split('\n')) {
    if (line.startsWith('{')) into.push(JSON.parse(line) as Record<string, unknown>);
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  api = await buildApp(testConfig({ OTP_IP_MAX: 2, OTP_RESEND_INTERVAL_SECONDS: 0 }), {
    database,
    now: createClock(new Date()).now,
    logger: { level: 'info', stream: { write: (line: string) => parseLines(line, apiLogs) } },
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as net.AddressInfo).port}`;

  shell = await startShell(apiUrl, { LOG_REQUESTS: 'true' }, (chunk) =>
    parseLines(chunk, shellLogs),
  );
  base = shell.base;
});

afterAll(async () => {
  await shell?.stop();
  await api?.close();
  await database?.close();
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

test('a forged X-Forwarded-For through the proxy does not get a fresh per-IP budget', async () => {
  const statuses = [];
  for (let i = 1; i <= 3; i++) {
    const res = await post(
      '/api/auth/createUser',
      { email: `forged${i}@example.com`, roleId: 0 },
      {
        'x-forwarded-for': `10.0.0.${i}`,
        forwarded: `for=10.0.1.${i}`,
        'x-real-ip': `10.0.2.${i}`,
      },
    );
    statuses.push(res.status);
  }
  expect(statuses).toEqual([200, 200, 429]);
});

test('the proxy tells the API the real client address, so the dev mailbox still answers this machine', async () => {
  const res = await fetch(`${base}/api/dev/mail?to=forged1%40example.com`, {
    headers: { 'x-forwarded-for': '203.0.113.1' },
  });
  expect(res.status).toBe(200);
});

test('a page on another port of the same host cannot change state through the proxy', async () => {
  const res = await fetch(`${base}/api/auth/logout`, {
    method: 'POST',
    headers: { origin: 'http://127.0.0.1:3001', 'sec-fetch-site': 'same-site' },
  });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({
    success: false,
    message: 'This request came from another site and was refused.',
  });
  const own = await fetch(`${base}/api/auth/logout`, {
    method: 'POST',
    headers: { origin: base, 'sec-fetch-site': 'same-origin' },
  });
  expect(own.status).toBe(200);
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  /** Log lines are written as the answers go out: wait until the line is there. */
  const logged = async (logs: Record<string, unknown>[], id: string) => {
    for (let i = 0; i < 100 && !logs.some((l) => l.reqId === id); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    return logs.filter((l) => l.reqId === id);
  };

  test('a sane X-Request-Id is echoed, logged by the shell server and passed on to the API, which logs it', async () => {
    const id = 'trace-7f3a.2:b_c';
    const res = await fetch(`${base}/api/auth/config`, { headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const shellLines = await logged(shellLogs, id);
    expect(shellLines).toEqual([
      expect.objectContaining({
        app: 'shell',
        method: 'GET',
        url: '/api/auth/config',
        status: 200,
      }),
    ]);
    const apiLines = await logged(apiLogs, id);
    expect(apiLines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  test('without one (or with a forged one) the shell server makes a UUID, and the API logs that same id', async () => {
    for (const sent of [undefined, 'x'.repeat(129), 'two words', '<script>']) {
      const res = await fetch(`${base}/api/auth/config`, {
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect(await logged(shellLogs, id)).toHaveLength(1);
      expect((await logged(apiLogs, id)).length).toBeGreaterThan(0);
    }
  });
});

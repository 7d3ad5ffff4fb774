// Faults: the database briefly unreachable. Calls answer 503 'Service temporarily unavailable. Please
// try again.' (never a 500, never a crash), health says unavailable, and once the database is back the
// same session works again without signing in.
//
// On PostgreSQL (npm run test:pg) the outage is real: the API talks to the server through a TCP proxy
// that the test stops and starts again. On the embedded PGlite there is no connection to cut, so the
// driver's calls fail the way a closed PGlite fails ('PGlite is closed') until the test lifts the fault.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db';
import { isDatabaseUnavailable } from '../src/lib/errors';
import { createClock, createEmptyPgDatabase, createTestDatabase, testConfig } from './helper';
import { quickUser } from './security-fixtures';

const UNAVAILABLE = {
  success: false,
  message: 'Service temporarily unavailable. Please try again.',
};

interface Faulty {
  database: Database;
  /** The database stops answering. */
  cut(): Promise<void>;
  /** The database answers again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

type Method = (...args: unknown[]) => Promise<unknown>;

/** PGlite: its query, exec and transaction calls reject as a closed PGlite does, until restored. */
async function faultyPglite(): Promise<Faulty> {
  const database = await createTestDatabase();
  const client = (database.db as unknown as { $client: Record<string, Method> }).$client;
  const originals: Record<string, Method> = {};
  const names = ['query', 'exec', 'transaction'];
  return {
    database,
    async cut() {
      for (const name of names) {
        originals[name] = client[name]!;
        client[name] = () => Promise.reject(new Error('PGlite is closed'));
      }
    },
    async restore() {
      for (const name of names) client[name] = originals[name]!;
    },
    close: () => database.close(),
  };
}

/** A TCP proxy in front of PostgreSQL that can be stopped (connections refused and cut) and restarted. */
function tcpProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<number>((resolve) => {
      if (server) return resolve(port);
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve(port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { start, stop };
}

/** PostgreSQL behind the proxy, in a database of its own (dropped at the end). */
async function faultyPostgres(adminUrl: string): Promise<Faulty> {
  const empty = await createEmptyPgDatabase(adminUrl);
  const proxy = tcpProxy(new URL(adminUrl));
  const port = await proxy.start();
  const url = new URL(empty.url);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    database,
    cut: () => proxy.stop(),
    restore: async () => {
      await proxy.start();
    },
    async close() {
      await database.close();
      await proxy.stop();
      await empty.drop();
    },
  };
}

let faulty: Faulty;
let app: FastifyInstance;

beforeAll(async () => {
  faulty = process.env.DATABASE_URL
    ? await faultyPostgres(process.env.DATABASE_URL)
    : await faultyPglite();
});

afterEach(async () => {
  await faulty.restore().catch(() => undefined);
  await app?.close();
});

afterAll(async () => {
  await faulty?.close();
});

async function build() {
  app = await buildApp(testConfig(), {
    database: faulty.database,
    now: createClock(new Date()).now,
    logger: false,
  });
  await app.ready();
  return app;
}

/** Health until it says ok (the pool reconnects on its own; a few tries at most). */
async function waitHealthy(a: FastifyInstance) {
  for (let i = 0; i < 50; i++) {
    const res = await a.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode === 200) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the API did not recover');
}

test('while the database is unreachable, calls answer 503 with a message and health says unavailable', async () => {
  const a = await build();
  const user = await quickUser(a, 'outage');
  await faulty.cut();

  const me = await a.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: user.cookie },
  });
  expect(me.statusCode).toBe(503);
  expect(me.json()).toEqual(UNAVAILABLE);
  expect(me.headers['retry-after']).toBe('5');

  const jobs = await a.inject({
    method: 'POST',
    url: '/api/jobPost/getAllJobPost',
    payload: { search: '', start: 0, limit: 10 },
  });
  expect(jobs.statusCode).toBe(503);
  expect(jobs.json()).toEqual(UNAVAILABLE);

  const signUp = await a.inject({
    method: 'POST',
    url: '/api/auth/createUser',
    payload: { email: 'during-outage@example.com', roleId: 0 },
  });
  expect(signUp.statusCode).toBe(503);
  expect(signUp.json()).toEqual(UNAVAILABLE);

  const health = await a.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toEqual({ status: 'unavailable' });
});

test('once the database is back, the same session works again without signing in', async () => {
  const a = await build();
  const user = await quickUser(a, 'recover');
  await faulty.cut();
  const during = await a.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: user.cookie },
  });
  expect(during.statusCode).toBe(503);

  await faulty.restore();
  expect((await waitHealthy(a)).json()).toEqual({ status: 'ok' });
  const me = await a.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: user.cookie },
  });
  expect(me.statusCode).toBe(200);
  expect(me.json().data.email).toBe(user.email);
  // The outage did not sign anyone out: the cookie was not cleared.
  expect(during.headers['set-cookie']).toBeUndefined();
});

test('a failing query that is not an outage still answers 500 without internals', async () => {
  const a = await build();
  const client = (faulty.database.db as unknown as { $client: Record<string, Method> }).$client;
  const query = client.query!;
  client.query = () =>
    Promise.reject(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }));
  try {
    const res = await a.inject({
      method: 'POST',
      url: '/api/company/getAllCompany',
      payload: { search: '', start: 0, limit: 10 },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Something went wrong. Please try again.',
    });
  } finally {
    client.query = query;
  }
});

test('outages are told apart from query errors, also when a driver error is wrapped', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  });
  expect(isDatabaseUnavailable(refused)).toBe(true);
  expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
  expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('shutdown'), { code: '57P01' }))).toBe(true);
  expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(new Error('syntax error at or near "x"'))).toBe(false);
  expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
});

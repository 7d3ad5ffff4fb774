// A stalled PostgreSQL (runs in npm run test:pg): calls give up after DB_QUERY_TIMEOUT_MS
// with a 503 instead of hanging, and work again once the server answers.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createClock, testConfig } from './helper';
import { openStallable, QUERY_TIMEOUT_MS, type Stallable } from './stall-support';

let stallable: Stallable;
let app: FastifyInstance;

beforeAll(async () => {
  stallable = await openStallable();
  app = await buildApp(testConfig({ DB_QUERY_TIMEOUT_MS: QUERY_TIMEOUT_MS }), {
    database: stallable.database,
    now: createClock(new Date()).now,
    logger: false,
  });
  await app.ready();
});

afterAll(async () => {
  await stallable?.resume().catch(() => undefined);
  await app?.close();
  await stallable?.close();
});

test('calls give up after DB_QUERY_TIMEOUT_MS with a 503 instead of hanging', async () => {
  await stallable.stall();
  try {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/company/getAllCompany',
      payload: { search: '', start: 0, limit: 5 },
    });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(503);
    expect(ms).toBeLessThan(QUERY_TIMEOUT_MS + 1500);
  } finally {
    await stallable.resume();
  }
  const again = await app.inject({
    method: 'POST',
    url: '/api/company/getAllCompany',
    payload: { search: '', start: 0, limit: 5 },
  });
  expect(again.statusCode).toBe(200);
});

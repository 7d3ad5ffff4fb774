// Request ids (one action followed through every log): the caller's X-Request-Id when sane, else a UUID; echoed.
import { buildApp } from '../src/app';
import { setupTestContext, testConfig } from './helper';

const ctx = setupTestContext();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('echoes a sane id sent by the caller (or the proxy in front)', async () => {
    const app = await ctx.build();
    for (const id of [
      'abc',
      '0f8fad5b-d9cb-469f-a165-70867728950e',
      'nginx:5d41402abc4b2a76b9719d911017c592',
      'a'.repeat(128),
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': id },
      });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces a missing, overlong or odd id with a random UUID', async () => {
    const app = await ctx.build();
    const seen = new Set<string>();
    for (const id of [
      undefined,
      '',
      'a'.repeat(129),
      'has space',
      '-leading-dash',
      'quote"d',
      'ünïcode',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: id === undefined ? {} : { 'x-request-id': id },
      });
      const echoed = String(res.headers['x-request-id']);
      expect(echoed).toMatch(UUID);
      seen.add(echoed);
    }
    expect(seen.size).toBe(7);
  });

  it('is on error answers too, and names the instance when INSTANCE_NAME is set', async () => {
    const app = await ctx.build({ INSTANCE_NAME: 'api-b' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-request-id': 'req-401' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('req-401');
    expect(res.headers['x-served-by']).toBe('api-b');
    const plain = await ctx.build();
    expect(
      (await plain.inject({ method: 'GET', url: '/api/health' })).headers['x-served-by'],
    ).toBeUndefined();
  });

  it("is in Fastify's log lines of the request", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp(testConfig(), {
      database: ctx.database,
      now: ctx.clock.now,
      logger: {
        level: 'info',
        stream: { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) },
      },
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'log-me-1' },
      });
      const mine = lines.filter((l) => l.reqId === 'log-me-1');
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await app.close();
    }
  });
});

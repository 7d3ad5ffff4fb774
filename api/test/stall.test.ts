// A stalled database: health answers 503 within a second instead of hanging, and 200
// again by itself once the database answers. (On PostgreSQL the other calls also give up after
// DB_QUERY_TIMEOUT_MS: stall.pg.test.ts.)
import { medianMs, setupStallableApp } from './stall-support';

const ctx = setupStallableApp();

async function timedHealth() {
  const started = performance.now();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, ms: performance.now() - started, body: res.json() };
}

test('health answers 503 within a second while the database stalls, and 200 again by itself after', async () => {
  expect((await timedHealth()).status).toBe(200);
  await ctx.stallable.stall();
  const during = [await timedHealth(), await timedHealth(), await timedHealth()];
  // Within a second (the stall timeout is 0.7 s): the median of the three (medianMs), none near a hang.
  for (const h of during) {
    expect(h.status).toBe(503);
    expect(h.body).toEqual({ status: 'unavailable' });
    expect(h.ms).toBeLessThan(5000);
  }
  expect(medianMs(during.map((h) => h.ms))).toBeLessThan(1000);
  if (process.env.STALL_TIMINGS) {
    console.info(`stalled health (ms): ${during.map((h) => h.ms.toFixed(0)).join(', ')}`);
  }

  await ctx.stallable.resume();
  const started = performance.now();
  let after = await timedHealth();
  while (after.status !== 200 && performance.now() - started < 10_000) {
    await new Promise((r) => setTimeout(r, 100));
    after = await timedHealth();
  }
  expect(after.status).toBe(200);
  if (process.env.STALL_TIMINGS) {
    console.info(`healthy again ${(performance.now() - started).toFixed(0)} ms after the database`);
  }
});

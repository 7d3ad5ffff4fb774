// A stalled database: health answers 503 instead of hanging (its HEALTH_TIMEOUT_MS timer ends the wait:
// the stall lasts until the test resumes the database), and 200 again by itself once the database answers. (On PostgreSQL the other calls also give up after
// DB_QUERY_TIMEOUT_MS: stall.pg.test.ts.)
import { setupStallableApp } from './stall-support';

const ctx = setupStallableApp();

async function timedHealth() {
  const started = performance.now();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, ms: performance.now() - started, body: res.json() };
}

test('health answers 503 while the database stalls, and 200 again by itself after', async () => {
  expect((await timedHealth()).status).toBe(200);
  await ctx.stallable.stall();
  const during = [await timedHealth(), await timedHealth(), await timedHealth()];
  // Nothing but the health check's timer answers while the database is held (0.8 s on an idle machine); the
  // bound only tells an answer from a hang on a loaded machine.
  for (const h of during) {
    expect(h.status).toBe(503);
    expect(h.body).toEqual({ status: 'unavailable' });
    expect(h.ms).toBeLessThan(15_000);
  }
  if (process.env.STALL_TIMINGS) {
    console.info(`stalled health (ms): ${during.map((h) => h.ms.toFixed(0)).join(', ')}`);
  }

  await ctx.stallable.resume();
  const started = performance.now();
  let after = await timedHealth();
  while (after.status !== 200 && performance.now() - started < 30_000) {
    await new Promise((r) => setTimeout(r, 100));
    after = await timedHealth();
  }
  expect(after.status).toBe(200);
  if (process.env.STALL_TIMINGS) {
    console.info(`healthy again ${(performance.now() - started).toFixed(0)} ms after the database`);
  }
});

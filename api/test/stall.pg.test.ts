// A stalled PostgreSQL (runs in npm run test:pg): calls give up after DB_QUERY_TIMEOUT_MS
// with a 503 instead of hanging, and work again once the server answers.
import { setupStallableApp } from './stall-support';

const ctx = setupStallableApp();

test('calls give up after DB_QUERY_TIMEOUT_MS with a 503 instead of hanging', async () => {
  await ctx.stallable.stall();
  try {
    const started = performance.now();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/getAllCompany',
      payload: { search: '', start: 0, limit: 5 },
    });
    const ms = performance.now() - started;
    // The relay holds every byte until resumed: only the API's own timeout answers meanwhile (1.5 s on an
    // idle machine); the bound tells an answer from a hang on a loaded one.
    expect(res.statusCode).toBe(503);
    expect(ms).toBeLessThan(15_000);
  } finally {
    await ctx.stallable.resume();
  }
  const again = await ctx.app.inject({
    method: 'POST',
    url: '/api/company/getAllCompany',
    payload: { search: '', start: 0, limit: 5 },
  });
  expect(again.statusCode).toBe(200);
});

// Trust and safety under real concurrency (runs in npm run test:pg: PostgreSQL's pool answers calls in
// parallel, where PGlite runs one statement at a time): look-alike company names created at once, and
// reports at the daily limit sent at once.
import { companies, reports } from '../src/db/schema';
import { setupTestContext, verifyWorkEmail } from './helper';
import { call, makeUser, postJob } from './market-fixtures';

const ctx = setupTestContext();

test('two look-alike names posted at once make one company; the other is refused', async () => {
  const app = await ctx.build();
  const a = await makeUser(app, 'a');
  const b = await makeUser(app, 'b');
  await verifyWorkEmail(app, a.id, 'a@initech.example');
  await verifyWorkEmail(app, b.id, 'b@initech-careers.example');
  const results = await Promise.all([postJob(app, a, 'Initech'), postJob(app, b, 'Init\u0435ch')]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  expect(await app.db.$count(companies)).toBe(1);
});

test('reports sent at once stop at the daily limit', async () => {
  const app = await ctx.build({ REPORTS_MAX_PER_DAY: 3 });
  const reporter = await makeUser(app, 'reporter');
  // Six different people (a second report of the same one is not a new report).
  const targets = await Promise.all(
    Array.from({ length: 6 }, (_, i) => makeUser(app, `target-${i}`)),
  );
  const results = await Promise.all(
    targets.map((target) =>
      call(app, reporter, 'POST', '/trust/report', {
        targetKind: 'profile',
        targetId: target.id,
        reason: 'spam',
      }),
    ),
  );
  expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
  expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  expect(await app.db.$count(reports)).toBe(3);
});

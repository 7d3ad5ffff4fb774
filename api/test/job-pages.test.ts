// The public job read and the sitemap's job pages (docs/seo.md): what a signed-out visitor's job page, its share
// image and the sitemap are made from.
import { eq } from 'drizzle-orm';
import { jobPosts, users } from '../src/db/schema';
import { setupTestContext } from './helper';
import { call, expectIdRefusals, insertJob, makeUser } from './market-fixtures';

const ctx = setupTestContext();

describe('GET /api/jobPost/public/:jobId', () => {
  it('answers a job to anyone, with no referrer contact, and says when it was last written', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const job = await insertJob(app, referrer.id, { jobTitle: 'Data Engineer' });
    const res = await call(app, null, 'GET', `/jobPost/public/${job.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      _id: job.id,
      jobTitle: 'Data Engineer',
      status: 'active',
      isApplied: false,
      userId: referrer.id,
    });
    expect(Date.parse(body.data.updatedAt)).not.toBeNaN();
    const email = (await app.db.select().from(users).where(eq(users.id, referrer.id)))[0]!.email;
    expect(res.body).not.toContain(email);
  });

  it('answers a closed job as closed, an unknown id with 404 and a malformed one with 400', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const closed = await insertJob(app, referrer.id, { status: 'inactive' });
    const res = await call(app, null, 'GET', `/jobPost/public/${closed.id}`);
    expect(res.json().data.status).toBe('inactive');
    await expectIdRefusals(app, null, 'GET', '/jobPost/public', 'Job post not found');
  });
});

describe('the sitemap of jobs', () => {
  it('pages the active jobs by id (keyset), leaves closed ones out and gives each its last write', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const active = [];
    for (let i = 0; i < 5; i++) active.push((await insertJob(app, referrer.id)).id);
    const closed = (await insertJob(app, referrer.id, { status: 'inactive' })).id;
    active.sort();

    const pages = (await call(app, null, 'GET', '/jobPost/sitemap/pages?size=2')).json();
    expect(pages).toEqual({ success: true, total: 5, afters: [null, active[1], active[3]] });

    const seen: string[] = [];
    for (const after of pages.afters as (string | null)[]) {
      const q = after ? `?limit=2&after=${after}` : '?limit=2';
      const page = (await call(app, null, 'GET', `/jobPost/sitemap${q}`)).json();
      for (const row of page.data as { _id: string; lastmod: string }[]) {
        expect(Date.parse(row.lastmod)).not.toBeNaN();
        seen.push(row._id);
      }
    }
    expect(seen).toEqual(active);
    expect(seen).not.toContain(closed);
  });

  it('moves a job’s lastmod when it is closed, and drops it from the pages', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const job = await insertJob(app, referrer.id);
    await app.db
      .update(jobPosts)
      .set({ updatedAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(jobPosts.id, job.id));
    const before = (await call(app, null, 'GET', '/jobPost/sitemap')).json().data;
    expect(before).toEqual([{ _id: job.id, lastmod: '2025-01-01T00:00:00.000Z' }]);
    await app.jobPosts.setStatus(job.id, 'inactive');
    expect((await call(app, null, 'GET', '/jobPost/sitemap')).json().data).toEqual([]);
    await app.jobPosts.setStatus(job.id, 'active');
    const after = (await call(app, null, 'GET', '/jobPost/sitemap')).json().data;
    expect(Date.parse(after[0].lastmod)).toBeGreaterThan(Date.parse('2025-01-01T00:00:00Z'));
    expect((await call(app, null, 'GET', '/jobPost/sitemap/pages')).json()).toEqual({
      success: true,
      total: 1,
      afters: [null],
    });
  });

  it('refuses a limit past 50,000 and a malformed cursor', async () => {
    const app = await ctx.build();
    expect((await call(app, null, 'GET', '/jobPost/sitemap?limit=50001')).statusCode).toBe(400);
    expect((await call(app, null, 'GET', '/jobPost/sitemap?after=x')).statusCode).toBe(400);
  });
});

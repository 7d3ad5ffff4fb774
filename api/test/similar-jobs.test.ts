// "Similar jobs" (docs/search.md): GET /api/jobPost/similar and the one statement on the postings behind it.
import { sql, type SQL } from 'drizzle-orm';
import { jobPosts } from '../src/db/schema';
import { setupTestContext, validJobColumns } from './helper';
import { call, insertJob, makeUser } from './market-fixtures';

const ctx = setupTestContext();

const titles = (body: { data: { jobTitle: string }[] }) => body.data.map((j) => j.jobTitle);

describe('GET /api/jobPost/similar', () => {
  it('answers active jobs that share its company, title words or skills, the most alike first', async () => {
    const app = await ctx.build();
    const ref = await makeUser(app, 'ref', {}, 1);
    const base = await insertJob(app, ref.id, {
      jobTitle: 'Senior React Developer',
      requiredSkills: ['React', 'TypeScript'],
    });
    const job = (title: string, skills: string[], more: object = {}) =>
      insertJob(app, ref.id, { jobTitle: title, requiredSkills: skills, ...more });
    await job('Senior React Developer', ['React', 'TypeScript'], { companyName: 'Initech' });
    await job('Senior React Developer', ['React', 'TypeScript'], {
      companyName: 'Globex',
      status: 'inactive',
    });
    await job('Backend Developer', ['Go']);
    await job('React Engineer', ['Redux'], { companyName: 'Globex' });
    await job('Accountant', ['Excel'], { companyName: 'Hooli' });

    const res = await call(app, null, 'GET', `/jobPost/similar?jobId=${base.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.basis).toBe('similar');
    // The same title and skills first; then the same company; the accountant shares nothing.
    expect(titles(body)).toEqual(['Senior React Developer', 'Backend Developer', 'React Engineer']);
    expect(body.data[0].companyName).toBe('Initech');
    expect(body.data.map((j: { _id: string }) => j._id)).not.toContain(base.id);
    expect(body.data.every((j: { status: string }) => j.status === 'active')).toBe(true);

    const one = (await call(app, null, 'GET', `/jobPost/similar?jobId=${base.id}&limit=1`)).json();
    expect(titles(one)).toEqual(['Senior React Developer']);
  });

  it('leaves out the jobs of people the caller blocked', async () => {
    const app = await ctx.build();
    const ref = await makeUser(app, 'ref', {}, 1);
    const other = await makeUser(app, 'other', {}, 1);
    const me = await makeUser(app, 'me');
    const base = await insertJob(app, ref.id, { jobTitle: 'Data Engineer', companyName: 'Hooli' });
    await insertJob(app, other.id, { jobTitle: 'Data Engineer', companyName: 'Initech' });
    expect(
      (await call(app, me, 'GET', `/jobPost/similar?jobId=${base.id}`)).json().data,
    ).toHaveLength(1);
    await call(app, me, 'POST', '/trust/block', { userId: other.id });
    const after = (await call(app, me, 'GET', `/jobPost/similar?jobId=${base.id}`)).json();
    expect(after.data).toEqual([]);
    expect(
      (await call(app, null, 'GET', `/jobPost/similar?jobId=${base.id}`)).json().data,
    ).toHaveLength(1);
  });

  it('answers the newest active jobs without a job or for an unknown one, and 400 for bad input', async () => {
    const app = await ctx.build();
    const ref = await makeUser(app, 'ref', {}, 1);
    await insertJob(app, ref.id, { jobTitle: 'Oldest' });
    await insertJob(app, ref.id, { jobTitle: 'Closed', status: 'inactive' });
    await insertJob(app, ref.id, { jobTitle: 'Newest' });
    const none = (await call(app, null, 'GET', '/jobPost/similar')).json();
    expect(none).toMatchObject({ success: true, basis: 'newest' });
    expect(titles(none)).toEqual(['Newest', 'Oldest']);
    const unknown = (
      await call(app, null, 'GET', '/jobPost/similar?jobId=00000000-0000-4000-8000-000000000000')
    ).json();
    expect(unknown.basis).toBe('newest');
    expect(titles(unknown)).toEqual(['Newest', 'Oldest']);
    const bad = await call(app, null, 'GET', '/jobPost/similar?jobId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid id/);
    expect((await call(app, null, 'GET', '/jobPost/similar?limit=13')).statusCode).toBe(400);
    expect((await call(app, null, 'GET', '/jobPost/similar?limit=0')).statusCode).toBe(400);
  });

  it('is one statement that reads only indexes: the postings by key, the jobs by their places', async () => {
    const app = await ctx.build();
    const ref = await makeUser(app, 'ref', {}, 1);
    const base = await insertJob(app, ref.id, {
      jobTitle: 'Platform Engineer',
      requiredSkills: ['Kubernetes', 'Go'],
    });
    // Enough posts (one statement) that reading a few by their places beats reading the listed ones.
    const globex = await app.companies.idFor('Globex', 'it', app.now());
    await app.db.insert(jobPosts).values(
      Array.from({ length: 2000 }, (_, i) => ({
        ...validJobColumns(),
        userId: ref.id,
        companyId: globex,
        companyName: 'Globex',
        jobTitle: i % 2 ? 'Platform Engineer' : 'Accountant',
        requiredSkills: i % 3 ? ['Kubernetes'] : ['Excel'],
        createdAt: new Date(app.now().getTime() - (3000 - i) * 1000),
      })),
    );
    await app.db.execute(sql`analyze`);
    const query = app.jobPosts.similarQuery(base.id, 4);
    const { sql: text, params } = query.toSQL();
    const inlined = text.replace(/\$(\d+)/g, (_, i: string) => {
      const v = params[Number(i) - 1];
      return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    });
    // PGlite's tables are a few pages: the planner would read them whole, or gather a token's few postings
    // in a bitmap and sort them. Forbidding both shows the indexes it takes once they are large.
    let plan = '';
    await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        plan = JSON.stringify(await tx.execute(sql`explain ${sql.raw(inlined) as SQL}`));
        tx.rollback();
      })
      .catch((e: Error) => {
        if (!/rollback/i.test(e.message)) throw e;
      });
    // Each token's newest postings: a backward range of the key, stopped at the limit.
    expect(plan).toMatch(/Index (Only )?Scan Backward using job_post_words_pkey/);
    expect(plan).toContain('job_word_counts_pkey');
    expect(plan).toContain('job_posts_search_pos_uq');
    expect(plan).toContain('job_posts_pkey');
    expect(plan).not.toMatch(/Seq Scan/);
    const rows = await query;
    expect(rows.length).toBe(4);
    expect(rows[0]!.job.jobTitle).toBe('Platform Engineer');
  });
});

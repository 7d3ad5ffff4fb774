import { eq, sql, type SQL } from 'drizzle-orm';
import { companies, jobPosts, workEmailHistory } from '../src/db/schema';
import { SECOND, setupTestContext, verifyAtCompany, verifyWorkEmail } from './helper';
import { call, insertJob, makeUser, sendReferral, uploadResume } from './market-fixtures';

const ctx = setupTestContext();

const validJob = {
  jobTitle: 'Backend Engineer',
  companyName: 'Zeta Widgets',
  jobLocation: 'Hybrid',
  address: 'Pune',
  industry: 'it',
  experience: '3-6',
  jobType: 'Full-time',
  salaryRange: '12-18',
  requiredSkills: ['Node.js', 'PostgreSQL'],
  jobDescription: ['Own the API.'],
  notes: ['Hybrid, 3 days a week.'],
};

describe('POST /api/jobPost/getAllJobPost', () => {
  it('lists only active jobs, newest first, a page at a time with the total', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await insertJob(app, referrer.id));
    await insertJob(app, referrer.id, { status: 'inactive', jobTitle: 'Hidden' });

    const first = (
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { start: 0, limit: 2 })
    ).json();
    expect(first.success).toBe(true);
    expect(first.total).toBe(5);
    expect(first.data.map((j: { _id: string }) => j._id)).toEqual([made[4]!.id, made[3]!.id]);
    const last = (
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { start: 4, limit: 2 })
    ).json();
    expect(last.data.map((j: { _id: string }) => j._id)).toEqual([made[0]!.id]);
    expect(last.total).toBe(5);
    expect(first.data[0]).toMatchObject({
      userId: referrer.id,
      status: 'active',
      isApplied: false,
      companyLogo: '',
      requiredSkills: ['Go'],
      createdAt: made[4]!.createdAt.toISOString(),
    });
  });

  it('searches company names, job titles and skills by whole word, case-insensitively, with the matching total', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    await insertJob(app, referrer.id, { companyName: 'Globex', jobTitle: 'Analyst' });
    await insertJob(app, referrer.id, { jobTitle: 'Senior GLOBEX Designer' });
    await insertJob(app, referrer.id, { requiredSkills: ['Kafka', 'Globex'] });
    await insertJob(app, referrer.id, { jobTitle: 'Globetrotter' });
    const res = (
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { search: 'globex' })
    ).json();
    expect(res.total).toBe(3);
    expect(res.data).toHaveLength(3);
  });

  // `{}` lists every active job; a filter is a search (the session is read in the search's statement,
  // and again on its own when the page comes from the cache).
  it.each([
    ['the list', {}],
    ['a search', { jobType: 'Full-time' }],
  ])(
    '%s marks the jobs the signed-in candidate already requested, whatever userId the body says',
    async (_what, body) => {
      const app = await ctx.build();
      const referrer = await makeUser(app, 'ref');
      const candidate = await makeUser(app, 'cand');
      const other = await makeUser(app, 'other');
      const job = await insertJob(app, referrer.id);
      await insertJob(app, referrer.id);
      await uploadResume(app, candidate);
      const sent = await sendReferral(app, candidate, job.id, referrer.id);
      expect(sent.statusCode).toBe(201);

      const mine = (await call(app, candidate, 'POST', '/jobPost/getAllJobPost', body)).json();
      const applied = mine.data.filter((j: { isApplied: boolean }) => j.isApplied);
      expect(applied.map((j: { _id: string }) => j._id)).toEqual([job.id]);
      const theirs = (
        await call(app, other, 'POST', '/jobPost/getAllJobPost', { ...body, userId: candidate.id })
      ).json();
      expect(theirs.data.every((j: { isApplied: boolean }) => !j.isApplied)).toBe(true);
      // Apart from isApplied, the same answer (the shared one is serialised once per cached page).
      expect(theirs).toEqual({
        ...mine,
        data: mine.data.map((j: { isApplied: boolean }) => ({ ...j, isApplied: false })),
      });
      expect(Object.keys(theirs)).toEqual([
        'success',
        'data',
        'total',
        'totalCapped',
        'start',
        'limit',
      ]);
      const anonymous = await call(app, null, 'POST', '/jobPost/getAllJobPost', body);
      // From the cache now: still this caller's own isApplied.
      const again = (await call(app, candidate, 'POST', '/jobPost/getAllJobPost', body)).json();
      expect(again).toEqual(mine);
      expect(anonymous.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(anonymous.json()).toEqual(theirs);
    },
  );

  it.each([
    ['the list', {}],
    ['a search', { jobType: 'Full-time' }],
  ])(
    '%s looks the session up itself: slides it, drops an expired cookie, answers without one',
    async (_what, body) => {
      const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
      const referrer = await makeUser(app, 'ref');
      const candidate = await makeUser(app, 'cand');
      await insertJob(app, referrer.id);
      const search = (cookie?: string) =>
        app.inject({
          method: 'POST',
          url: '/api/jobPost/getAllJobPost',
          headers: cookie ? { cookie } : {},
          payload: body,
        });
      const setCookie = (res: Awaited<ReturnType<typeof search>>) =>
        res.cookies.find((c) => c.name === 'referio_sid');
      const day = 24 * 60 * 60 * SECOND;
      ctx.clock.advance(2 * day);
      const slid = await search(candidate.cookie);
      expect(slid.statusCode).toBe(200);
      expect(setCookie(slid)?.maxAge).toBe(30 * 24 * 60 * 60);
      expect((await search(candidate.cookie)).cookies).toEqual([]);
      ctx.clock.advance(31 * day);
      const expired = await search(candidate.cookie);
      expect(expired.statusCode).toBe(200);
      expect(expired.json().data).toHaveLength(1);
      expect(setCookie(expired)?.value).toBe('');
      const unknown = await search('referio_sid=not-a-session');
      expect(unknown.statusCode).toBe(200);
      expect(setCookie(unknown)?.value).toBe('');
    },
  );

  it('reuses a search page and its total for SEARCH_CACHE_SECONDS, and a job posted here shows at once', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 10 });
    const referrer = await makeUser(app, 'ref');
    await verifyAtCompany(app, referrer.id, validJob.companyName);
    await insertJob(app, referrer.id, { jobTitle: 'Kafka Engineer' });
    const search = async (text = 'KAFKA') =>
      (await call(app, null, 'POST', '/jobPost/getAllJobPost', { search: text })).json();
    expect((await search()).total).toBe(1);

    // Written by another instance: shown once the cache time is over (the same search in any case).
    await insertJob(app, referrer.id, { jobTitle: 'Kafka Admin' });
    const cached = await search('kafka');
    expect(cached.data).toHaveLength(1);
    expect(cached.total).toBe(1);
    ctx.clock.advance(10 * SECOND);
    const fresh = await search();
    expect(fresh.data).toHaveLength(2);
    expect(fresh.total).toBe(2);

    // Written through this instance: on the next search.
    const created = await call(app, referrer, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      jobTitle: 'Kafka Streams Developer',
      userId: referrer.id,
    });
    expect(created.statusCode).toBe(201);
    const after = await search();
    expect(after.total).toBe(3);
    expect(after.data[0]._id).toBe(created.json().data._id);
  });

  it('refuses a limit above 100 and a negative start with a message', async () => {
    const app = await ctx.build();
    const big = await call(app, null, 'POST', '/jobPost/getAllJobPost', { limit: 101 });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('limit must be at most 100');
    const neg = await call(app, null, 'POST', '/jobPost/getAllJobPost', { start: -1 });
    expect(neg.statusCode).toBe(400);
  });

  it('answers a search and its total from the postings index, reading job_posts only for the page', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    // On a real server: enough rows that the planner itself prefers the index to a scan. On PGlite (kept
    // fast): fewer rows and scans disabled inside a rolled-back transaction, which still proves the
    // search's conditions are exactly the indexed ones.
    const onPostgres = ctx.database.kind === 'pg';
    // In statements of 2,000 posts (each well within the query timeout on a busy machine: the triggers
    // index every post's words, pairs and vocabulary as it is written).
    const n = onPostgres ? 20000 : 300;
    for (let from = 1; from <= n; from += 2000)
      await app.db.execute(sql`
        insert into job_posts (user_id, job_title, company_name, job_location, industry, experience, job_type, salary_range, required_skills)
        select ${referrer.id}, 'Role ' || md5(g::text), 'Company ' || md5((g * 7)::text), 'Remote', 'it', '3-6', 'Full-time', '10-20',
               array['Skill ' || md5((g * 13)::text), 'Java']
        from generate_series(${from}::int, ${Math.min(n, from + 1999)}::int) as g`);
    await app.db.execute(sql`vacuum analyze`);
    const q = {
      status: 'active' as const,
      search: 'java',
      filters: { location: 'Remote' as const },
      viewerId: null,
      limit: 9,
    };
    const explain = async (query: SQL) => {
      if (onPostgres) return JSON.stringify(await app.db.execute(sql`explain ${query}`));
      let plan = '';
      await app.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          plan = JSON.stringify(await tx.execute(sql`explain ${query}`));
          tx.rollback();
        })
        .catch((e: Error) => {
          if (!/rollback/i.test(e.message)) throw e;
        });
      return plan;
    };
    expect(app.jobPosts.usesPostings(q)).toBe(true);
    // One statement: referio_search_query_page(), and the page's posts read by their places.
    const seen: { step: string; sql: string; params: unknown[] }[] = [];
    await app.jobPosts.page(q, {
      onQuery: (step, query) => seen.push({ step, ...query.toSQL() }),
    });
    expect(seen.map((x) => x.step)).toEqual(['search']);
    expect(seen[0]!.sql).toMatch(/from referio_search_query_page\(/);
    const searchPlan = await explain(
      sql.raw(
        seen[0]!.sql.replace(/\$(\d+)/g, (_, i: string) => {
          const v = seen[0]!.params[Number(i) - 1];
          return Array.isArray(v)
            ? `'{${v.join(',')}}'`
            : v === null || v === undefined
              ? 'null'
              : `'${String(v)}'`;
        }),
      ),
    );
    expect(searchPlan).toContain('job_posts_search_pos_uq');
    expect(searchPlan).not.toMatch(/Seq Scan on job_post/);
    // On the server, both tokens are common enough to be read as bitmaps.
    const bits = await app.db.execute(
      sql`select word, has_bits from job_word_counts where word in ('java', '~loc:Remote') order by word`,
    );
    expect(JSON.stringify(bits)).toContain(onPostgres ? '"has_bits":true' : '"has_bits":false');
    const page = await call(app, null, 'POST', '/jobPost/getAllJobPost', {
      search: 'JAVA',
      location: 'Remote',
      limit: 9,
    });
    expect(page.json()).toMatchObject({ total: onPostgres ? 1000 : 300, totalCapped: onPostgres });
  });
});

describe('GET /api/jobPost/GetById/:jobId/:userId', () => {
  it('answers the job with its referrer object and isApplied for the signed-in user', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', { fullName: 'Riya Referrer', position: 'SDE 2' });
    const candidate = await makeUser(app, 'cand');
    const job = await insertJob(app, referrer.id);
    const res = await call(app, candidate, 'GET', `/jobPost/GetById/${job.id}/${candidate.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: job.id,
      isApplied: false,
      userId: {
        _id: referrer.id,
        email: '',
        fullName: 'Riya Referrer',
        position: 'SDE 2',
        profileLink: null,
        workEmailHistory: [],
      },
    });
  });

  it("shows the referrer's e-mail and work-e-mail history only to the poster and once a request is approved", async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', {}, 1); // verified at Acme Corp
    const candidate = await makeUser(app, 'cand');
    await uploadResume(app, candidate);
    const job = await insertJob(app, referrer.id);
    const contact = async (u: typeof candidate) => {
      const body = (await call(app, u, 'GET', `/jobPost/GetById/${job.id}/${u.id}`)).json().data;
      return [body.userId.email, body.userId.workEmailHistory.length, body.verifiedDomain];
    };
    expect(await contact(referrer)).toEqual([referrer.email, 1, 'acme-corp.com']);
    expect(await contact(candidate)).toEqual(['', 0, 'acme-corp.com']);
    const sent = await sendReferral(app, candidate, job.id, referrer.id);
    // A pending request earns nothing yet.
    expect(await contact(candidate)).toEqual(['', 0, 'acme-corp.com']);
    const approved = await call(
      app,
      referrer,
      'PUT',
      `/referralRequest/updateReferralStatus/${sent.json().data._id}`,
      { status: 'approved' },
    );
    expect(approved.statusCode).toBe(200);
    expect(await contact(candidate)).toEqual([referrer.email, 1, 'acme-corp.com']);
    // Nobody else.
    const other = await makeUser(app, 'other');
    expect(
      JSON.stringify(
        (await call(app, other, 'GET', `/jobPost/GetById/${job.id}/${other.id}`)).json(),
      ),
    ).not.toContain(referrer.email);
  });

  it("answers the referrer's work-e-mail history oldest first", async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const job = await insertJob(app, referrer.id);
    const now = new Date();
    await app.db.insert(workEmailHistory).values([
      {
        userId: referrer.id,
        email: 'r@later.example',
        companyName: 'Later',
        startDate: '2021-03-01',
        createdAt: now,
      },
      {
        userId: referrer.id,
        email: 'r@first.example',
        companyName: 'First',
        startDate: '2015-01-13',
        createdAt: now,
      },
    ]);
    // Its poster sees it (others do not: the test above).
    const res = await call(app, referrer, 'GET', `/jobPost/GetById/${job.id}/${referrer.id}`);
    expect(res.statusCode).toBe(200);
    const history = (await app.users.workEmailHistory(referrer.id)).map((h) => ({
      _id: h.id,
      email: h.email,
      companyName: h.companyName,
      startDate: h.startDate,
    }));
    expect(history.map((h) => h.companyName)).toEqual(['First', 'Later']);
    expect(res.json().data.userId.workEmailHistory).toEqual(history);
    expect(res.json().data.createdAt).toBe(job.createdAt.toISOString());
  });

  it('needs a session and answers 404 for an unknown job', async () => {
    const app = await ctx.build();
    const candidate = await makeUser(app, 'cand');
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await call(app, null, 'GET', `/jobPost/GetById/${id}/${id}`)).statusCode).toBe(401);
    const missing = await call(app, candidate, 'GET', `/jobPost/GetById/${id}/${candidate.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Job post not found');
    const bad = await call(app, candidate, 'GET', `/jobPost/GetById/not-an-id/${candidate.id}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('referrer job posts', () => {
  it('creates a job post linked to an existing company by name, or to a new one', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', {}, 1);
    const [zeta] = await app.db.insert(companies).values({ name: 'Zeta Widgets' }).returning();
    await verifyAtCompany(app, referrer.id, 'Zeta Widgets');
    const res = await call(app, referrer, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      companyName: 'zeta widgets',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ userId: referrer.id, status: 'active', totalReferrals: 0 });
    const row = (await app.db.select().from(jobPosts).where(eq(jobPosts.id, data._id)))[0];
    expect(row?.companyId).toBe(zeta!.id);

    // A new company: created for a referrer whose work address is at a domain no company has yet.
    const founder = await makeUser(app, 'founder');
    await verifyWorkEmail(app, founder.id, 'f@brand-new.example');
    const fresh = await call(app, founder, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      companyName: 'Brand New Co',
    });
    expect(fresh.statusCode).toBe(201);
    expect(await app.db.$count(companies)).toBe(3); // Acme Corp (the fixtures'), Zeta, Brand New Co
  });

  it('refuses values outside the spec enums and missing fields with the wizard message', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', {}, 1);
    const bad = await call(app, referrer, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      jobType: 'Internship',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please fill in all required fields in Step 1.');
    const noSkills = await call(app, referrer, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      requiredSkills: [],
    });
    expect(noSkills.json().message).toBe('Please fill in all required fields in Step 2.');
    expect(await app.db.$count(jobPosts)).toBe(0);
    const anonymous = await call(app, null, 'POST', '/jobPost/createJobPost', validJob);
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists only the caller's own posts with search, status filter and total, and refuses another user's list", async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref', {}, 1);
    const other = await makeUser(app, 'other', {}, 1);
    await insertJob(app, referrer.id, { jobTitle: 'Data Engineer' });
    await insertJob(app, referrer.id, { jobTitle: 'Data Analyst', status: 'inactive' });
    await insertJob(app, referrer.id, { jobTitle: 'Designer' });
    await insertJob(app, other.id, { jobTitle: 'Data Scientist' });
    const all = (
      await call(app, referrer, 'POST', '/jobPost/getAllJobPostByUserId', { userId: referrer.id })
    ).json();
    expect(all.total).toBe(3);
    const data = (
      await call(app, referrer, 'POST', '/jobPost/getAllJobPostByUserId', {
        userId: referrer.id,
        search: 'data',
        status: 'Active',
      })
    ).json();
    expect(data.total).toBe(1);
    expect(data.data[0].jobTitle).toBe('Data Engineer');
    const theirs = await call(app, referrer, 'POST', '/jobPost/getAllJobPostByUserId', {
      userId: other.id,
    });
    expect(theirs.statusCode).toBe(403);
  });

  it("updates and deactivates the owner's job, and refuses another referrer's job", async () => {
    const app = await ctx.build();
    const owner = await makeUser(app, 'owner', {}, 1);
    const intruder = await makeUser(app, 'intruder', {}, 1);
    const job = await insertJob(app, owner.id);
    await verifyAtCompany(app, owner.id, validJob.companyName); // the edit moves it to Zeta Widgets
    const edit = { ...validJob, jobTitle: 'Staff Engineer' };
    const denied = await call(app, intruder, 'PUT', `/jobPost/updateById/${job.id}`, edit);
    expect(denied.statusCode).toBe(403);
    const deniedStatus = await call(app, intruder, 'PUT', `/jobPost/updateStatus/${job.id}`, {
      status: 'inactive',
    });
    expect(deniedStatus.statusCode).toBe(403);
    expect((await app.db.select().from(jobPosts).where(eq(jobPosts.id, job.id)))[0]).toMatchObject({
      jobTitle: job.jobTitle,
      status: 'active',
    });

    const ok = await call(app, owner, 'PUT', `/jobPost/updateById/${job.id}`, edit);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      jobTitle: 'Staff Engineer',
      companyName: 'Zeta Widgets',
    });
    const off = await call(app, owner, 'PUT', `/jobPost/updateStatus/${job.id}`, {
      status: 'inactive',
    });
    expect(off.json().data.status).toBe('inactive');
    const listed = (await call(app, null, 'POST', '/jobPost/getAllJobPost', {})).json();
    expect(listed.total).toBe(0);
    const badStatus = await call(app, owner, 'PUT', `/jobPost/updateStatus/${job.id}`, {
      status: 'closed',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe('Status must be active or inactive');
  });
});

describe('GET /api/jobPost/getJobsByCandidate/:userId', () => {
  it('ranks six jobs by skill overlap, then experience band, then newest, without requested or own jobs', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const candidate = await makeUser(app, 'cand', {
      skills: ['React', 'TypeScript', 'node.js'],
      overAllExperience: 4,
    });
    const twoSkills = await insertJob(app, referrer.id, {
      requiredSkills: ['react', 'Node.js', 'Go'],
      experience: '9-12',
    });
    const oneSkillBand = await insertJob(app, referrer.id, {
      requiredSkills: ['TypeScript'],
      experience: '3-6',
    });
    const oneSkillOtherBand = await insertJob(app, referrer.id, {
      requiredSkills: ['TypeScript'],
      experience: '6-9',
    });
    const newestNoSkill = [];
    for (let i = 0; i < 4; i++)
      newestNoSkill.push(await insertJob(app, referrer.id, { requiredSkills: ['Cobol'] }));
    const requested = await insertJob(app, referrer.id, {
      requiredSkills: ['React', 'TypeScript', 'Node.js'],
    });
    await insertJob(app, candidate.id, { requiredSkills: ['React', 'TypeScript', 'Node.js'] });
    await insertJob(app, referrer.id, {
      requiredSkills: ['React', 'TypeScript'],
      status: 'inactive',
    });
    await uploadResume(app, candidate);
    await sendReferral(app, candidate, requested.id, referrer.id);

    const res = await call(app, candidate, 'GET', `/jobPost/getJobsByCandidate/${candidate.id}`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((j: { _id: string }) => j._id);
    expect(ids).toEqual([
      twoSkills.id,
      oneSkillBand.id,
      oneSkillOtherBand.id,
      newestNoSkill[3]!.id,
      newestNoSkill[2]!.id,
      newestNoSkill[1]!.id,
    ]);
    const other = await makeUser(app, 'other');
    const denied = await call(app, other, 'GET', `/jobPost/getJobsByCandidate/${candidate.id}`);
    expect(denied.statusCode).toBe(403);
  });

  it('suggests the newest jobs to a new candidate with no skills and no experience yet', async () => {
    const app = await ctx.build();
    const referrer = await makeUser(app, 'ref');
    const candidate = await makeUser(app, 'fresh', { skills: [], overAllExperience: null });
    const jobs = [];
    for (let i = 0; i < 7; i++) jobs.push(await insertJob(app, referrer.id, {}));

    const res = await call(app, candidate, 'GET', `/jobPost/getJobsByCandidate/${candidate.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((j: { _id: string }) => j._id)).toEqual(
      jobs
        .slice(1)
        .reverse()
        .map((j) => j.id),
    );
  });
});

import type { FastifyInstance } from 'fastify';
import { desc, sql } from 'drizzle-orm';
import { companies, jobPosts } from '../src/db/schema';
import { setupTestContext, validJobBody, verifyAtCompany } from './helper';
import { call, insertJob, makeUser, type TestUser } from './market-fixtures';

const ctx = setupTestContext();

interface Answer {
  data: { _id: string; jobTitle: string }[];
  total: number;
  totalCapped: boolean;
  company?: { _id: string; companyName: string } | null;
}

const search = async (app: FastifyInstance, payload: object, who: TestUser | null = null) => {
  const res = await call(app, who, 'POST', '/jobPost/getAllJobPost', payload);
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
};
const titles = (a: Answer) => a.data.map((j) => j.jobTitle);

async function company(app: FastifyInstance, name: string) {
  const rows = await app.db
    .insert(companies)
    .values({ name, industry: 'it' })
    .returning({ id: companies.id });
  return rows[0]!.id;
}

/** Six jobs that differ in one field at a time (insertJob's defaults: Full-time, Remote, it, 3-6). */
async function market(app: FastifyInstance) {
  const ref = await makeUser(app, 'ref');
  const globex = await company(app, 'Globex');
  const initech = await company(app, 'Initech');
  await insertJob(app, ref.id, { jobTitle: 'A', companyId: globex, companyName: 'Globex' });
  await insertJob(app, ref.id, { jobTitle: 'B', jobType: 'Contract', companyId: initech });
  await insertJob(app, ref.id, { jobTitle: 'C', jobLocation: 'Hybrid', jobType: 'Contract' });
  await insertJob(app, ref.id, { jobTitle: 'D', industry: 'finance', experience: '9-12' });
  await insertJob(app, ref.id, { jobTitle: 'E', experience: '1-3', companyId: globex });
  await insertJob(app, ref.id, {
    jobTitle: 'F',
    jobType: 'Contract',
    companyId: globex,
    status: 'inactive',
  });
  return { ref, globex, initech };
}

describe('getAllJobPost filters', () => {
  it.each([
    ['jobType', 'Contract', ['C', 'B']],
    ['location', 'Hybrid', ['C']],
    ['industry', 'finance', ['D']],
    ['experience', '1-3', ['E']],
  ])('narrows the active jobs to %s = %s, newest first', async (key, value, expected) => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await market(app);
    const res = await search(app, { [key]: value });
    expect(titles(res)).toEqual(expected);
    expect(res.total).toBe(expected.length);
  });

  it("narrows to one company's active jobs and names the company", async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const { globex } = await market(app);
    const res = await search(app, { company: globex });
    expect(titles(res)).toEqual(['E', 'A']);
    expect(res.company).toEqual({ _id: globex, companyName: 'Globex' });
    const unknown = await search(app, { company: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.data).toEqual([]);
    expect(unknown.company).toBeNull();
  });

  it('combines filters with each other and with the search text', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const { initech } = await market(app);
    expect(titles(await search(app, { jobType: 'Contract', location: 'Remote' }))).toEqual(['B']);
    expect(titles(await search(app, { jobType: 'Contract', company: initech }))).toEqual(['B']);
    expect(titles(await search(app, { jobType: 'Contract', location: 'On-site' }))).toEqual([]);
    expect(titles(await search(app, { search: 'hybrid', jobType: 'Contract' }))).toEqual(['C']);
    const all = await search(app, {
      jobType: 'Full-time',
      location: 'Remote',
      industry: 'it',
      experience: '3-6',
    });
    expect(titles(all)).toEqual(['A']);
  });

  it('treats empty and null filters as no filter (the spec payload still works)', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await market(app);
    const plain = await search(app, { search: '', start: 0, limit: 100 });
    expect(plain.total).toBe(5);
    const blank = await search(app, { jobType: '', location: null, industry: '', company: '' });
    expect(blank.total).toBe(5);
  });

  it.each([
    ['jobType', 'Freelance', 'Job type must be one of: Full-time, Part-time, Contract'],
    ['location', 'remote', 'Location type must be one of: On-site, Remote, Hybrid'],
    ['industry', 'IT', 'Industry must be one of: it, marketing, finance, sales'],
    ['experience', '3', 'Experience must be one of: 1-3, 3-6, 6-9, 9-12'],
    ['company', 'globex', 'Company must be a company id'],
  ])('refuses %s = %p with a 400 that says what is allowed', async (key, value, message) => {
    const app = await ctx.build();
    const res = await call(app, null, 'POST', '/jobPost/getAllJobPost', { [key]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("filters a referrer's own list the same way", async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const { ref } = await market(app);
    const res = await call(app, ref, 'POST', '/jobPost/getAllJobPostByUserId', {
      userId: ref.id,
      jobType: 'Contract',
    });
    expect(titles(res.json())).toEqual(['F', 'C', 'B']);
    const active = await call(app, ref, 'POST', '/jobPost/getAllJobPostByUserId', {
      userId: ref.id,
      jobType: 'Contract',
      status: 'active',
      location: 'Hybrid',
    });
    expect(titles(active.json())).toEqual(['C']);
  });
});

describe('getAllJobPost search words', () => {
  async function jobs(app: FastifyInstance) {
    const ref = await makeUser(app, 'ref');
    await insertJob(app, ref.id, {
      jobTitle: 'React Developer',
      companyName: 'Nimbus Labs',
      address: '12 MG Road, Bengaluru, Karnataka',
      requiredSkills: ['TypeScript'],
    });
    await insertJob(app, ref.id, {
      jobTitle: 'Backend Engineer',
      companyName: 'Quartz Data',
      address: 'Pune, Maharashtra',
      requiredSkills: ['React', 'Go'],
    });
    await insertJob(app, ref.id, {
      jobTitle: 'Data Analyst',
      companyName: 'Bengaluru Analytics',
      address: 'Chennai',
      jobLocation: 'On-site',
      requiredSkills: ['SQL'],
    });
  }

  it('requires every word, each in any of title, company, skills, address or location type', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    // 'react' in a title or a skill; 'bengaluru' in an address or a company name.
    expect(titles(await search(app, { search: 'react bengaluru' }))).toEqual(['React Developer']);
    expect(titles(await search(app, { search: 'react' }))).toEqual([
      'Backend Engineer',
      'React Developer',
    ]);
    expect(titles(await search(app, { search: 'bengaluru' }))).toEqual([
      'Data Analyst',
      'React Developer',
    ]);
    expect(titles(await search(app, { search: 'sql on-site' }))).toEqual(['Data Analyst']);
    expect(titles(await search(app, { search: 'react chennai' }))).toEqual([]);
  });

  it('ignores case, extra spaces and repeated words', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    const res = await search(app, { search: '   REACT \t  Bengaluru   react ' });
    expect(titles(res)).toEqual(['React Developer']);
    expect(res.total).toBe(1);
  });

  it('matches words as people type them: stems, case and accents folded, punctuation a space', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    // Stems: 'engineers', 'engineering' and 'engineer' are one word; 'analysts' finds 'Analyst'.
    for (const word of ['engineer', 'engineers', 'Engineering'])
      expect(titles(await search(app, { search: word }))).toEqual(['Backend Engineer']);
    expect(titles(await search(app, { search: 'analysts' }))).toEqual(['Data Analyst']);
    // Accents and case folded, on both sides.
    expect(titles(await search(app, { search: 'BENGALÚRU réact' }))).toEqual(['React Developer']);
    // The last word is a prefix too ('eng' finds 'Engineer'); a piece from inside a word finds nothing,
    // and neither does a prefix before another word.
    expect(titles(await search(app, { search: 'eng' }))).toEqual(['Backend Engineer']);
    expect((await search(app, { search: 'gineer' })).total).toBe(0);
    expect((await search(app, { search: 'eng backend' })).total).toBe(0);
    expect(titles(await search(app, { search: 'react, %bengaluru_' }))).toEqual([
      'React Developer',
    ]);
    expect(titles(await search(app, { search: 'MG-road' }))).toEqual(['React Developer']);
    // Every word counts, common English ones too (no stop words): no post has 'the'.
    expect((await search(app, { search: 'the react' })).total).toBe(0);
    // Only punctuation: no words, so the whole list.
    expect((await search(app, { search: '%_\\' })).total).toBe(3);
  });

  it('answers from job_posts itself while the postings are stale, and from the postings once rebuilt', async () => {
    const ref = await makeUser(await ctx.build(), 'ref');
    const app0 = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await insertJob(app0, ref.id, { jobTitle: 'Kafka Engineer' });
    // A bulk load with the triggers off: a post the postings do not know.
    await app0.db.execute(sql`alter table job_posts disable trigger user`);
    await insertJob(app0, ref.id, { jobTitle: 'Kafka Lead' });
    await app0.db.execute(sql`alter table job_posts enable trigger user`);
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    expect(await app.jobPosts.checkPostings()).toBe(false);
    const stale = await search(app, { search: 'kafka' });
    expect(titles(stale)).toEqual(['Kafka Lead', 'Kafka Engineer']);
    expect(stale.total).toBe(2);
    await app.db.execute(sql`select referio_search_rebuild()`);
    const rebuilt = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    expect(await rebuilt.jobPosts.checkPostings()).toBe(true);
    expect(titles(await search(rebuilt, { search: 'kafka', jobType: 'Full-time' }))).toEqual([
      'Kafka Lead',
      'Kafka Engineer',
    ]);
  });

  it('answers an inactive job in no search, and a reactivated one again', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    const job = await insertJob(app, ref.id, { jobTitle: 'Kafka Engineer' });
    const set = (status: 'active' | 'inactive') =>
      call(app, ref, 'PUT', `/jobPost/updateStatus/${job.id}`, { status });
    expect((await set('inactive')).statusCode).toBe(200);
    expect((await search(app, { search: 'kafka' })).total).toBe(0);
    expect((await search(app, { jobType: 'Full-time' })).total).toBe(0);
    expect((await set('active')).statusCode).toBe(200);
    expect(titles(await search(app, { search: 'kafka', jobType: 'Full-time' }))).toEqual([
      'Kafka Engineer',
    ]);
  });

  it('finds an edited job by its new words and filters only', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref', {}, 1); // verified at Acme Corp, the job's company
    const job = await insertJob(app, ref.id, { jobTitle: 'Kafka Engineer' });
    const edited = await call(app, ref, 'PUT', `/jobPost/updateById/${job.id}`, {
      jobTitle: 'Rust Engineer',
      companyName: 'Acme Corp',
      jobLocation: 'Hybrid',
      address: 'Pune',
      jobType: 'Contract',
      salaryRange: '10-20',
      requiredSkills: ['Rust'],
      jobDescription: ['Build.'],
      notes: ['Kind.'],
    });
    expect(edited.statusCode).toBe(200);
    expect((await search(app, { search: 'kafka' })).total).toBe(0);
    expect((await search(app, { location: 'Remote' })).total).toBe(0);
    expect(titles(await search(app, { search: 'rust pune', jobType: 'Contract' }))).toEqual([
      'Rust Engineer',
    ]);
  });
});

describe('search postings', () => {
  it('keep every token count equal to the active posts that have it, through posting, editing and closing', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const { ref } = await market(app);
    const job = await insertJob(app, ref.id, { jobTitle: 'Kafka Engineer' });
    await call(app, ref, 'PUT', `/jobPost/updateStatus/${job.id}`, { status: 'inactive' });
    await call(app, ref, 'PUT', `/jobPost/updateStatus/${job.id}`, { status: 'active' });
    await app.db.execute(sql`update job_posts set job_type = 'Part-time' where id = ${job.id}`);
    await app.db.execute(sql`delete from job_posts where job_title = 'A'`);
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const drift = await rows(sql`
      select coalesce(c.word, p.word) as word, c.jobs, p.n
      from job_word_counts c
      full join (select word, count(*)::int as n from job_post_words group by word) p on p.word = c.word
      where coalesce(c.jobs, 0) <> coalesce(p.n, 0)`);
    expect(drift).toEqual([]);
    const expected = await rows(sql`
      select count(*)::int as n from job_posts where status = 'active' and search_words @> referio_words('engineer')`);
    expect((await search(app, { search: 'engineer' })).total).toBe(expected[0]?.n);
    expect(titles(await search(app, { search: 'kafka', jobType: 'Part-time' }))).toEqual([
      'Kafka Engineer',
    ]);
  });

  it('answers a word or a filter no active job has with nothing, at once', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const { globex } = await market(app);
    expect(await search(app, { search: 'zeppelin engineer' })).toMatchObject({
      data: [],
      total: 0,
      totalCapped: false,
    });
    expect((await search(app, { company: globex, location: 'Hybrid' })).total).toBe(0);
    expect(titles(await search(app, { company: globex, search: 'engineer' }))).toEqual([]);
  });
});

describe('bounded totals', () => {
  it('counts exactly up to SEARCH_TOTAL_BOUND, then answers the bound with totalCapped', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0, SEARCH_TOTAL_BOUND: 10 });
    const ref = await makeUser(app, 'ref');
    for (let i = 0; i < 10; i++) await insertJob(app, ref.id);
    const exact = await search(app, { limit: 9 });
    expect(exact).toMatchObject({ total: 10, totalCapped: false });
    await insertJob(app, ref.id);
    await insertJob(app, ref.id, { jobType: 'Contract' });
    const capped = await search(app, { limit: 9 });
    expect(capped).toMatchObject({ total: 10, totalCapped: true });
    expect(capped.data).toHaveLength(9);
    // Pages beyond the bound still answer (the list is not cut, only the count).
    const beyond = await search(app, { start: 9, limit: 9 });
    expect(beyond.data).toHaveLength(3);
    expect(beyond).toMatchObject({ total: 10, totalCapped: true });
    // A narrower search is exact again.
    expect(await search(app, { jobType: 'Contract' })).toMatchObject({
      total: 1,
      totalCapped: false,
    });
  });

  it('refuses a bound below 10 at boot', async () => {
    await expect(ctx.build({ SEARCH_TOTAL_BOUND: 5 })).rejects.toThrow(/SEARCH_TOTAL_BOUND/);
  });
});

describe('the two reads of a search: postings and bitmaps', () => {
  /** Lowers (or restores) the count from which a token is kept as bitmaps, and applies it at once. */
  const bitsFrom = async (app: FastifyInstance, min: number) => {
    await app.db.execute(
      sql.raw(`create or replace function referio_search_bits_min() returns integer
        language sql immutable parallel safe as $$ select ${min} $$`),
    );
    await app.db.execute(sql`select referio_search_bits_refresh()`);
  };
  afterEach(async () => {
    // The function outlives the test's data: the default again for the next test.
    const app = await ctx.build();
    await bitsFrom(app, 1000);
  });

  it('answer every search as job_posts itself does, newest first, across blocks and through edits', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0, SEARCH_TOTAL_BOUND: 10 });
    const ref = await makeUser(app, 'ref');
    // Posts on both sides of a block boundary (8,192 places a block).
    await app.db.execute(sql`select setval('job_posts_search_pos_seq', 8175)`);
    // 100 jobs: 'kotlin' in every other, 'rust' in every third, 'pune' in every fifth; a few contracts.
    // (As bitmaps: two or three tokens are joined block by block; four, expected to match more than
    // four times the bound, are read one block at a time, and four rarer ones all at once.)
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const skills = [...(i % 2 === 0 ? ['Kotlin'] : []), ...(i % 3 === 0 ? ['Rust'] : [])];
      const job = await insertJob(app, ref.id, {
        jobTitle: `${i % 7 === 0 ? 'Engineering Lead' : 'Engineer'} ${i}`,
        requiredSkills: skills.length ? skills : ['Go'],
        address: i % 5 === 0 ? 'Pune' : i % 11 === 0 ? 'Bengalūru' : 'Chennai',
        jobType: i % 4 === 0 ? 'Contract' : 'Full-time',
      });
      ids.push(job.id);
    }
    const queries: Record<string, unknown>[] = [
      { search: 'kotlin rust' },
      { search: 'kotlin engineer' },
      { search: 'kotlin engineer', start: 9 },
      { search: 'engineer kotlin', start: 12 },
      { search: 'rust pune' },
      { search: 'kotlin rust pune' },
      { search: 'kotlin', jobType: 'Contract' },
      { search: 'engineer', jobType: 'Contract', location: 'Remote' },
      { search: 'rust chennai', jobType: 'Full-time' },
      { search: 'kotlin go' },
      { search: 'rust', start: 6 },
      { search: 'kotlin engineer', start: 27 },
      { search: 'kotlin engineer', start: 3 },
      { search: 'pune', jobType: 'Contract', start: 1 },
      { jobType: 'Full-time', location: 'Remote', start: 10 },
      { search: 'engineer chennai', jobType: 'Full-time', location: 'Remote', start: 2 },
      { search: 'kotlin rust engineer', jobType: 'Full-time' },
      // Stems, case and accents: 'engineers' and 'engineering' are 'engineer'; 'BENGALURU' 'Bengalūru'.
      { search: 'Engineers KOTLIN' },
      { search: 'engineering', start: 9 },
      { search: 'bengaluru' },
      { search: 'BENGALÚRU engineers', jobType: 'Full-time' },
      { search: 'lead rust' },
    ];
    // What job_posts itself answers (search_words, by the same referio_words(), and the filter
    // columns), newest first.
    const expected = async (payload: Record<string, unknown>) => {
      const q = {
        status: 'active' as const,
        search: payload.search as string | undefined,
        filters: {
          jobType: payload.jobType as 'Contract' | undefined,
          location: payload.location as 'Remote' | undefined,
        },
      };
      const rows = await app.db
        .select({ title: jobPosts.jobTitle })
        .from(jobPosts)
        .where(app.jobPosts.where(q))
        .orderBy(desc(jobPosts.createdAt), desc(jobPosts.id));
      const start = (payload.start as number | undefined) ?? 0;
      return {
        titles: rows.slice(start, start + 9).map((r) => r.title),
        total: Math.min(rows.length, 10),
        capped: rows.length > 10,
      };
    };
    const check = async (how: string) => {
      for (const payload of queries) {
        const got = await search(app, { limit: 9, ...payload });
        expect({
          how,
          payload,
          titles: titles(got),
          total: got.total,
          capped: got.totalCapped,
        }).toEqual({ how, payload, ...(await expected(payload)) });
      }
    };
    // Every token under the threshold: postings only.
    await check('postings');
    // A threshold of 2: every token with two posts or more as bitmaps too (a token with one stays
    // postings): the bitmap read, and the mixed one ('pune' with a filter).
    await bitsFrom(app, 2);
    const kept = await app.db.execute(sql`select count(*)::int as n from job_search_bits`);
    expect(JSON.stringify(kept)).not.toContain('"n":0');
    await check('bitmaps');
    // Edits keep the bitmaps: closing, reopening, a new post, a changed job type, a deleted post.
    await call(app, ref, 'PUT', `/jobPost/updateStatus/${ids[38]}`, { status: 'inactive' });
    await call(app, ref, 'PUT', `/jobPost/updateStatus/${ids[2]}`, { status: 'inactive' });
    await call(app, ref, 'PUT', `/jobPost/updateStatus/${ids[2]}`, { status: 'active' });
    await insertJob(app, ref.id, { jobTitle: 'Engineer new', requiredSkills: ['Kotlin', 'Rust'] });
    await app.db.execute(sql`update job_posts set job_type = 'Contract' where id = ${ids[36]}`);
    await app.db.execute(sql`delete from job_posts where id = ${ids[30]}`);
    await check('bitmaps after edits');
    // The bits are exactly the postings of the tokens that have them.
    const stray = await app.db.execute(sql`
      select c.word from job_word_counts c
      where c.has_bits and (
        select count(*) from job_post_words p where p.word = c.word
      ) <> (select coalesce(sum(bit_count(b.bits)), 0) from job_search_bits b where b.token = c.word)`);
    expect((stray as unknown as { rows: unknown[] }).rows).toEqual([]);
    // And back above every count: the bitmaps are dropped, the postings answer alone.
    await bitsFrom(app, 1000);
    const left = await app.db.execute(sql`select count(*)::int as n from job_search_bits`);
    expect(JSON.stringify(left)).toContain('"n":0');
    await check('postings again');
    // What they answer is the jobs themselves, newest first (insertJob: later ones are newer).
    const both = await search(app, { search: 'kotlin rust', limit: 4 });
    expect(titles(both)).toEqual([
      'Engineer new',
      'Engineer 96',
      'Engineer 90',
      'Engineering Lead 84',
    ]);
  });
});

describe('the search page', () => {
  it('is the same JSON as the posts mapped here: logos, verified referrers, figures, dates', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const verified = await makeUser(app, 'verified');
    const plain = await makeUser(app, 'plain');
    await verifyAtCompany(app, verified.id, 'Acme Corp');
    await app.db.execute(
      sql`update companies set logo = 'https://cdn.example/acme.png' where name = 'Acme Corp'`,
    );
    await insertJob(app, verified.id, { jobTitle: 'Kotlin Engineer', companyLogo: 'x.png' });
    await insertJob(app, plain.id, {
      jobTitle: 'Kotlin Lead "Q&A" <b>',
      companyName: 'Globex',
      requiredSkills: ['Kotlin', 'C++', 'naïve, "quoted"'],
      // Braces and quotes inside a value stay as they are.
      notes: ['x}{"logo":y', '}{"logo":'],
      companyLogo: null,
      createdAt: new Date('2026-01-02T03:04:05.678Z'),
    });
    // Figures with a median of 2.5 s (rounded half up) for one referrer, none for the other.
    await app.db
      .execute(sql`insert into referrer_responsiveness (referrer_id, received, answered, median_answer_seconds, computed_at)
      values (${verified.id}, 4, 3, 2.5, now())`);
    for (const payload of [{ search: 'kotlin' }, { search: 'kotlin', jobType: 'Full-time' }, {}]) {
      const res = await call(app, null, 'POST', '/jobPost/getAllJobPost', { limit: 9, ...payload });
      expect(res.statusCode).toBe(200);
      // Each post as the by-id read maps it in Node (`toJobPost`).
      const data = res.json().data as { _id: string }[];
      expect(data).toHaveLength(2);
      const mapped = await Promise.all(data.map((j) => app.jobPosts.find(j._id, null)));
      expect(data).toEqual(mapped);
    }
    const [first] = (await search(app, { search: 'kotlin engineer' })).data as unknown as {
      responsiveness: unknown;
      verifiedAtCompany: unknown;
      logo: unknown;
    }[];
    expect(first).toMatchObject({
      responsiveness: { received: 4, answered: 3, medianAnswerSeconds: 3 },
      verifiedAtCompany: 'confirmed',
      logo: 'https://cdn.example/acme.png',
    });
  });
});

describe('company job counts', () => {
  it("shows each company's number of active jobs on getAllCompany", async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const { globex, initech } = await market(app);
    const empty = await company(app, 'Hooli');
    const acme = await app.companies.idByName('Acme Corp'); // C and D: insertJob's default company
    const res = await call(app, null, 'POST', '/company/getAllCompany', {});
    const counts = Object.fromEntries(
      (res.json().data as { _id: string; jobCount: number }[]).map((c) => [c._id, c.jobCount]),
    );
    // Globex: A and E active, F inactive.
    expect(counts).toEqual({ [globex]: 2, [initech]: 1, [empty]: 0, [acme!]: 2 });
  });

  it('counts a job posted through the API under its company', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    await verifyAtCompany(app, ref.id, 'Umbrella');
    const posted = await call(app, ref, 'POST', '/jobPost/createJobPost', {
      ...validJobBody,
      userId: ref.id,
      jobTitle: 'Platform Engineer',
      companyName: 'Umbrella',
    });
    expect(posted.statusCode).toBe(201);
    const list = (await call(app, null, 'POST', '/company/getAllCompany', {})).json();
    expect(list.data).toEqual([expect.objectContaining({ companyName: 'Umbrella', jobCount: 1 })]);
    const jobs = await search(app, { company: list.data[0]._id });
    expect(titles(jobs)).toEqual(['Platform Engineer']);
  });
});

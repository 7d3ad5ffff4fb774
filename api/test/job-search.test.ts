import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { companies } from '../src/db/schema';
import { setupTestContext, verifyAtCompany } from './helper';
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

  it('matches whole words, and punctuation separates words as it does in the jobs', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    expect(titles(await search(app, { search: 'engineer' }))).toEqual(['Backend Engineer']);
    expect((await search(app, { search: 'eng' })).total).toBe(0);
    expect(titles(await search(app, { search: 'react, %bengaluru_' }))).toEqual([
      'React Developer',
    ]);
    expect(titles(await search(app, { search: 'MG-road' }))).toEqual(['React Developer']);
    // Only punctuation: no words, so the whole list.
    expect((await search(app, { search: '%_\\' })).total).toBe(3);
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
      select count(*)::int as n from job_posts where status = 'active' and 'engineer' = any(search_words)`);
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

describe('the two reads of a search of several tokens', () => {
  it('answer the same pages and totals: the walk alone, and the walk cut short then the GIN index', async () => {
    // Walking at most one posting sends every search of several tokens with a word on to the GIN
    // intersection (and, past the bound, back to the walk for the page); a huge budget never does.
    const intersecting = await ctx.build({
      SEARCH_CACHE_SECONDS: 0,
      SEARCH_TOTAL_BOUND: 10,
      SEARCH_WALK_POSTINGS: 1,
    });
    const walking = await ctx.build({
      SEARCH_CACHE_SECONDS: 0,
      SEARCH_TOTAL_BOUND: 10,
      SEARCH_WALK_POSTINGS: 10_000_000,
    });
    const ref = await makeUser(intersecting, 'ref');
    // 30 jobs: 'kotlin' in every other, 'rust' in every third, 'pune' in every fifth; a few contracts.
    for (let i = 0; i < 30; i++) {
      const skills = [...(i % 2 === 0 ? ['Kotlin'] : []), ...(i % 3 === 0 ? ['Rust'] : [])];
      await insertJob(intersecting, ref.id, {
        jobTitle: `Engineer ${i}`,
        requiredSkills: skills.length ? skills : ['Go'],
        address: i % 5 === 0 ? 'Pune' : 'Chennai',
        jobType: i % 4 === 0 ? 'Contract' : 'Full-time',
      });
    }
    const queries = [
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
    ];
    for (const payload of queries) {
      const a = await search(intersecting, { limit: 9, ...payload });
      const b = await search(walking, { limit: 9, ...payload });
      expect({ payload, ...a }).toEqual({ payload, ...b });
    }
    // The reads each took (a public search as getAllJobPost asks it).
    const reads = async (app: FastifyInstance, search: string) => {
      const labels: string[] = [];
      const q = { search, status: 'active' as const, viewerId: null, start: 0, limit: 9 };
      await app.jobPosts.page(q, { onQuery: (label) => labels.push(label) });
      return labels;
    };
    expect(await reads(intersecting, 'kotlin rust')).toEqual(['capped walk', 'intersection']);
    expect(await reads(intersecting, 'kotlin engineer')).toEqual([
      'capped walk',
      'intersection',
      'walk page',
    ]);
    expect(await reads(walking, 'kotlin rust')).toEqual(['walk']);
    expect(await reads(walking, 'kotlin')).toEqual(['walk page']);
    // And what they answer is the jobs themselves, newest first (insertJob: later ones are newer).
    const both = await search(walking, { search: 'kotlin rust' });
    expect(titles(both)).toEqual([
      'Engineer 24',
      'Engineer 18',
      'Engineer 12',
      'Engineer 6',
      'Engineer 0',
    ]);
    expect(both).toMatchObject({ total: 5, totalCapped: false });
    const dense = await search(intersecting, { search: 'kotlin engineer', start: 9 });
    expect(dense).toMatchObject({ total: 10, totalCapped: true });
    expect(titles(dense)).toEqual([
      'Engineer 10',
      'Engineer 8',
      'Engineer 6',
      'Engineer 4',
      'Engineer 2',
      'Engineer 0',
    ]);
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
      userId: ref.id,
      jobTitle: 'Platform Engineer',
      companyName: 'Umbrella',
      jobLocation: 'Remote',
      address: 'Pune',
      industry: 'it',
      experience: '3-6',
      jobType: 'Full-time',
      salaryRange: '10-20',
      requiredSkills: ['Go'],
      jobDescription: ['Build.'],
      notes: ['Kind.'],
    });
    expect(posted.statusCode).toBe(201);
    const list = (await call(app, null, 'POST', '/company/getAllCompany', {})).json();
    expect(list.data).toEqual([expect.objectContaining({ companyName: 'Umbrella', jobCount: 1 })]);
    const jobs = await search(app, { company: list.data[0]._id });
    expect(titles(jobs)).toEqual(['Platform Engineer']);
  });
});

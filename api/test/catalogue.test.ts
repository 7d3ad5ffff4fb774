import { companies as companiesTable } from '../src/db/schema';
import { setupTestContext } from './helper';

// One seeded database for the whole file: these tests only read it.
const ctx = setupTestContext({ keepData: true });

const companies = (app: Awaited<ReturnType<typeof ctx.build>>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/company/getAllCompany', payload });

describe('demo data', () => {
  it('seeds an empty database with companies, job posts, referrers, a candidate and testimonials', async () => {
    const app = await ctx.build({ SEED: true });
    const db = app.db;
    const [companyRows, jobs, users, testimonials, history] = await Promise.all([
      db.query.companies.findMany(),
      db.query.jobPosts.findMany(),
      db.query.users.findMany(),
      db.query.testimonials.findMany(),
      db.query.workEmailHistory.findMany(),
    ]);
    expect(companyRows.length).toBeGreaterThanOrEqual(60);
    expect(jobs.length).toBeGreaterThanOrEqual(300);
    expect(testimonials).toHaveLength(6);
    expect(new Set(jobs.map((j) => j.companyId)).size).toBe(companyRows.length);

    const referrers = users.filter((u) => u.authMode === 'referrer');
    expect(referrers.length).toBeGreaterThanOrEqual(3);
    expect(referrers.every((r) => r.workEmailAdded)).toBe(true);
    expect(new Set(history.map((h) => h.userId)).size).toBe(referrers.length);
    expect(new Set(jobs.map((j) => j.userId)).size).toBeLessThanOrEqual(referrers.length);
    expect(jobs.every((j) => referrers.some((r) => r.id === j.userId))).toBe(true);
    // Every job is posted by a referrer who works at that company (their current position says so).
    const byId = new Map(referrers.map((r) => [r.id, r]));
    expect(
      jobs.filter((j) => !byId.get(j.userId)?.position.endsWith(` at ${j.companyName}`)),
    ).toEqual([]);
    expect(
      users.some((u) => u.email === 'candidate@referio.test' && u.authMode === 'candidate'),
    ).toBe(true);

    const now = ctx.clock.now().getTime();
    for (const j of jobs) {
      expect(['On-site', 'Remote', 'Hybrid']).toContain(j.jobLocation);
      expect(['1-3', '3-6', '6-9', '9-12']).toContain(j.experience);
      expect(j.salaryRange).toMatch(/^\d+-\d+$/);
      expect(j.requiredSkills.length).toBeGreaterThanOrEqual(4);
      expect(j.jobDescription.length).toBeGreaterThanOrEqual(3);
      expect(j.notes.length).toBeGreaterThanOrEqual(3);
      expect(now - j.createdAt.getTime()).toBeLessThanOrEqual(60 * 24 * 60 * 60 * 1000);
    }
  });

  it('does not seed twice', async () => {
    const app = await ctx.build({ SEED: true });
    expect(await app.db.$count(companiesTable)).toBe(64);
  });
});

describe('POST /api/company/getAllCompany', () => {
  it('lists companies by name with the total, from start, limit at a time', async () => {
    const app = await ctx.build();
    const first = (await companies(app, { start: 0, limit: 40 })).json();
    expect(first.success).toBe(true);
    expect(first.data).toHaveLength(40);
    expect(first.total).toBe(64);
    const names = first.data.map((c: { companyName: string }) => c.companyName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(first.data[0]).toEqual({
      _id: expect.any(String),
      companyName: expect.any(String),
      logo: expect.stringMatching(/^data:image\/svg\+xml,/),
      industry: expect.stringMatching(/^(it|marketing|finance|sales)$/),
      jobCount: expect.any(Number),
    });
    const rest = (await companies(app, { start: '40', limit: '40' })).json();
    expect(rest.data).toHaveLength(24);
    expect(rest.data[0].companyName).not.toBe(names[39]);
  });

  it('searches company names case-insensitively, with the total of matches', async () => {
    const app = await ctx.build();
    const all = (await companies(app, { limit: 100 })).json().data as { companyName: string }[];
    const word = all[0]?.companyName.split(' ')[1] ?? 'Labs';
    const expected = all.filter((c) => c.companyName.toLowerCase().includes(word.toLowerCase()));
    const res = (
      await companies(app, { search: `  ${word.toUpperCase()} `, start: 0, limit: 2 })
    ).json();
    expect(res.total).toBe(expected.length);
    expect(res.data.map((c: { companyName: string }) => c.companyName)).toEqual(
      expected.slice(0, 2).map((c) => c.companyName),
    );
  });

  it('treats % and _ in a search literally', async () => {
    const app = await ctx.build();
    const res = (await companies(app, { search: '%' })).json();
    expect(res).toMatchObject({ data: [], total: 0 });
  });

  it('uses defaults for an empty body and refuses bad paging', async () => {
    const app = await ctx.build();
    const dflt = (await companies(app, {})).json();
    expect(dflt.data).toHaveLength(40);
    const bad = await companies(app, { limit: 1000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'limit must be at most 100' });
    const negative = await companies(app, { start: -1 });
    expect(negative.json().message).toBe('start must be 0 or more');
  });
});

describe('GET /api/testimonials/getAllTestimonials', () => {
  it('answers the six testimonials with name, picture, position and text', async () => {
    const app = await ctx.build();
    const res = await app.inject({ method: 'GET', url: '/api/testimonials/getAllTestimonials' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(6);
    for (const t of data) {
      expect(t).toEqual({
        _id: expect.any(String),
        name: expect.any(String),
        profile: expect.stringMatching(/^data:image\/svg\+xml,/),
        position: expect.any(String),
        description: expect.any(String),
      });
    }
  });
});

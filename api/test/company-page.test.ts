// A company's public page (docs/decisions-public.md, "Company pages"): GET /api/company/:companyId and its
// jobs through the job list's company filter.
import { companyDomains } from '../src/db/schema';
import { setupTestContext } from './helper';
import { call, insertJob, makeUser } from './market-fixtures';

const ctx = setupTestContext();

describe('GET /api/company/:companyId', () => {
  it("counts the open jobs and their referrers, and lists only the referrers' domains that are the company's", async () => {
    const app = await ctx.build();
    const now = app.now();
    const acme = await app.companies.idFor('Acme Corp', 'it', now);
    const globex = await app.companies.idFor('Globex', 'it', now);
    // A: verified at Acme's confirmed domain (acme-corp.com).
    const a = await makeUser(app, 'a', {}, 1);
    // B: at a domain only claimed for Acme (unconfirmed).
    const b = await makeUser(app, 'b', { workEmailDomain: 'acme-careers.example' });
    await app.db.insert(companyDomains).values({
      domain: 'acme-careers.example',
      companyId: acme,
      claimedBy: b.id,
      createdAt: now,
    });
    // C: moved to Globex (its confirmed domain); D: at a domain an operator rejected for Acme.
    const c = await makeUser(app, 'c', { workEmailDomain: 'globex.example' });
    await app.companies.addDomain(globex, 'globex.example', now);
    const d = await makeUser(app, 'd', { workEmailDomain: 'acme-fake.example' });
    await app.db.insert(companyDomains).values({
      domain: 'acme-fake.example',
      companyId: acme,
      createdAt: now,
      rejectedAt: now,
    });
    await insertJob(app, a.id);
    await insertJob(app, a.id);
    await insertJob(app, a.id, { status: 'inactive' });
    await insertJob(app, b.id);
    await insertJob(app, c.id);
    await insertJob(app, d.id);
    await insertJob(app, c.id, { companyName: 'Globex' });

    const res = await call(app, null, 'GET', `/company/${acme}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        _id: acme,
        companyName: 'Acme Corp',
        logo: null,
        industry: 'it',
        openJobs: 5,
        referrers: 4,
        domains: [
          { domain: 'acme-corp.com', confirmed: true, referrers: 1 },
          { domain: 'acme-careers.example', confirmed: false, referrers: 1 },
        ],
      },
    });
    // A company without open jobs still has its page.
    const empty = await app.companies.idFor('Initech', 'it', now);
    expect((await call(app, null, 'GET', `/company/${empty}`)).json().data).toMatchObject({
      companyName: 'Initech',
      openJobs: 0,
      referrers: 0,
      domains: [],
    });
  });

  it('answers an unknown company with 404 and a malformed id with 400', async () => {
    const app = await ctx.build();
    const unknown = await call(app, null, 'GET', '/company/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Company not found');
    const bad = await call(app, null, 'GET', '/company/acme-corp');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid id/);
  });

  it("pages the company's open jobs newest first through the job list's company filter", async () => {
    const app = await ctx.build();
    const a = await makeUser(app, 'a', {}, 1);
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await insertJob(app, a.id)).id);
    await insertJob(app, a.id, { companyName: 'Globex' });
    const acme = (await app.companies.idFor('Acme Corp', 'it', app.now()))!;
    const first = (
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { company: acme, limit: 9 })
    ).json();
    expect(first.total).toBe(11);
    expect(first.company).toEqual({ _id: acme, companyName: 'Acme Corp' });
    expect(first.data.map((j: { _id: string }) => j._id)).toEqual(ids.slice(2).reverse());
    const second = (
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { company: acme, start: 9, limit: 9 })
    ).json();
    expect(second.data.map((j: { _id: string }) => j._id)).toEqual(ids.slice(0, 2).reverse());
  });
});

import type * as DisposableLists from 'disposable-email-domains-js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, companyDomains, jobPosts, workEmailHistory } from '../src/db/schema';
import {
  DISPOSABLE_EMAIL_MESSAGE,
  INVALID_WORK_EMAIL_MESSAGE,
  isDisposableMailAddress,
  isFreeMailAddress,
  PERSONAL_EMAIL_MESSAGE,
  registrableDomain,
  workEmailProblem,
} from '../src/lib/work-email';
import type * as WorkEmail from '../src/lib/work-email';
import { latestCode, setupTestContext, validJobBody, verifyWorkEmail } from './helper';
import {
  call,
  insertJob,
  makeUser,
  postJob,
  sendReferral,
  type TestUser,
  uploadResume,
} from './market-fixtures';

const ctx = setupTestContext();

/** A company with these e-mail domains (confirmed, as a seeded company's). */
async function company(app: FastifyInstance, name: string, ...domains: string[]) {
  const id = await app.companies.idFor(name, 'it', app.now());
  for (const d of domains) await app.companies.addDomain(id, d, app.now());
  return id;
}

/** Verifies `workEmail` for `u` through the API (code mailed, then entered). */
async function verifyThroughApi(app: FastifyInstance, u: TestUser, workEmail: string) {
  const sent = await call(app, u, 'POST', '/auth/workEmailVerify', {
    workEmail,
    id: u.id,
  });
  if (sent.statusCode !== 200) return sent;
  const otp = await latestCode(app, workEmail);
  return call(app, u, 'POST', '/auth/workEmailVerifyOtp', { workEmail, id: u.id, otp });
}

const listed = async (app: FastifyInstance, search: string) =>
  (await call(app, null, 'POST', '/jobPost/getAllJobPost', { search })).json().data as {
    jobTitle: string;
    verifiedAtCompany: string | null;
    verifiedDomain: string | null;
  }[];

describe('work e-mail domains', () => {
  it('takes the registrable domain by the Public Suffix List: subdomains and multi-part suffixes', () => {
    expect(registrableDomain('a@eng.acme.co.uk')).toBe('acme.co.uk');
    expect(registrableDomain('a@ACME.co.uk')).toBe('acme.co.uk');
    expect(registrableDomain('a@mail.nimbus-labs.co.in')).toBe('nimbus-labs.co.in');
    expect(registrableDomain('a@x.y.acme.com.au')).toBe('acme.com.au');
    expect(registrableDomain('a@acme.com')).toBe('acme.com');
    expect(registrableDomain('a@co.uk')).toBeNull();
    expect(registrableDomain('a@localhost')).toBeNull();
  });

  it('refuses free and disposable mail providers from the maintained lists, and hosts with no domain', () => {
    for (const free of ['a@gmail.com', 'a@yahoo.co.in', 'a@rediffmail.com', 'a@proton.me']) {
      expect(isFreeMailAddress(free)).toBe(true);
      expect(workEmailProblem(free)).toBe(PERSONAL_EMAIL_MESSAGE);
    }
    expect(isDisposableMailAddress('a@0-mail.com')).toBe(true);
    expect(isDisposableMailAddress('a@acme.co.uk')).toBe(false);
    expect(workEmailProblem('a@0-mail.com')).toBe(DISPOSABLE_EMAIL_MESSAGE);
    expect(workEmailProblem('a@sub.0-mail.com')).toBe(DISPOSABLE_EMAIL_MESSAGE);
    expect(workEmailProblem('a@localhost')).toBe(INVALID_WORK_EMAIL_MESSAGE);
    expect(workEmailProblem('a@acme.co.uk')).toBeNull();
    expect(workEmailProblem('a@eng.acme.co.uk')).toBeNull();
  });

  // A list rebuilt per check (17,000 domains) would take tens of seconds for many checks; the lists are read
  // into sets once, when the module loads, and every check looks up those sets. (Its speed is not this test's:
  // a bound in milliseconds fails on a loaded machine.)
  it('reads the provider lists once, not per check', () => {
    jest.isolateModules(() => {
      const lists = jest.requireActual<typeof DisposableLists>('disposable-email-domains-js');
      const built = jest.spyOn(lists, 'disposableEmailBlocklistSet');
      const fresh = jest.requireActual<typeof WorkEmail>('../src/lib/work-email');
      expect(built).toHaveBeenCalledTimes(1);
      for (let i = 0; i < 1000; i++) fresh.workEmailProblem(`a${i}@team${i % 50}.acme.co.uk`);
      expect(fresh.workEmailProblem('a@0-mail.com')).toBe(DISPOSABLE_EMAIL_MESSAGE);
      expect(built).toHaveBeenCalledTimes(1);
    });
  });

  it('refuses a free or disposable address at POST /auth/workEmailVerify with the message the UI shows', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'u');
    const free = await verifyThroughApi(app, u, 'me@gmail.com');
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(PERSONAL_EMAIL_MESSAGE);
    const disposable = await verifyThroughApi(app, u, 'me@0-mail.com');
    expect(disposable.statusCode).toBe(400);
    expect(disposable.json().message).toBe(DISPOSABLE_EMAIL_MESSAGE);
    expect(await app.db.$count(workEmailHistory)).toBe(0);
  });
});

describe('posting a job needs verification at its company', () => {
  it('lets a referrer whose work address is on a subdomain of the company domain post for it', async () => {
    const app = await ctx.build();
    await company(app, 'Acme UK', 'acme.co.uk');
    const ref = await makeUser(app, 'ref');
    const verified = await verifyThroughApi(app, ref, 'ravi@eng.acme.co.uk');
    expect(verified.statusCode).toBe(200);
    expect(verified.json().companies).toEqual([
      { _id: expect.any(String), companyName: 'Acme UK', confirmed: true },
    ]);
    const res = await postJob(app, ref, 'acme uk');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.verifiedAtCompany).toBe('confirmed');
  });

  it('refuses an account with no verified work email, and creates no company for it', async () => {
    const app = await ctx.build();
    const nobody = await makeUser(app, 'nobody');
    const res = await postJob(app, nobody, 'Google');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Verify your work email at Google to post jobs for it.');
    expect(await app.db.$count(companies)).toBe(0);
    expect(await app.db.$count(jobPosts)).toBe(0);
  });

  it("refuses a referrer verified at another company's domain, naming their address and the domain to verify", async () => {
    const app = await ctx.build();
    await company(app, 'Acme Corp', 'acme.co.uk');
    await company(app, 'Globex', 'globex.com');
    const ref = await makeUser(app, 'ref');
    await verifyWorkEmail(app, ref.id, 'x@globex.com');
    const res = await postJob(app, ref, 'Acme Corp');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Your verified work email x@globex.com is not at Acme Corp. Verify your work email at acme.co.uk to post jobs for it.',
    );
    // A domain only looks like the company's: refused too.
    const lookalike = await makeUser(app, 'lookalike');
    await verifyWorkEmail(app, lookalike.id, 'x@acme.co.uk.evil.example');
    expect((await postJob(app, lookalike, 'Acme Corp')).statusCode).toBe(403);
    // Nor can they found a new company with a domain that is already another's.
    const founder = await postJob(app, ref, 'Globex Ventures');
    expect(founder.statusCode).toBe(403);
    expect(await app.db.$count(companies)).toBe(2);
  });

  it('counts only the current (last verified) work address: a referrer who moved on cannot post for the old company', async () => {
    const app = await ctx.build();
    await company(app, 'Acme Corp', 'acme.com');
    await company(app, 'Globex', 'globex.com');
    const ref = await makeUser(app, 'ref');
    await verifyWorkEmail(app, ref.id, 'x@acme.com');
    expect((await postJob(app, ref, 'Acme Corp')).statusCode).toBe(201);
    await verifyWorkEmail(app, ref.id, 'x@globex.com');
    expect((await postJob(app, ref, 'Acme Corp')).statusCode).toBe(403);
    expect((await postJob(app, ref, 'Globex')).statusCode).toBe(201);
  });

  it("refuses moving one's job to a company one is not verified at", async () => {
    const app = await ctx.build();
    await company(app, 'Globex', 'globex.com');
    const ref = await makeUser(app, 'ref', {}, 1); // verified at Acme Corp
    const job = await insertJob(app, ref.id);
    const res = await call(app, ref, 'PUT', `/jobPost/updateById/${job.id}`, {
      ...validJobBody,
      companyName: 'Globex',
    });
    expect(res.statusCode).toBe(403);
    const kept = await call(app, ref, 'PUT', `/jobPost/updateById/${job.id}`, {
      ...validJobBody,
      jobTitle: 'Renamed',
    });
    expect(kept.statusCode).toBe(200);
  });
});

describe('a company nobody verified yet', () => {
  it("takes its first verified referrer's domain, unconfirmed: colleagues at the domain confirm nothing", async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const first = await makeUser(app, 'first');
    await verifyWorkEmail(app, first.id, 'a@initech.example');
    expect((await postJob(app, first, 'Initech', 'Initech Engineer')).statusCode).toBe(201);
    const [claim] = await app.db.select().from(companyDomains);
    expect(claim).toMatchObject({
      domain: 'initech.example',
      claimedBy: first.id,
      confirmedAt: null,
    });
    expect(await listed(app, 'initech')).toEqual([
      expect.objectContaining({
        jobTitle: 'Initech Engineer',
        verifiedAtCompany: 'unconfirmed',
        verifiedDomain: 'initech.example',
      }),
    ]);

    // A second user's address at the domain confirms nothing; it does count them at the company.
    const second = await makeUser(app, 'second');
    const res = await verifyThroughApi(app, second, 'c@hr.initech.example');
    expect(res.json().companies).toEqual([
      { _id: expect.any(String), companyName: 'Initech', confirmed: false },
    ]);
    expect((await app.db.select().from(companyDomains))[0]?.confirmedAt).toBeNull();
    expect(await listed(app, 'initech')).toEqual([
      expect.objectContaining({ verifiedAtCompany: 'unconfirmed' }),
    ]);
    expect((await postJob(app, second, 'INITECH', 'Second Engineer')).statusCode).toBe(201);
  });

  it('lets two referrers at two domains found it at once: one company, each domain claimed for it', async () => {
    const app = await ctx.build();
    const a = await makeUser(app, 'a');
    const b = await makeUser(app, 'b');
    await verifyWorkEmail(app, a.id, 'a@vandelay.example');
    await verifyWorkEmail(app, b.id, 'b@vandelay-imports.example');
    const results = await Promise.all([postJob(app, a, 'Vandelay'), postJob(app, b, 'Vandelay')]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await app.db.$count(companies)).toBe(1);
    const claims = await app.db.select().from(companyDomains);
    expect(claims.map((c) => [c.domain, c.confirmedAt]).sort()).toEqual([
      ['vandelay-imports.example', null],
      ['vandelay.example', null],
    ]);
  });
});

describe('approving a referral needs verification at the job company', () => {
  async function pending(app: FastifyInstance, referrer: TestUser, jobCompany = 'Acme Corp') {
    const job = await insertJob(app, referrer.id, { companyName: jobCompany });
    const candidate = await makeUser(app, 'cand');
    await uploadResume(app, candidate);
    const sent = await sendReferral(app, candidate, job.id, referrer.id);
    return sent.json().data._id as string;
  }
  const approve = (app: FastifyInstance, u: TestUser, id: string) =>
    call(app, u, 'PUT', `/referralRequest/updateReferralStatus/${id}`, { status: 'approved' });

  it('approves for a referrer verified at the company', async () => {
    const app = await ctx.build();
    const ref = await makeUser(app, 'ref', {}, 1);
    const res = await approve(app, ref, await pending(app, ref));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a referrer whose verified work address is at another company (the job was posted for Google)', async () => {
    const app = await ctx.build();
    await company(app, 'Google', 'google.com');
    const ref = await makeUser(app, 'ref', {}, 1); // verified at Acme Corp, not Google
    const id = await pending(app, ref, 'Google');
    const res = await approve(app, ref, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^Your verified work email .+@acme-corp\.com is not at Google\. Verify your work email at google\.com to approve referral requests for it\.$/,
    );
    // The resume link stays with the pending request; nothing was approved.
    const [row] = await app.db.select().from(jobPosts).where(eq(jobPosts.companyName, 'Google'));
    expect(row?.totalReferrals).toBe(0);
    // Declining stays possible.
    const declined = await call(app, ref, 'PUT', `/referralRequest/updateReferralStatus/${id}`, {
      status: 'declined',
    });
    expect(declined.statusCode).toBe(200);
  });
});

describe('the job list says who is verified at the company', () => {
  it('answers verifiedAtCompany for each job on the list and on job details', async () => {
    const app = await ctx.build();
    const verified = await makeUser(app, 'verified', {}, 1);
    const unverified = await makeUser(app, 'unverified');
    const mine = await insertJob(app, verified.id, { jobTitle: 'Flagged Role' });
    await insertJob(app, unverified.id, { jobTitle: 'Unflagged Role' });
    const data = await listed(app, 'role');
    expect(data.map((j) => [j.jobTitle, j.verifiedAtCompany]).sort()).toEqual([
      ['Flagged Role', 'confirmed'],
      ['Unflagged Role', null],
    ]);
    const details = await call(app, verified, 'GET', `/jobPost/GetById/${mine.id}/${verified.id}`);
    expect(details.json().data.verifiedAtCompany).toBe('confirmed');
    const own = await call(app, verified, 'POST', '/jobPost/getAllJobPostByUserId', {
      userId: verified.id,
    });
    expect(own.json().data[0].verifiedAtCompany).toBe('confirmed');
  });
});

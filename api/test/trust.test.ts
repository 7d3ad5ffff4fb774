// Trust and safety (docs/trust-and-safety.md): what a badge says, one company per name,
// shared mail hosts, reports, blocks, operators, suspensions, the audit log, resume opens.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, companyDomains, reports, users } from '../src/db/schema';
import { SHARED_MAIL_HOST_MESSAGE, workEmailProblem } from '../src/lib/work-email';
import { companyNameKey, companyNameSkeleton } from '../src/lib/company-name';
import { approvedPair, send } from './chat-support';
import { latestCode, setupTestContext, signIn, verifyWorkEmail } from './helper';
import {
  call,
  insertJob,
  listReferrals,
  makeUser,
  postJob,
  sendReferral,
  uploadResume,
  type TestUser,
} from './market-fixtures';

const ctx = setupTestContext();
const OPERATOR = 'operator@referio.example';

const build = (over: Record<string, unknown> = {}) =>
  ctx.build({ SEARCH_CACHE_SECONDS: 0, ADMIN_EMAILS: `  ${OPERATOR.toUpperCase()} `, ...over });

const publicList = async (app: FastifyInstance, u: TestUser | null, search = '') =>
  (await call(app, u, 'POST', '/jobPost/getAllJobPost', { search })).json() as {
    data: {
      _id: string;
      jobTitle: string;
      companyName: string;
      verifiedAtCompany: string | null;
      verifiedDomain: string | null;
    }[];
    total: number;
  };

/** Rita (a referrer) with a job, and a candidate whose request with a resume waits for her. */
async function pendingRequest(app: FastifyInstance) {
  const referrer = await makeUser(app, 'ref', { fullName: 'Rita Ref' }, 1);
  const job = await insertJob(app, referrer.id);
  const candidate = await makeUser(app, 'cand');
  await uploadResume(app, candidate);
  await sendReferral(app, candidate, job.id, referrer.id);
  return { referrer, job, candidate };
}

async function operator(app: FastifyInstance): Promise<TestUser> {
  const s = await signIn(app, OPERATOR);
  return { id: s.user._id, cookie: s.cookie, email: OPERATOR };
}

const requestsOf = async (
  app: FastifyInstance,
  u: TestUser,
  roleId: 0 | 1,
  status: 'pending' | 'approved' | 'declined' | 'expired',
) =>
  (await listReferrals(app, u, roleId, status)).json().data as {
    _id: string;
    status: string;
    createdAt: string;
    updatedAt: string;
    resumeOpened?: { name: string; at: string; firstAt: string } | null;
    recipientId: { email: string };
    jobPostId: { verifiedDomain: string | null; verifiedAtCompany: string | null };
  }[];

describe('the badge says what was proven', () => {
  it('a self-claimed domain never yields "Verified at Pied Piper"; an operator confirming it does', async () => {
    const app = await build();
    const a1 = await makeUser(app, 'a1', { fullName: 'A One' });
    await verifyWorkEmail(app, a1.id, 'a1@pied-piper-jobs.example');
    const created = await postJob(app, a1, 'Pied Piper', 'Staff Engineer');
    expect(created.statusCode).toBe(201);
    // A second account on the same domain "confirms" nothing.
    const a2 = await makeUser(app, 'a2');
    await verifyWorkEmail(app, a2.id, 'a2@pied-piper-jobs.example');
    expect((await postJob(app, a2, 'Pied Piper', 'Second')).statusCode).toBe(201);
    const listed = (await publicList(app, null, 'pied piper')).data;
    expect(listed).toHaveLength(2);
    for (const job of listed) {
      expect(job.verifiedAtCompany).toBe('unconfirmed');
      expect(job.verifiedDomain).toBe('pied-piper-jobs.example');
    }
    // Details and the candidate's request card say the same.
    const details = await call(app, a2, 'GET', `/jobPost/GetById/${listed[0]!._id}/${a2.id}`);
    expect(details.json().data).toMatchObject({
      verifiedAtCompany: 'unconfirmed',
      verifiedDomain: 'pied-piper-jobs.example',
    });

    // The operator confirms the domain for Pied Piper: the badge changes, and the action is audited.
    const op = await operator(app);
    const claims = await call(app, op, 'GET', '/admin/domains');
    expect(claims.json().data).toEqual([
      expect.objectContaining({
        domain: 'pied-piper-jobs.example',
        companyName: 'Pied Piper',
        state: 'unconfirmed',
        claimedBy: expect.objectContaining({ _id: a1.id }),
      }),
    ]);
    const confirmed = await call(app, op, 'POST', '/admin/domains/confirm/pied-piper-jobs.example');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.state).toBe('confirmed');
    for (const job of (await publicList(app, null, 'pied piper')).data) {
      expect(job.verifiedAtCompany).toBe('confirmed');
    }
    const [entry] = await app.db.select().from(auditLog);
    expect(entry).toMatchObject({
      actorId: op.id,
      actorEmail: OPERATOR,
      action: 'domain.confirm',
      targetId: 'pied-piper-jobs.example',
      before: { state: 'unconfirmed', company: 'Pied Piper' },
      after: { state: 'confirmed', company: 'Pied Piper' },
    });

    // Rejected: the domain counts for no company, and nobody can post for Pied Piper with it.
    await call(app, op, 'POST', '/admin/domains/reject/pied-piper-jobs.example');
    for (const job of (await publicList(app, null, 'pied piper')).data) {
      expect(job.verifiedAtCompany).toBeNull();
      expect(job.verifiedDomain).toBe('pied-piper-jobs.example');
    }
    expect((await postJob(app, a1, 'Pied Piper', 'Third')).statusCode).toBe(403);
  });

  it("the chat list gives the other person's verified domain and its company, 'confirmed' only after an operator", async () => {
    const app = await build();
    const { candidate, referrer, chatId } = await approvedPair(app, 'badge');
    const peerOf = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/chat/getReferrerChats/${candidate.user._id}`,
        headers: { cookie: candidate.cookie },
      });
      expect(res.statusCode).toBe(200);
      const chat = (res.json().data as { _id: string; user: Record<string, unknown> }[]).find(
        (c) => c._id === chatId,
      );
      return chat?.user;
    };
    // No verified work address: no badge.
    expect(await peerOf()).toMatchObject({
      verifiedDomain: null,
      verifiedCompanyName: null,
      verifiedAtCompany: null,
    });
    await verifyWorkEmail(app, referrer.user._id, 'ref@pied-piper-jobs.example');
    const ref: TestUser = {
      id: referrer.user._id,
      cookie: referrer.cookie,
      email: 'ref-badge@example.com',
    };
    // A domain no company has: the domain only.
    expect(await peerOf()).toMatchObject({
      verifiedDomain: 'pied-piper-jobs.example',
      verifiedCompanyName: null,
      verifiedAtCompany: null,
    });
    expect((await postJob(app, ref, 'Pied Piper')).statusCode).toBe(201);
    expect(await peerOf()).toMatchObject({
      verifiedDomain: 'pied-piper-jobs.example',
      verifiedCompanyName: 'Pied Piper',
      verifiedAtCompany: 'unconfirmed',
    });
    const op = await operator(app);
    await call(app, op, 'POST', '/admin/domains/confirm/pied-piper-jobs.example');
    expect(await peerOf()).toMatchObject({
      verifiedCompanyName: 'Pied Piper',
      verifiedAtCompany: 'confirmed',
    });
    // Rejected: it counts for no company.
    await call(app, op, 'POST', '/admin/domains/reject/pied-piper-jobs.example');
    expect(await peerOf()).toMatchObject({
      verifiedDomain: 'pied-piper-jobs.example',
      verifiedCompanyName: null,
      verifiedAtCompany: null,
    });
  });

  it('the migration takes back confirmations made by a second user', async () => {
    const app = await build();
    const a1 = await makeUser(app, 'a1');
    await verifyWorkEmail(app, a1.id, 'a1@hooli.example');
    expect((await postJob(app, a1, 'Hooli')).statusCode).toBe(201);
    // As the old rule left it: confirmed, claimed by a referrer, by no operator.
    await app.db.update(companyDomains).set({ confirmedAt: app.now() });
    await app.db.execute(
      'UPDATE "company_domains" SET "confirmed_at" = NULL WHERE "claimed_by" IS NOT NULL AND "confirmed_by" IS NULL',
    );
    expect((await app.db.select().from(companyDomains))[0]?.confirmedAt).toBeNull();
  });
});

describe('one company per name', () => {
  it('normalises names: NFKC, case folding, invisible characters, spaces; skeletons catch look-alikes', () => {
    expect(companyNameKey('Goo\u200Bgle')).toBe('google');
    expect(companyNameKey(' ＧＯＯＧＬＥ\u202E  ')).toBe('google');
    expect(companyNameKey('Straße')).toBe(companyNameKey('STRASSE'));
    expect(companyNameSkeleton('Goog1e')).toBe(companyNameSkeleton('Google'));
    expect(companyNameSkeleton('G\u043E\u043Egle')).toBe(companyNameSkeleton('Google'));
    expect(companyNameSkeleton('Acrne')).toBe(companyNameSkeleton('Acme'));
    expect(companyNameSkeleton('Globex')).not.toBe(companyNameSkeleton('Google'));
    // Spacing and punctuation are no part of a skeleton.
    for (const copy of ['G o o g l e', 'G.o.o.g.l.e', 'Goo-gle', 'G\u3000oogle', '"Google"']) {
      expect(companyNameSkeleton(copy)).toBe(companyNameSkeleton('Google'));
    }
  });

  it('maps a zero-width copy of a name to the company itself, and refuses a look-alike with a clear message', async () => {
    const app = await build();
    const google = await app.companies.idFor('Google', 'it', app.now());
    await app.companies.addDomain(google, 'google.example', app.now());
    const attacker = await makeUser(app, 'attacker');
    await verifyWorkEmail(app, attacker.id, 'x@goog-careers.example');
    // The zero-width copy is Google: the attacker is not verified there.
    const zw = await postJob(app, attacker, 'Goo\u200Bgle');
    expect(zw.statusCode).toBe(403);
    expect(zw.json().message).toContain('is not at Google');
    // A look-alike is refused, naming the existing company.
    const lookAlike = await postJob(app, attacker, 'G\u043E\u043Egle');
    expect(lookAlike.statusCode).toBe(409);
    expect(lookAlike.json().message).toBe(
      '"G\u043E\u043Egle" looks like the existing company "Google". Use "Google" if you work there, or a clearly different name.',
    );
    expect((await postJob(app, attacker, 'Goog1e')).statusCode).toBe(409);
    // An employee's copy with odd spacing and case is posted under the company's own name.
    const employee = await makeUser(app, 'employee');
    await verifyWorkEmail(app, employee.id, 'e@google.example');
    const ok = await postJob(app, employee, '  GOO\u200Dgle ');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ companyName: 'Google', verifiedAtCompany: 'confirmed' });
  });
});

describe('names belong to no one until confirmed', () => {
  const SQUATTER_NAMES = [
    ...['Google', 'google', 'GOOGLE', 'G o o g l e', 'G.o.o.g.l.e', 'Goo-gle', 'Goo\u200Bgle'],
    ...['Goog1e', 'G\u043E\u043Egle', 'Google LLC', 'Google India', 'Google Careers', 'Alphabet'],
  ];

  it('reserves a well-known name for its real domains: every squatting attempt is refused, the employee posts', async () => {
    const app = await build();
    const squatter = await makeUser(app, 'squatter');
    await verifyWorkEmail(app, squatter.id, 'a1@goog-careers.example');
    const refused = [];
    for (const name of SQUATTER_NAMES) {
      const res = await postJob(app, squatter, name);
      if (res.statusCode === 403 || res.statusCode === 409) refused.push(name);
    }
    expect(refused).toEqual(SQUATTER_NAMES);
    expect((await publicList(app, null)).total).toBe(0);
    expect(await app.db.$count(companyDomains)).toBe(0);
    // The refusal says where to verify: the company's own domain.
    expect((await postJob(app, squatter, 'Google')).json().message).toBe(
      'Your verified work email a1@goog-careers.example is not at Google. Verify your work email at google.com to post jobs for it.',
    );

    const employee = await makeUser(app, 'employee');
    await verifyWorkEmail(app, employee.id, 'e@google.com');
    const res = await postJob(app, employee, 'G o o g l e');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      companyName: 'Google',
      verifiedAtCompany: 'confirmed',
      verifiedDomain: 'google.com',
    });
  });

  it("takes a squatted well-known name back: the employee posts, the squatter's claim keeps no one out and is never named", async () => {
    const app = await build();
    // As the old rule left it: the squatter's account founded "Google" with its own domain.
    const google = await app.companies.idFor('Google', 'it', app.now());
    const squatter = await makeUser(app, 'squatter');
    await verifyWorkEmail(app, squatter.id, 'a1@goog-careers.example');
    await app.db
      .insert(companyDomains)
      .values({ domain: 'goog-careers.example', companyId: google, claimedBy: squatter.id });
    const employee = await makeUser(app, 'employee');
    await verifyWorkEmail(app, employee.id, 'e@google.com');
    const res = await postJob(app, employee, 'Google');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.verifiedAtCompany).toBe('confirmed');
    const again = await postJob(app, squatter, 'Google');
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toContain('Verify your work email at google.com to');

    // Someone at a third domain is told the company's domain, never the squatter's.
    const other = await makeUser(app, 'other');
    await verifyWorkEmail(app, other.id, 'o@globex.example');
    const refused = await postJob(app, other, 'Google');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).not.toContain('goog-careers');
  });

  it('lets every verified domain post under a name nobody confirmed, each shown with its own domain', async () => {
    const app = await build();
    const first = await makeUser(app, 'first');
    await verifyWorkEmail(app, first.id, 'a@initech-careers.example');
    expect((await postJob(app, first, 'Initech', 'First')).statusCode).toBe(201);
    const real = await makeUser(app, 'real');
    await verifyWorkEmail(app, real.id, 'b@initech.example');
    const second = await postJob(app, real, 'Initech', 'Second');
    expect(second.statusCode).toBe(201);
    const badges = (await publicList(app, null, 'initech')).data.map((j) => [
      j.jobTitle,
      j.verifiedAtCompany,
      j.verifiedDomain,
    ]);
    expect(badges.sort()).toEqual([
      ['First', 'unconfirmed', 'initech-careers.example'],
      ['Second', 'unconfirmed', 'initech.example'],
    ]);
    // An operator confirms the real domain: the name is theirs, and a refusal names only it.
    const op = await operator(app);
    await call(app, op, 'POST', '/admin/domains/confirm/initech.example');
    const refused = await postJob(app, first, 'Initech', 'Third');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your verified work email a@initech-careers.example is not at Initech. Verify your work email at initech.example to post jobs for it.',
    );
    expect((await postJob(app, real, 'Initech', 'Fourth')).json().data.verifiedAtCompany).toBe(
      'confirmed',
    );
  });
});

describe('shared mail hosts', () => {
  it('refuses fastmail.com, onmicrosoft.com and Google Groups addresses as work addresses', async () => {
    for (const e of ['a@fastmail.com', 'a@contoso.onmicrosoft.com', 'team@googlegroups.com']) {
      expect(workEmailProblem(e)).toBe(SHARED_MAIL_HOST_MESSAGE);
    }
    const app = await build();
    const u = await makeUser(app, 'u');
    const res = await call(app, u, 'POST', '/auth/workEmailVerify', {
      workEmail: 'me@fastmail.com',
      id: u.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SHARED_MAIL_HOST_MESSAGE);
  });

  it('drops a shared host verified before the list, as a company and a current work domain', async () => {
    const app = await build();
    const u = await makeUser(app, 'u');
    await verifyWorkEmail(app, u.id, 'me@fastmail.com');
    const company = await app.companies.idFor('Fast Co', 'it', app.now());
    await app.db.insert(companyDomains).values({ domain: 'fastmail.com', companyId: company });
    expect(await app.companies.dropSharedMailDomains()).toBe(1);
    expect(await app.db.$count(companyDomains)).toBe(0);
    const [row] = await app.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.workEmailDomain).toBeNull();
  });
});

describe('reports', () => {
  it('reports a job, a referrer, a profile and a chat message; limited per user per day', async () => {
    const app = await build({ REPORTS_MAX_PER_DAY: 3 });
    const referrer = await makeUser(app, 'ref', {}, 1);
    const job = await insertJob(app, referrer.id);
    const candidate = await makeUser(app, 'cand');
    const report = (u: TestUser, body: object) => call(app, u, 'POST', '/trust/report', body);
    const first = await report(candidate, {
      targetKind: 'job_post',
      targetId: job.id,
      reason: 'fake_job',
      note: 'Asks for a fee',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Thanks. Our team will review your report.',
      data: { targetKind: 'job_post', status: 'open', targetUser: { _id: referrer.id } },
    });
    expect(first.json().data.reporter).toBeUndefined();
    expect(
      (
        await report(candidate, {
          targetKind: 'referrer',
          targetId: referrer.id,
          reason: 'fake_referrer',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await report(candidate, { targetKind: 'profile', targetId: candidate.id, reason: 'spam' })
      ).json(),
    ).toMatchObject({ message: 'You cannot report yourself.' });
    expect(
      (await report(candidate, { targetKind: 'profile', targetId: referrer.id, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    const other = await makeUser(app, 'other');
    const over = await report(candidate, {
      targetKind: 'profile',
      targetId: other.id,
      reason: 'spam',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You can send at most 3 reports a day. Try again tomorrow.');
    // A day later, one more.
    ctx.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(
      (await report(candidate, { targetKind: 'profile', targetId: other.id, reason: 'other' }))
        .statusCode,
    ).toBe(201);
    expect((await call(app, candidate, 'GET', '/trust/reports')).json().data).toHaveLength(4);
    // Bad input: 400, an unknown target 404.
    expect(
      (await report(candidate, { targetKind: 'nope', targetId: job.id, reason: 'spam' }))
        .statusCode,
    ).toBe(400);
  });

  it('keeps one open report per reporter and target, and tells operators how many people reported it', async () => {
    const app = await build();
    const referrer = await makeUser(app, 'ref', {}, 1);
    const job = await insertJob(app, referrer.id);
    const body = { targetKind: 'job_post', targetId: job.id, reason: 'fake_job' };
    const [a, b] = [await makeUser(app, 'a'), await makeUser(app, 'b')];
    const tries = [];
    for (let i = 0; i < 5; i++) tries.push(await call(app, a, 'POST', '/trust/report', body));
    expect(tries.map((r) => r.statusCode)).toEqual([201, 409, 409, 409, 409]);
    expect(tries[1]!.json().message).toBe(
      'You have already reported this. Our team will review your report.',
    );
    // Sent at once, still one.
    const parallel = await Promise.all(
      [1, 2, 3].map(() => call(app, b, 'POST', '/trust/report', body)),
    );
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const op = await operator(app);
    const queue = (await call(app, op, 'GET', '/admin/reports')).json().data as {
      reporter: { _id: string };
      reporterCount: number;
    }[];
    expect(queue).toHaveLength(2);
    expect(queue.map((r) => r.reporterCount)).toEqual([2, 2]);
    // The database refuses a second open row too (the unique partial index).
    await expect(
      app.db.insert(reports).values({
        reporterId: a.id,
        targetKind: 'job_post',
        targetId: job.id,
        targetUserId: referrer.id,
        reason: 'spam',
      }),
    ).rejects.toThrow();
    // Once the first is closed, a new report is taken.
    const first = (await call(app, a, 'GET', '/trust/reports')).json().data[0]._id as string;
    const resolved = await call(app, op, 'POST', `/admin/reports/resolve/${first}`, {
      action: 'dismissed',
    });
    expect(resolved.json().data).toMatchObject({ status: 'dismissed', reporterCount: 2 });
    expect((await call(app, a, 'POST', '/trust/report', body)).statusCode).toBe(201);
  });

  it('lets only chat members report a message', async () => {
    const app = await build();
    const { candidate, referrer, chatId } = await approvedPair(app);
    const sent = await send(app, referrer, chatId, 'Pay me 100 dollars first');
    const messageId = sent.json().data._id as string;
    const outsider = await makeUser(app, 'outsider');
    const body = { targetKind: 'message', targetId: messageId, reason: 'scam' };
    expect((await call(app, outsider, 'POST', '/trust/report', body)).statusCode).toBe(404);
    const asCandidate = { id: candidate.user._id, cookie: candidate.cookie, email: '' };
    const ok = await call(app, asCandidate, 'POST', '/trust/report', body);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.targetSummary).toBe('Pay me 100 dollars first');
  });
});

describe('blocks', () => {
  it('refuses requests and chat messages either way, hides jobs and requests, and is undone by unblock', async () => {
    const app = await build();
    const { candidate, referrer, chatId } = await approvedPair(app);
    const cand: TestUser = { id: candidate.user._id, cookie: candidate.cookie, email: '' };
    const ref: TestUser = { id: referrer.user._id, cookie: referrer.cookie, email: '' };
    const job = await insertJob(app, ref.id, { jobTitle: 'Blockable Role' });
    await uploadResume(app, cand);
    expect((await publicList(app, cand)).data.map((j) => j._id)).toContain(job.id);

    const blocked = await call(app, cand, 'POST', '/trust/block', { userId: ref.id });
    expect(blocked.json().message).toBe(
      'Blocked. They can no longer send you requests or messages.',
    );
    // The blocked referrer's next message is refused; so is the candidate's own.
    const refused = await send(app, referrer, chatId, 'hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot contact this user.');
    expect((await send(app, candidate, chatId, 'hi')).statusCode).toBe(403);
    // No request to them; their jobs and requests leave the candidate's lists.
    expect((await sendReferral(app, cand, job.id, ref.id)).statusCode).toBe(403);
    expect((await publicList(app, cand)).data.map((j) => j._id)).not.toContain(job.id);
    expect((await publicList(app, null)).data.map((j) => j._id)).toContain(job.id);
    expect(await requestsOf(app, cand, 0, 'approved')).toEqual([]);
    expect((await call(app, cand, 'GET', '/trust/blocks')).json().data).toEqual([
      expect.objectContaining({ _id: ref.id }),
    ]);

    await call(app, cand, 'POST', '/trust/unblock', { userId: ref.id });
    expect((await send(app, referrer, chatId, 'hello again')).statusCode).toBe(200);
    expect(await requestsOf(app, cand, 0, 'approved')).toHaveLength(1);
    expect((await call(app, cand, 'POST', '/trust/block', { userId: cand.id })).statusCode).toBe(
      400,
    );
  });
});

describe('operators', () => {
  it('are named by ADMIN_EMAILS only: everyone else gets 403 from the console API', async () => {
    const app = await build();
    const user = await makeUser(app, 'user');
    expect((await call(app, user, 'GET', '/admin/me')).json().data).toEqual({ operator: false });
    for (const url of ['/admin/reports', '/admin/domains', '/admin/users', '/admin/audit']) {
      const res = await call(app, user, 'GET', url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only operators can do this.');
    }
    const op = await operator(app);
    expect((await call(app, op, 'GET', '/admin/me')).json().data).toEqual({ operator: true });
    // Without ADMIN_EMAILS nobody is one.
    const plain = await ctx.build();
    ctx.clock.advance(31_000);
    const again = await signIn(plain, OPERATOR);
    const res = await plain.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: { cookie: again.cookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('suspends a reported referrer: no sign-in, jobs gone, pending requests ended; restore undoes it', async () => {
    const app = await build();
    const referrer = await makeUser(app, 'ref', { fullName: 'Rita Ref' }, 1);
    const job = await insertJob(app, referrer.id, { jobTitle: 'Suspicious Role' });
    const candidate = await makeUser(app, 'cand');
    await uploadResume(app, candidate);
    expect((await sendReferral(app, candidate, job.id, referrer.id)).statusCode).toBe(201);
    await call(app, candidate, 'POST', '/trust/report', {
      targetKind: 'referrer',
      targetId: referrer.id,
      reason: 'fake_referrer',
      note: 'Not at Acme',
    });
    const op = await operator(app);
    const queue = (await call(app, op, 'GET', '/admin/reports')).json().data;
    expect(queue).toEqual([
      expect.objectContaining({
        reason: 'fake_referrer',
        note: 'Not at Acme',
        reporter: expect.objectContaining({ _id: candidate.id }),
        targetUser: expect.objectContaining({ _id: referrer.id }),
        targetSuspended: false,
      }),
    ]);
    const suspended = await call(app, op, 'POST', `/admin/users/suspend/${referrer.id}`, {
      reason: 'Fake referrer',
    });
    expect(suspended.json().data).toMatchObject({ suspendedAt: expect.any(String), activeJobs: 0 });
    // Their session is gone and they cannot sign in again.
    expect((await call(app, referrer, 'GET', '/auth/me')).statusCode).toBe(401);
    ctx.clock.advance(31_000);
    await call(app, null, 'POST', '/auth/login', { email: referrer.email, roleId: 1 });
    const otp = await latestCode(app, referrer.email);
    const login = await call(app, null, 'POST', '/auth/verifyOtp', {
      email: referrer.email,
      otp,
      roleId: 1,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      'This account is suspended. Contact support if you think this is a mistake.',
    );
    // Their job is gone from every list and search; the candidate's request ended.
    expect((await publicList(app, null)).data.map((j) => j._id)).not.toContain(job.id);
    expect((await publicList(app, null, 'suspicious')).total).toBe(0);
    expect(await requestsOf(app, candidate, 0, 'pending')).toEqual([]);
    expect((await requestsOf(app, candidate, 0, 'expired')).map((r) => r.status)).toEqual([
      'ended',
    ]);
    // Acting on the report, then the audit log has both, with before and after.
    await call(app, op, 'POST', `/admin/reports/resolve/${queue[0]._id}`, { action: 'actioned' });
    expect((await call(app, op, 'GET', '/admin/reports')).json().data).toEqual([]);
    const audit = (await call(app, op, 'GET', '/admin/audit')).json().data;
    expect(audit.map((e: { action: string }) => e.action)).toEqual([
      'report.action',
      'user.suspend',
    ]);
    expect(audit[1]).toMatchObject({
      actorEmail: OPERATOR,
      targetId: referrer.id,
      before: { suspendedAt: null, activeJobs: [job.id] },
      after: { suspendedAt: expect.any(String), reason: 'Fake referrer' },
    });

    // Restored: sign-in works, the job is back; the ended request stays ended.
    await call(app, op, 'POST', `/admin/users/restore/${referrer.id}`);
    ctx.clock.advance(31_000);
    expect((await publicList(app, null)).data.map((j) => j._id)).toContain(job.id);
    const back = await signIn(app, referrer.email, 1);
    expect(back.user._id).toBe(referrer.id);
    expect((await requestsOf(app, candidate, 0, 'expired')).map((r) => r.status)).toEqual([
      'ended',
    ]);
    // Bad input: 400, unknown user 404.
    expect((await call(app, op, 'POST', '/admin/users/suspend/nope', {})).statusCode).toBe(400);
    expect(
      (
        await call(app, op, 'POST', '/admin/users/suspend/00000000-0000-4000-8000-000000000000', {
          reason: 'Spam',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('resume opens', () => {
  it("shows the candidate who opened their request's resume, and when", async () => {
    const app = await build();
    const { referrer, candidate } = await pendingRequest(app);
    const [mine] = await requestsOf(app, candidate, 0, 'pending');
    expect(mine?.resumeOpened).toBeNull();
    // The candidate opening their own resume logs nothing.
    const own = await call(
      app,
      candidate,
      'GET',
      `/documentsUpload/resume/${candidate.id}?requestId=${mine!._id}`,
    );
    expect(own.statusCode).toBe(200);
    expect((await requestsOf(app, candidate, 0, 'pending'))[0]?.resumeOpened).toBeNull();
    ctx.clock.advance(60_000);
    const opened = await call(
      app,
      referrer,
      'GET',
      `/documentsUpload/resume/${candidate.id}?requestId=${mine!._id}`,
    );
    expect(opened.statusCode).toBe(200);
    const [after] = await requestsOf(app, candidate, 0, 'pending');
    const at = ctx.clock.now().toISOString();
    expect(after?.resumeOpened).toEqual({ name: 'Rita Ref', at, firstAt: at });
    // The referrer's own card does not carry it.
    const [theirs] = await requestsOf(app, referrer, 1, 'pending');
    expect(theirs?.resumeOpened).toBeUndefined();
  });

  it("dates the first open (the timeline's step) and the last; after a block a nameless opener is a member, not their mailbox", async () => {
    const app = await build();
    const referrer = await makeUser(app, 'nameless', { fullName: '' }, 1);
    const job = await insertJob(app, referrer.id);
    const candidate = await makeUser(app, 'cand');
    await uploadResume(app, candidate);
    await sendReferral(app, candidate, job.id, referrer.id);
    const [mine] = await requestsOf(app, candidate, 0, 'pending');
    const open = () =>
      call(app, referrer, 'GET', `/documentsUpload/resume/${candidate.id}?requestId=${mine!._id}`);
    ctx.clock.advance(60_000);
    expect((await open()).statusCode).toBe(200);
    const firstAt = ctx.clock.now().toISOString();
    ctx.clock.advance(26 * 60 * 60_000);
    expect((await open()).statusCode).toBe(200);
    const at = ctx.clock.now().toISOString();
    const mailbox = referrer.email.split('@')[0]!;
    expect((await requestsOf(app, candidate, 0, 'pending'))[0]?.resumeOpened).toEqual({
      name: mailbox,
      at,
      firstAt,
    });
    expect((await requestsOf(app, referrer, 1, 'pending'))[0]?.resumeOpened).toBeUndefined();

    // The referrer blocks the candidate: the request stays on the candidate's list, with its history,
    // but neither address shows, so neither does the mailbox's name.
    expect(
      (await call(app, referrer, 'POST', '/trust/block', { userId: candidate.id })).statusCode,
    ).toBe(200);
    const [blocked] = await requestsOf(app, candidate, 0, 'pending');
    expect(blocked?.recipientId.email).toBe('');
    expect(blocked?.resumeOpened).toEqual({ name: 'Referio member', at, firstAt });
    expect((await open()).statusCode).toBe(403);
  });
});

describe("the request timeline's decision time", () => {
  it('is updatedAt once answered, to both sides; createdAt stays when it was sent', async () => {
    const app = await build();
    const { referrer, candidate } = await pendingRequest(app);
    const sentAt = ctx.clock.now().toISOString();
    const [mine] = await requestsOf(app, candidate, 0, 'pending');
    expect(mine).toMatchObject({ createdAt: sentAt, updatedAt: sentAt });
    ctx.clock.advance(5 * 60 * 60_000);
    const answered = await call(
      app,
      referrer,
      'PUT',
      `/referralRequest/updateReferralStatus/${mine!._id}`,
      { status: 'approved' },
    );
    expect(answered.statusCode).toBe(200);
    const decidedAt = ctx.clock.now().toISOString();
    for (const [who, roleId] of [
      [candidate, 0],
      [referrer, 1],
    ] as const) {
      const [card] = await requestsOf(app, who, roleId, 'approved');
      expect(card).toMatchObject({ status: 'approved', createdAt: sentAt, updatedAt: decidedAt });
    }
  });
});

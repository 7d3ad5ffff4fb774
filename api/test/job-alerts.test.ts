// Job alerts: a person's saved search mails the new jobs that match it (the search's own matching), through
// the outbox, once per job and alert; instant or one daily digest; one-click off for that alert alone;
// never their own posts, never across a block, never to a suspended person; their own alerts only.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { JOB_ALERT_MAX, JOB_ALERT_MESSAGES, type DevMail } from '../src/contract';
import { blocks, companies, jobAlertQueue, jobAlerts, mailOutbox, users } from '../src/db/schema';
import { MINUTE, setupTestContext } from './helper';
import { call, DAY_MS, insertJob, makeUser, postJob, type TestUser } from './market-fixtures';

const ctx = setupTestContext();
type App = FastifyInstance;
const HOUR = 60 * MINUTE;

/** The alert mails written for `u` (the outbox rows: exactly what will be sent). */
const outboxFor = (app: App, u: TestUser) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email)).orderBy(mailOutbox.id);

/** The mail in `u`'s dev mailbox (sign-in codes left out), after the outbox is drained. */
const mailbox = async (app: App, u: TestUser): Promise<DevMail[]> => {
  await app.outbox.drainAll();
  const res = await call(app, null, 'GET', `/dev/mail?to=${encodeURIComponent(u.email)}`);
  return (res.json().data as DevMail[]).filter((m) => !/ code: \d{4}$/.test(m.subject));
};

const saveAlert = (app: App, u: TestUser, body: object) => call(app, u, 'POST', '/jobAlerts', body);

async function post(app: App, u: TestUser, jobTitle: string) {
  const res = await postJob(app, u, 'Acme Corp', jobTitle);
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}

/** A verified referrer (at Acme Corp) and a candidate. */
async function people(app: App) {
  const referrer = await makeUser(app, 'ref', { fullName: 'Ravi Ref' }, 1);
  const candidate = await makeUser(app, 'cand', { fullName: 'Cara Cand' });
  return { referrer, candidate };
}

/** The URL in a mail's List-Unsubscribe header, as inject takes it. */
const unsubscribeUrl = (m: { headers: Record<string, string> }) =>
  (/^<(https?:\/\/[^>]+)>$/.exec(m.headers['List-Unsubscribe'] ?? '')?.[1] ?? '').replace(
    /^https?:\/\/[^/]+/,
    '',
  );

describe('job alerts', () => {
  it('mails a matching new job once, soon after it is posted; nothing else, nothing twice', async () => {
    const app = await ctx.build();
    const { referrer, candidate } = await people(app);
    const saved = await saveAlert(app, candidate, {
      search: '  Platform   ENGINEER ',
      location: 'Remote',
      frequency: 'instant',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: JOB_ALERT_MESSAGES.saved,
      data: { search: 'platform engineer', filters: { location: 'Remote' }, frequency: 'instant' },
    });

    const jobId = await post(app, referrer, 'Senior Platform Engineer');
    await post(app, referrer, 'Sales Manager'); // does not match the search
    expect(await app.jobAlerts.sweep()).toEqual({ posts: 2, mailed: 1 });

    const mails = await outboxFor(app, candidate);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBeNull();
    expect(mail.subject).toBe(
      'New job for your alert "platform engineer" · Remote: Senior Platform Engineer at Acme Corp',
    );
    expect(mail.text).toContain(`/job-details/${jobId}`);
    expect(mail.text).not.toContain('Sales Manager');
    expect(mail.text).toContain('/company-list?search=platform+engineer&location=Remote');
    expect(mail.headers['List-Unsubscribe']).toMatch(/\/api\/jobAlerts\/unsubscribe\?token=/);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Re-running the sweep, reopening the job, even queueing it again: the (alert, job) key holds.
    expect(await app.jobAlerts.sweep()).toEqual({ posts: 0, mailed: 0 });
    for (const status of ['inactive', 'active'])
      await call(app, referrer, 'PUT', `/jobPost/updateStatus/${jobId}`, { status });
    await app.db.insert(jobAlertQueue).values({ jobPostId: jobId });
    expect(await app.jobAlerts.sweep()).toEqual({ posts: 1, mailed: 0 });
    expect(await outboxFor(app, candidate)).toHaveLength(1);

    const delivered = await mailbox(app, candidate);
    expect(delivered.map((m) => m.subject)).toEqual([mail.subject]);
    // The poster gets nothing of it.
    expect(await outboxFor(app, referrer)).toHaveLength(0);
  });

  it("is not sent for the person's own posts, across a block, or to a suspended person", async () => {
    const app = await ctx.build();
    const { referrer, candidate } = await people(app);
    const blocker = await makeUser(app, 'blocker');
    const suspended = await makeUser(app, 'suspended');
    for (const u of [referrer, candidate, blocker, suspended])
      expect(
        (await saveAlert(app, u, { search: 'platform', frequency: 'instant' })).statusCode,
      ).toBe(200);
    await app.db.insert(blocks).values({ blockerId: blocker.id, blockedId: referrer.id });
    await app.db.update(users).set({ suspendedAt: app.now() }).where(eq(users.id, suspended.id));

    await post(app, referrer, 'Platform Engineer');
    expect(await app.jobAlerts.sweep()).toEqual({ posts: 1, mailed: 1 });
    expect(await outboxFor(app, candidate)).toHaveLength(1);
    for (const u of [referrer, blocker, suspended]) expect(await outboxFor(app, u)).toHaveLength(0);
  });

  it('groups a daily alert into one digest a day, at the time of day it was saved', async () => {
    const app = await ctx.build();
    const { referrer, candidate } = await people(app);
    const saved = await saveAlert(app, candidate, { search: 'engineer' });
    expect(saved.json().data.frequency).toBe('daily');

    ctx.clock.advance(HOUR);
    await post(app, referrer, 'Platform Engineer');
    ctx.clock.advance(HOUR);
    await post(app, referrer, 'Data Engineer');
    expect(await app.jobAlerts.sweep()).toEqual({ posts: 2, mailed: 0 });
    ctx.clock.advance(DAY_MS - 3 * HOUR);
    expect((await app.jobAlerts.sweep()).mailed).toBe(0);

    ctx.clock.advance(2 * HOUR); // a day and an hour after it was saved
    expect((await app.jobAlerts.sweep()).mailed).toBe(1);
    let mails = await outboxFor(app, candidate);
    expect(mails.map((m) => m.subject)).toEqual(['2 new jobs for your alert "engineer"']);
    expect(mails[0]!.text.indexOf('Data Engineer')).toBeLessThan(
      mails[0]!.text.indexOf('Platform Engineer'),
    );

    await post(app, referrer, 'Backend Engineer');
    expect((await app.jobAlerts.sweep()).mailed).toBe(0);
    ctx.clock.advance(DAY_MS);
    expect((await app.jobAlerts.sweep()).mailed).toBe(1);
    mails = await outboxFor(app, candidate);
    expect(mails.map((m) => m.subject)).toEqual([
      '2 new jobs for your alert "engineer"',
      'New job for your alert "engineer": Backend Engineer at Acme Corp',
    ]);
  });

  it('unsubscribes without signing in, in one click, that alert only; a forged link does nothing', async () => {
    const app = await ctx.build();
    const { referrer, candidate } = await people(app);
    await saveAlert(app, candidate, { search: 'platform', frequency: 'instant' });
    await saveAlert(app, candidate, { search: 'engineer', frequency: 'instant' });
    await post(app, referrer, 'Platform Engineer');
    await app.jobAlerts.sweep();
    const [mail] = await mailbox(app, candidate).then((m) =>
      m.filter((x) => x.subject.includes('"platform"')),
    );
    const url = unsubscribeUrl(mail!);
    expect(url).toMatch(/^\/api\/jobAlerts\/unsubscribe\?token=/);

    // The link opens a page with one button and changes nothing (link scanners open every link).
    const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      'Stop e-mails for the job alert <strong>&quot;platform&quot;</strong>?',
    );
    expect(page.body).toContain('>Unsubscribe</button>');
    const frequencies = async () =>
      Object.fromEntries(
        (await app.db.select().from(jobAlerts)).map((a) => [a.search, a.frequency]),
      );
    expect(await frequencies()).toEqual({ platform: 'instant', engineer: 'instant' });

    // RFC 8058 one-click: a form POST to the same URL, no cookie.
    const done = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(JOB_ALERT_MESSAGES.unsubscribed('"platform"'));
    expect(await frequencies()).toEqual({ platform: 'paused', engineer: 'instant' });

    await post(app, referrer, 'Platform Lead Engineer');
    await app.jobAlerts.sweep();
    const subjects = (await outboxFor(app, candidate)).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('"platform"'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('"engineer"'))).toHaveLength(2);

    // Deleted since: the link says the alert sends nothing any more.
    const [paused] = await app.db.select().from(jobAlerts).where(eq(jobAlerts.search, 'platform'));
    await call(app, candidate, 'DELETE', `/jobAlerts/${paused!.id}`);
    const afterDelete = await app.inject({ method: 'POST', url });
    expect([afterDelete.statusCode, afterDelete.json().message]).toEqual([
      200,
      JOB_ALERT_MESSAGES.gone,
    ]);

    // A changed token, or a notification's token, is refused.
    const token = new URL(`http://x${url}`).searchParams.get('token')!;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const notificationToken = app.notifications.unsubscribeToken(candidate.id, 'job_matches');
    for (const t of [forged, notificationToken]) {
      const res = await call(
        app,
        null,
        'POST',
        `/jobAlerts/unsubscribe?token=${encodeURIComponent(t)}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(JOB_ALERT_MESSAGES.badToken);
    }
  });

  it('validates its input, caps the alerts a person keeps, and answers only the owner', async () => {
    const app = await ctx.build();
    const { candidate } = await people(app);
    const other = await makeUser(app, 'other');

    const refusals: [object, string][] = [
      [{ search: '  ', frequency: 'instant' }, JOB_ALERT_MESSAGES.nothingToAlert],
      [{ search: 'go', frequency: 'weekly' }, 'Frequency must be instant or daily'],
      [{ search: 'go', jobType: 'Gig' }, 'Job type must be one of: Full-time, Part-time, Contract'],
    ];
    for (const [body, message] of refusals) {
      const res = await saveAlert(app, candidate, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const unknownCompany = await saveAlert(app, candidate, {
      company: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCompany.statusCode).toBe(404);
    expect((await call(app, null, 'GET', '/jobAlerts')).statusCode).toBe(401);

    for (let i = 0; i < JOB_ALERT_MAX; i++)
      expect((await saveAlert(app, candidate, { search: `skill${i}` })).statusCode).toBe(200);
    const over = await saveAlert(app, candidate, { search: 'one more' });
    expect([over.statusCode, over.json().message]).toEqual([400, JOB_ALERT_MESSAGES.tooMany]);
    // The same search again is the same alert: its frequency changes, the count does not.
    const again = await saveAlert(app, candidate, { search: 'SKILL0', frequency: 'instant' });
    expect([again.statusCode, again.json().data.frequency]).toEqual([200, 'instant']);
    const list = (await call(app, candidate, 'GET', '/jobAlerts')).json().data as { _id: string }[];
    expect(list).toHaveLength(JOB_ALERT_MAX);

    const id = list[0]!._id;
    expect((await call(app, other, 'GET', '/jobAlerts')).json().data).toEqual([]);
    expect(
      (await call(app, other, 'PUT', `/jobAlerts/${id}`, { frequency: 'paused' })).statusCode,
    ).toBe(404);
    expect((await call(app, other, 'DELETE', `/jobAlerts/${id}`)).statusCode).toBe(404);
    const bad = await call(app, candidate, 'PUT', `/jobAlerts/${id}`, { frequency: 'hourly' });
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'Frequency must be instant, daily or paused',
    ]);

    const off = await call(app, candidate, 'PUT', `/jobAlerts/${id}`, { frequency: 'paused' });
    expect(off.json()).toMatchObject({
      message: JOB_ALERT_MESSAGES.updated,
      data: { frequency: 'paused' },
    });
    const gone = await call(app, candidate, 'DELETE', `/jobAlerts/${id}`);
    expect(gone.json()).toEqual({ success: true, message: JOB_ALERT_MESSAGES.deleted });
    expect((await call(app, candidate, 'GET', '/jobAlerts')).json().data).toHaveLength(
      JOB_ALERT_MAX - 1,
    );
  });

  it('alerts about the jobs at a company, with its name', async () => {
    const app = await ctx.build();
    const { referrer, candidate } = await people(app);
    await post(app, referrer, 'Platform Engineer');
    const [acme] = await app.db.select().from(companies).where(eq(companies.name, 'Acme Corp'));
    const companyId = acme!.id;
    await app.jobAlerts.sweep();
    const saved = await saveAlert(app, candidate, { company: companyId, frequency: 'instant' });
    expect(saved.json().data).toMatchObject({
      filters: { company: companyId },
      companyName: 'Acme Corp',
    });

    await post(app, referrer, 'Product Designer');
    // Another company's job (inserted, then queued as a post is).
    const globex = await insertJob(app, referrer.id, {
      companyName: 'Globex Inc',
      jobTitle: 'Designer',
    });
    await app.db.insert(jobAlertQueue).values({ jobPostId: globex.id });
    expect((await app.jobAlerts.sweep()).mailed).toBe(1);
    const [mail] = await outboxFor(app, candidate);
    expect(mail!.subject).toBe(
      'New job for your alert Jobs at Acme Corp: Product Designer at Acme Corp',
    );
  });
});

// The operator console's API as operators use it (docs/trust-and-safety.md): a suspension needs a reason,
// which is kept, e-mailed to the user through the outbox and cleared by unsuspending; the audit log names
// who acted and on whom, and says the change in words; the session says who is an operator.
import { eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox, users } from '../src/db/schema';
import { setupTestContext, signIn } from './helper';
import { call, insertJob, makeUser, type TestUser } from './market-fixtures';

const ctx = setupTestContext();
const OPERATOR = 'operator@referio.example';

const build = () => ctx.build({ ADMIN_EMAILS: OPERATOR });

async function operator(app: FastifyInstance): Promise<TestUser> {
  const s = await signIn(app, OPERATOR);
  await app.db.update(users).set({ fullName: 'Olga Operator' }).where(eq(users.id, s.user._id));
  return { id: s.user._id, cookie: s.cookie, email: OPERATOR };
}

const suspend = (app: FastifyInstance, op: TestUser, id: string, body: object) =>
  call(app, op, 'POST', `/admin/users/suspend/${id}`, body);

describe('suspending for a reason', () => {
  it('refuses a suspension without a reason, with a message the console shows', async () => {
    const app = await build();
    const op = await operator(app);
    const jane = await makeUser(app, 'jane', { fullName: 'Jane Doe' });
    for (const body of [{}, { reason: '   ' }]) {
      const res = await suspend(app, op, jane.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Give a reason for the suspension. The user is told it.');
    }
    const long = await suspend(app, op, jane.id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The reason can be at most 500 characters.');
    const self = await suspend(app, op, op.id, { reason: 'Testing' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot suspend yourself.');
    const [row] = await app.db.select().from(users).where(eq(users.id, jane.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it('keeps the reason, mails it to the user, and unsuspending clears it', async () => {
    const app = await build();
    const op = await operator(app);
    const jane = await makeUser(app, 'jane', { fullName: 'Jane Doe' });
    const res = await suspend(app, op, jane.id, { reason: '  Spam in chat messages ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      suspendedAt: expect.any(String),
      suspendedReason: 'Spam in chat messages',
    });
    // One account mail (no notification kind) to Jane with the reason and where to appeal.
    const mails = await app.db.select().from(mailOutbox).where(isNull(mailOutbox.kind));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: jane.email,
      subject: 'Your Referio account is suspended',
    });
    expect(mails[0]!.text).toContain('The reason: Spam in chat messages');
    expect(mails[0]!.text).toContain('/contact-us');
    expect(mails[0]!.html).toContain('The reason: Spam in chat messages');
    // Suspending again changes nothing and mails nothing.
    await suspend(app, op, jane.id, { reason: 'Again' });
    expect(await app.db.select().from(mailOutbox).where(isNull(mailOutbox.kind))).toHaveLength(1);
    // The users list shows the reason; unsuspending clears it.
    const listed = (await call(app, op, 'GET', '/admin/users')).json().data;
    expect(listed).toEqual([
      expect.objectContaining({ _id: jane.id, suspendedReason: 'Spam in chat messages' }),
    ]);
    const back = await call(app, op, 'POST', `/admin/users/restore/${jane.id}`);
    expect(back.json().data).toMatchObject({ suspendedAt: null, suspendedReason: null });
    const [row] = await app.db.select().from(users).where(eq(users.id, jane.id));
    expect(row?.suspendedReason).toBeNull();
  });
});

describe('the audit log in words', () => {
  it('names the operator and the target, and says each change in a sentence', async () => {
    const app = await build();
    const op = await operator(app);
    const jane = await makeUser(app, 'jane', { fullName: 'Jane Doe' }, 1);
    const job = await insertJob(app, jane.id, {
      jobTitle: 'Growth Hacker',
      companyName: 'Acme Corp',
    });
    const candidate = await makeUser(app, 'cand', { fullName: 'Casey Cand' });
    await call(app, candidate, 'POST', '/trust/report', {
      targetKind: 'job_post',
      targetId: job.id,
      reason: 'spam',
    });
    const [report] = (await call(app, op, 'GET', '/admin/reports')).json().data;
    // A second between actions: the log is newest first by time.
    await suspend(app, op, jane.id, { reason: 'spam' });
    ctx.clock.advance(1000);
    await call(app, op, 'POST', `/admin/reports/resolve/${report._id}`, { action: 'actioned' });
    ctx.clock.advance(1000);
    await call(app, op, 'POST', `/admin/users/restore/${jane.id}`);

    const audit = (await call(app, op, 'GET', '/admin/audit')).json().data;
    expect(
      audit.map((e: { change: string; actorName: string }) => [e.actorName, e.change]),
    ).toEqual([
      ['Olga Operator', 'Unsuspended Jane Doe'],
      ['Olga Operator', 'Closed the report on Jane Doe (Spam) as acted on'],
      ['Olga Operator', 'Suspended Jane Doe: spam'],
    ]);
    expect(audit[2]).toMatchObject({ targetName: 'Jane Doe', targetDetail: jane.email });
    expect(audit[1]).toMatchObject({ targetDetail: 'Spam · Growth Hacker at Acme Corp' });
    // The unsuspension keeps the reason it undid.
    expect(audit[0].before).toMatchObject({ reason: 'spam' });
  });

  it('names a domain and its company', async () => {
    const app = await build();
    const op = await operator(app);
    const ref = await makeUser(app, 'ref', {}, 1);
    await insertJob(app, ref.id);
    const [claim] = (await call(app, op, 'GET', '/admin/domains?state=confirmed')).json().data;
    await call(app, op, 'POST', `/admin/domains/reject/${claim.domain}`);
    const [entry] = (await call(app, op, 'GET', '/admin/audit')).json().data;
    expect(entry).toMatchObject({
      targetName: `@${claim.domain}`,
      change: `Rejected @${claim.domain} (claimed for ${claim.companyName})`,
    });
  });
});

describe('who is an operator', () => {
  it('the session says so: true for an operator, false for everyone else', async () => {
    const app = await build();
    const op = await operator(app);
    const jane = await makeUser(app, 'jane');
    expect((await call(app, op, 'GET', '/auth/me')).json().data.operator).toBe(true);
    expect((await call(app, jane, 'GET', '/auth/me')).json().data.operator).toBe(false);
  });
});

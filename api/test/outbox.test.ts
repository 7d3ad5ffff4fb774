// The mail outbox against a real SMTP server (test/smtp-support.ts, the smtp-server package): what arrives, an
// outage and a refusal followed by recovery, giving up, several workers at once, and a crashed worker's
// mail taken over once its lease runs out.
import { eq, isNull } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema';
import { retryDelayMs } from '../src/plugins/outbox';
import { MINUTE, SECOND, setupTestContext } from './helper';
import { insertJob, sendReferral, uploadResume } from './market-fixtures';
import { quickUser } from './security-fixtures';
import { smtpServer } from './smtp-support';

const ctx = setupTestContext();
type App = Awaited<ReturnType<typeof ctx.build>>;

let smtp: ReturnType<typeof smtpServer>;
beforeEach(async () => {
  smtp = smtpServer();
  await smtp.start();
});
afterEach(async () => {
  await smtp.stop();
});

const build = (overrides: Parameters<typeof ctx.build>[0] = {}) =>
  ctx.build({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_SECONDS: 30, ...overrides });

/** A referral request: one mail for its referrer in the outbox. */
async function requestMail(app: App, tag = 'r') {
  const referrer = await quickUser(app, `ref-${tag}`, { fullName: 'Ravi Ref' });
  const candidate = await quickUser(app, `cand-${tag}`, { fullName: 'Cara Cand' });
  const job = await insertJob(app, referrer.id, { jobTitle: 'Platform Engineer' });
  await uploadResume(app, candidate);
  const res = await sendReferral(app, candidate, job.id, referrer.id);
  expect(res.statusCode).toBe(201);
  return { referrer, candidate };
}

const outboxRows = (app: App) => app.db.select().from(mailOutbox).orderBy(mailOutbox.id);

it('sends the mail over SMTP with both parts, the unsubscribe headers and a stable Message-ID', async () => {
  const app = await build();
  const { referrer, candidate } = await requestMail(app);
  expect(smtp.received).toHaveLength(0); // the request did not wait for SMTP
  expect(await app.outbox.drainAll()).toEqual({ claimed: 1, sent: 1, failed: 0 });
  expect(smtp.received).toHaveLength(1);
  const [mail] = smtp.received;
  expect(mail!.to).toEqual([referrer.email]);
  expect(mail!.header('Subject')).toBe('New referral request for Platform Engineer at Acme Corp');
  expect(mail!.header('List-Unsubscribe')).toMatch(
    /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=.+>$/,
  );
  expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const [row] = await outboxRows(app);
  expect(mail!.header('Message-ID')).toBe(`<outbox-${row!.id}@referio.local>`);
  expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
  expect(mail!.raw).toMatch(/Content-Type: text\/plain/i);
  expect(mail!.raw).toMatch(/Content-Type: text\/html/i);
  expect(mail!.raw).not.toContain(candidate.email);
  expect(row!.sentAt).not.toBeNull();
  expect(await app.outbox.drainAll()).toEqual({ claimed: 0, sent: 0, failed: 0 });
  expect(smtp.received).toHaveLength(1);
});

it('keeps the mail through an SMTP outage, retries with a doubling wait, and sends it once after recovery', async () => {
  const app = await build();
  await smtp.stop();
  const t0 = ctx.clock.now().getTime();
  const { referrer } = await requestMail(app, 'outage');
  expect(await app.outbox.drainOnce()).toEqual({ claimed: 1, sent: 0, failed: 1 });
  let [row] = await outboxRows(app);
  expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lockedUntil: null });
  expect(row!.lastError).toBeTruthy();
  expect(row!.availableAt.getTime()).toBe(t0 + 30 * SECOND);
  // Not due yet: nothing is tried.
  expect(await app.outbox.drainOnce()).toEqual({ claimed: 0, sent: 0, failed: 0 });
  ctx.clock.advance(30 * SECOND);
  expect((await app.outbox.drainOnce()).failed).toBe(1);
  [row] = await outboxRows(app);
  expect(row!.attempts).toBe(2);
  expect(row!.availableAt.getTime()).toBe(t0 + 30 * SECOND + 60 * SECOND);

  await smtp.start();
  ctx.clock.advance(60 * SECOND);
  expect(await app.outbox.drainAll()).toEqual({ claimed: 1, sent: 1, failed: 0 });
  expect(smtp.received.map((m) => m.to)).toEqual([[referrer.email]]);
  [row] = await outboxRows(app);
  expect(row!.sentAt).not.toBeNull();
  expect(row!.lastError).toBeNull();
});

it('retries a mail the SMTP server refuses for now, and gives up after MAIL_MAX_ATTEMPTS', async () => {
  const app = await build({ MAIL_MAX_ATTEMPTS: 3 });
  smtp.state.refuse = true;
  await requestMail(app, 'refused');
  for (const wait of [0, retryDelayMs(1, 30), retryDelayMs(2, 30)]) {
    ctx.clock.advance(wait);
    expect((await app.outbox.drainOnce()).failed).toBe(1);
  }
  const [row] = await outboxRows(app);
  expect(row!.attempts).toBe(3);
  expect(row!.failedAt).not.toBeNull();
  expect(row!.lastError).toMatch(/451|Try again later/);
  smtp.state.refuse = false;
  ctx.clock.advance(24 * 60 * MINUTE);
  expect((await app.outbox.drainAll()).claimed).toBe(0);
  expect(smtp.received).toHaveLength(0);
});

it('sends each mail once when several workers drain at the same time', async () => {
  const a = await build({ MAIL_BATCH_SIZE: 4 });
  const b = await build({ MAIL_BATCH_SIZE: 4 });
  for (let i = 0; i < 12; i++) await requestMail(a, `many${i}`);
  await Promise.all([a.outbox.drainAll(), b.outbox.drainAll(), a.outbox.drainAll()]);
  const ids = smtp.received.map((m) => m.header('Message-ID'));
  expect(ids).toHaveLength(12);
  expect(new Set(ids).size).toBe(12);
  expect(await a.db.$count(mailOutbox, isNull(mailOutbox.sentAt))).toBe(0);
});

it("takes over a crashed worker's claimed mail only after its lease runs out", async () => {
  const app = await build({ MAIL_LEASE_SECONDS: 120 });
  await requestMail(app, 'crash');
  const [row] = await outboxRows(app);
  // A worker claimed it and died before sending.
  await app.db
    .update(mailOutbox)
    .set({
      lockedUntil: new Date(ctx.clock.now().getTime() + 120 * SECOND),
      claimToken: 'dead-worker',
    })
    .where(eq(mailOutbox.id, row!.id));
  expect((await app.outbox.drainAll()).claimed).toBe(0);
  ctx.clock.advance(121 * SECOND);
  expect(await app.outbox.drainAll()).toEqual({ claimed: 1, sent: 1, failed: 0 });
  expect(smtp.received).toHaveLength(1);
});

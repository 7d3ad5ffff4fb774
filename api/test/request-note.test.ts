// The candidate's note to the referrer with a request ("why me"): optional, trimmed, at most
// REQUEST_NOTE_MAX characters; stored with the request, on the referrer's card and in their e-mail.
import { REQUEST_NOTE_MAX } from '../src/contract';
import { setupTestContext } from './helper';
import {
  call,
  insertJob,
  listReferrals,
  makeUser,
  uploadResume,
  type TestUser,
} from './market-fixtures';

const ctx = setupTestContext();
type App = Awaited<ReturnType<typeof ctx.build>>;

async function scene(app: App) {
  const referrer = await makeUser(app, 'ref', { workEmailAdded: true, fullName: 'Ravi Ref' }, 1);
  const candidate = await makeUser(app, 'cand', { fullName: 'Cara Cand' });
  const job = await insertJob(app, referrer.id, {
    jobTitle: 'Platform Engineer',
    companyName: 'Acme Corp',
  });
  await uploadResume(app, candidate);
  return { referrer, candidate, job };
}

const send = (app: App, u: TestUser, jobPostId: string, to: TestUser, note?: unknown) =>
  call(app, u, 'POST', '/referralRequest/sendReferralRequest', {
    jobPostId,
    targetUserId: to.id,
    userId: u.id,
    ...(note === undefined ? {} : { note }),
  });

const received = async (app: App, referrer: TestUser) => {
  const res = await listReferrals(app, referrer, 1, 'pending');
  expect(res.statusCode).toBe(200);
  return res.json().data as { note?: string | null }[];
};

const mailTo = async (app: App, u: TestUser) => {
  await app.outbox.drainAll();
  const res = await call(app, null, 'GET', `/dev/mail?to=${encodeURIComponent(u.email)}`);
  return (res.json().data as { subject: string; text: string; html: string }[]).filter((m) =>
    m.subject.startsWith('New referral request'),
  );
};

describe("the candidate's note with a referral request", () => {
  it("is stored trimmed, shown on the referrer's request and quoted in their e-mail", async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const note = '  I led the move to Go at my team.\nHappy to share more <details>.  ';
    const res = await send(app, candidate, job.id, referrer, note);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.note).toBe(
      'I led the move to Go at my team.\nHappy to share more <details>.',
    );

    const [card] = await received(app, referrer);
    expect(card!.note).toBe('I led the move to Go at my team.\nHappy to share more <details>.');

    const [mail] = await mailTo(app, referrer);
    expect(mail!.text).toContain(
      'Their note:\n> I led the move to Go at my team.\n> Happy to share more <details>.',
    );
    expect(mail!.html).toContain('Happy to share more &lt;details&gt;.</blockquote>');
  });

  it('is optional: none, or only spaces, is no note and the e-mail has no note part', async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const second = await insertJob(app, referrer.id);
    expect((await send(app, candidate, job.id, referrer)).statusCode).toBe(201);
    expect((await send(app, candidate, second.id, referrer, '   ')).statusCode).toBe(201);
    expect((await received(app, referrer)).map((r) => r.note)).toEqual([null, null]);
    for (const mail of await mailTo(app, referrer)) expect(mail.text).not.toContain('Their note');
  });

  it(`refuses a note longer than ${REQUEST_NOTE_MAX} characters with a clear 400, and sends nothing`, async () => {
    const app = await ctx.build();
    const { referrer, candidate, job } = await scene(app);
    const res = await send(app, candidate, job.id, referrer, 'x'.repeat(REQUEST_NOTE_MAX + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `The note to the referrer can be at most ${REQUEST_NOTE_MAX} characters`,
    );
    expect(await received(app, referrer)).toEqual([]);
    // Exactly the limit (spaces around it trimmed) is fine.
    const ok = await send(app, candidate, job.id, referrer, ` ${'y'.repeat(REQUEST_NOTE_MAX)} `);
    expect(ok.statusCode).toBe(201);
    const wrongType = await send(
      app,
      candidate,
      (await insertJob(app, referrer.id)).id,
      referrer,
      5,
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('The note must be text');
  });
});

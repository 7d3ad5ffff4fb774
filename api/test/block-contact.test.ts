// A block cuts contact both ways (docs/trust-and-safety.md): whoever of the two blocks, neither can send
// a message or a request, answer one, open the other's resume or see the other's e-mail address; the
// conversation stays readable to both but closed. Eleven checks, each made with either side blocking.
import type { FastifyInstance } from 'fastify';
import { TRUST_MESSAGES } from '../src/contract';
import { referral } from './chat-support';
import { setupTestContext } from './helper';
import {
  call,
  insertJob,
  listReferrals,
  makeUser,
  sendReferral,
  uploadResume,
  type TestUser,
} from './market-fixtures';

const ctx = setupTestContext();

/** A candidate and a referrer with a chat (one approved request), one pending request with a resume. */
async function acquainted(app: FastifyInstance) {
  const candidate = await makeUser(app, 'cand', { fullName: 'Cara Candidate' });
  const referrer = await makeUser(app, 'ref', { fullName: 'Remy Referrer' }, 1);
  await referral(app, candidate.id, referrer.id);
  const chat = await call(app, candidate, 'POST', '/chat/createChat', {
    userId: candidate.id,
    referrerId: referrer.id,
  });
  const chatId = chat.json().data._id as string;
  const message = (from: TestUser, content: string) =>
    call(app, from, 'POST', '/message/createMessage', {
      chatId,
      senderId: from.id,
      content,
    });
  expect((await message(candidate, 'Thanks for the referral!')).statusCode).toBe(200);
  expect((await uploadResume(app, candidate)).statusCode).toBe(200);
  const pendingJob = await insertJob(app, referrer.id, { jobTitle: 'Pending Role' });
  const pending = await sendReferral(app, candidate, pendingJob.id, referrer.id);
  expect(pending.statusCode).toBe(201);
  const nextJob = await insertJob(app, referrer.id, { jobTitle: 'Next Role' });
  return {
    candidate,
    referrer,
    chatId,
    message,
    pendingId: pending.json().data._id as string,
    nextJobId: nextJob.id,
  };
}

const requests = (app: FastifyInstance, u: TestUser, roleId: 0 | 1) =>
  listReferrals(app, u, roleId, 'pending');
const chats = (app: FastifyInstance, u: TestUser) =>
  call(app, u, 'GET', `/chat/getReferrerChats/${u.id}`);

describe.each(['candidate', 'referrer'] as const)('after the %s blocks the other', (blocker) => {
  it('refuses or hides 11 of 11 ways to reach the other; the conversation stays readable, closed', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const a = await acquainted(app);
    const { candidate, referrer } = a;
    const [by, other] = blocker === 'candidate' ? [candidate, referrer] : [referrer, candidate];
    expect((await call(app, by, 'POST', '/trust/block', { userId: other.id })).statusCode).toBe(
      200,
    );

    const refused = (res: { statusCode: number; json(): { message?: string } }) =>
      res.statusCode === 403 && res.json().message === TRUST_MESSAGES.blockedRefusal;
    const lacks = (body: string, ...texts: string[]) => texts.every((t) => !body.includes(t));
    const pendingResume = `/documentsUpload/resume/${candidate.id}?requestId=${a.pendingId}`;
    const readable = async (u: TestUser) => {
      const res = await call(app, u, 'GET', `/message/getMessages/${a.chatId}`);
      return res.statusCode === 200 && res.json().data[0]?.content === 'Thanks for the referral!';
    };
    const closedFor = async (u: TestUser, otherEmail: string) => {
      const res = await chats(app, u);
      return res.json().data[0]?.closed === 'blocked' && lacks(res.body, otherEmail);
    };

    const checks: Record<string, boolean> = {
      'message from the candidate': refused(await a.message(candidate, 'Hello?')),
      'message from the referrer': refused(await a.message(referrer, 'Hello?')),
      'new request': refused(await sendReferral(app, candidate, a.nextJobId, referrer.id)),
      'answer to the pending request': refused(
        await call(app, referrer, 'PUT', `/referralRequest/updateReferralStatus/${a.pendingId}`, {
          status: 'approved',
        }),
      ),
      'resume by user':
        (await call(app, referrer, 'GET', pendingResume.split('?')[0]!)).statusCode === 403,
      'resume through the request':
        (await call(app, referrer, 'GET', pendingResume)).statusCode === 403,
      "candidate's e-mail and resume in the referrer's requests": lacks(
        (await requests(app, referrer, 1)).body,
        candidate.email,
        'documentsUpload/resume',
      ),
      "referrer's e-mail in the candidate's requests": lacks(
        (await requests(app, candidate, 0)).body,
        referrer.email,
      ),
      "candidate's chat list: closed, no e-mail": await closedFor(candidate, referrer.email),
      "referrer's chat list: closed, no e-mail": await closedFor(referrer, candidate.email),
      'history readable to both': (await readable(candidate)) && (await readable(referrer)),
    };
    const gotThrough = Object.entries(checks)
      .filter(([, ok]) => !ok)
      .map(([name]) => name);
    expect(Object.keys(checks)).toHaveLength(11);
    expect(gotThrough).toEqual([]);

    // Unblocked, contact is open again.
    await call(app, by, 'POST', '/trust/unblock', { userId: other.id });
    expect((await a.message(referrer, 'Hello again')).statusCode).toBe(200);
    expect((await chats(app, candidate)).json().data[0].closed).toBeUndefined();
  });
});

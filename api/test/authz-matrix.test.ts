// The authorization matrix: every route of the app × {anonymous, another user, the owner, the owner in
// the other mode}, with the status each must get. Routes are enumerated at run time (onRoute), so a new
// route without a row here fails the first test.
//
// "The other mode" is the owner after switching between candidate and referrer: a mode is a view of
// one account, not a permission, so the owner keeps access to everything they own in either mode.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  companyDomains,
  emailReverts,
  notifications,
  referralRequests,
  reports,
  resumes,
  users,
} from '../src/db/schema';
import { sha256Hex } from '../src/lib/crypto';
import type { Database } from '../src/db';
import { createClock, createTestDatabase, latestCode, validJobBody } from './helper';
import { DEAD_SMTP_URL } from './smtp-support';
import { insertJob, multipartBody, PDF, PNG, uniqueEmail, type TestUser } from './market-fixtures';
import {
  buildWithRoutes,
  buildWorld,
  freshCookie,
  quickUser,
  type CollectedRoute,
  type World,
} from './security-fixtures';

type Caller = 'anonymous' | 'other' | 'owner' | 'otherMode';
const CALLERS: Caller[] = ['anonymous', 'other', 'owner', 'otherMode'];
type Statuses = [anonymous: number, other: number, owner: number, otherMode: number];

/** Anyone, signed in or not. */
const PUBLIC: Statuses = [200, 200, 200, 200];
/** A signed-in user, acting on their own account whoever they are. */
const SIGNED_IN: Statuses = [401, 200, 200, 200];
/** The owner only (in either mode); another user is refused. */
const OWNER_ONLY: Statuses = [401, 403, 200, 200];
/** The owner only; to anyone else the resource does not exist (a named resume by its id). */
const OWNER_ONLY_HIDDEN: Statuses = [401, 404, 200, 200];

interface Req {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

interface Ctx {
  app: FastifyInstance;
  w: World;
  /** The user whose resource the row calls (the owner column). */
  owner: TestUser;
  caller: Caller;
}

interface Row {
  route: string;
  owner: 'candidate' | 'referrer';
  expect: Statuses;
  request: (c: Ctx) => Req | Promise<Req>;
  /** More callers that the route's rule names (e.g. a resume's recipient). */
  also?: { who: 'candidate' | 'referrer' | 'stranger'; status: number }[];
  /** Answers over a real socket (the event stream never ends, so inject would wait forever). */
  stream?: boolean;
  /** A fresh session per call (the call ends it). */
  freshSession?: boolean;
}

const validJob = (userId?: string) => ({ ...(userId ? { userId } : {}), ...validJobBody });

const upload = (owner: TestUser, file: Buffer, name: string): Req => {
  const body = multipartBody(file, name, { userId: owner.id });
  return { url: '', payload: body.payload, headers: body.headers };
};

/** The full URL of one of the owner's named resumes (their default), with `tail` after its id. */
const ownResumeUrl = async (app: FastifyInstance, owner: TestUser, tail = '') =>
  `/api/documentsUpload/resumes/${(await app.resumes.findDefault(owner.id))!.id}${tail}`;

/** A pending request from the candidate on a new job of the referrer. */
async function pendingRequest(app: FastifyInstance, w: World): Promise<string> {
  const job = await insertJob(app, w.referrer.id, { createdAt: app.now() });
  const resume = await app.resumes.findDefault(w.candidate.id);
  const [row] = await app.db
    .insert(referralRequests)
    .values({
      jobPostId: job.id,
      senderId: w.candidate.id,
      recipientId: w.referrer.id,
      status: 'pending',
      resume: resume!.storageKey,
    })
    .returning({ id: referralRequests.id });
  return row!.id;
}

/** A declined request from the candidate (a hand-off may follow it). */
async function declinedRequest(app: FastifyInstance, w: World): Promise<string> {
  const id = await pendingRequest(app, w);
  await app.db
    .update(referralRequests)
    .set({ status: 'declined', respondedAt: app.now() })
    .where(eq(referralRequests.id, id));
  return id;
}

/** One of the user's notifications (the world's chat message made one for the candidate). */
async function notificationOf(app: FastifyInstance, userId: string): Promise<string> {
  const [row] = await app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .limit(1);
  if (row) return row.id;
  const [made] = await app.db
    .insert(notifications)
    .values({ userId, kind: 'chat_message' })
    .returning({ id: notifications.id });
  return made!.id;
}

/** The owner's job alert (made again when a row deleted it). */
async function alertOf(app: FastifyInstance, owner: TestUser): Promise<string> {
  const saved = await app.jobAlerts.create(owner.id, 'matrix', {}, 'daily');
  if (!saved.ok) throw new Error(`job alert not saved: ${saved.reason}`);
  return saved.alert._id;
}

async function workEmailCode(app: FastifyInstance, owner: TestUser) {
  const workEmail = uniqueEmail('work').replace('@example.com', '@acme-corp.com');
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/workEmailVerify',
    headers: { cookie: owner.cookie },
    payload: { workEmail, id: owner.id },
  });
  if (res.statusCode !== 200) throw new Error(`workEmailVerify failed: ${res.body}`);
  return { workEmail, otp: await latestCode(app, workEmail) };
}

const ROWS: Row[] = [
  { route: 'GET /api/health', owner: 'candidate', expect: PUBLIC, request: () => ({ url: '' }) },
  // The API reference (routes/docs): public, like the document it describes.
  ...[
    'GET /api/openapi.json',
    'GET /api/docs',
    'GET /api/docs/json',
    'GET /api/docs/yaml',
    'GET /api/docs/static/swagger-initializer.js',
  ].map((route): Row => ({
    route,
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({ url: '' }),
  })),
  // Swagger UI's own redirect from its static index to the page.
  {
    route: 'GET /api/docs/static/index.html',
    owner: 'candidate',
    expect: [302, 302, 302, 302],
    request: () => ({ url: '' }),
  },
  {
    route: 'GET /api/docs/static/*',
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({ url: 'swagger-ui.css' }),
  },
  {
    route: 'GET /api/auth/config',
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/auth/createUser',
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({ url: '', payload: { email: uniqueEmail('signup'), roleId: 0 } }),
  },
  {
    route: 'POST /api/auth/login',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app }) => {
      const u = await quickUser(app, 'login');
      return { url: '', payload: { email: u.email, roleId: 0 } };
    },
  },
  {
    route: 'POST /api/auth/verifyOtp',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app }) => {
      const email = uniqueEmail('verify');
      await app.inject({
        method: 'POST',
        url: '/api/auth/createUser',
        payload: { email, roleId: 0 },
      });
      return { url: '', payload: { email, otp: await latestCode(app, email), roleId: 0 } };
    },
  },
  {
    // A mailed sign-in link signs whoever opens it in (it is the proof of the mailbox).
    route: 'POST /api/auth/verifyLink',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app }) => {
      const email = uniqueEmail('link');
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, roleId: 0 },
      });
      const mail = await app.inject({
        method: 'GET',
        url: `/api/dev/mail?to=${encodeURIComponent(email)}`,
      });
      const token = /#link=([A-Za-z0-9_-]+)/.exec(mail.json().data[0].text as string)?.[1];
      // Another browser than the one that asked: it signs in once the person said yes to the question.
      return { url: '', payload: { token, confirm: true } };
    },
  },
  {
    // What a link would do here (the link stays unused): anyone holding the token may ask.
    route: 'POST /api/auth/checkLink',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app }) => {
      const email = uniqueEmail('peek');
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, roleId: 0 } });
      const mail = await app.inject({
        method: 'GET',
        url: `/api/dev/mail?to=${encodeURIComponent(email)}`,
      });
      const token = /#link=([A-Za-z0-9_-]+)/.exec(mail.json().data[0].text as string)?.[1];
      return { url: '', payload: { token } };
    },
  },
  {
    // The "this wasn't me" link mailed to an old address: the token is the proof, whoever sends it.
    route: 'POST /api/auth/revertEmailChange',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app }) => {
      const moved = await quickUser(app, 'moved-away');
      const token = `revert-${Math.random().toString(36).slice(2)}-${'x'.repeat(16)}`;
      await app.db.insert(emailReverts).values({
        userId: moved.id,
        oldEmail: uniqueEmail('was'),
        newEmail: moved.email,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(app.now().getTime() + 60 * 60 * 1000),
      });
      return { url: '', payload: { token } };
    },
  },
  {
    // The code mailed to the new address by PUT updateById; bound to the user who asked for it,
    // so another user holding the code gets the same 400 as a wrong code.
    route: 'POST /api/auth/confirmEmailChange',
    owner: 'candidate',
    expect: [401, 400, 200, 200],
    request: async ({ app, owner }) => {
      const email = uniqueEmail('moved');
      const ownerCookie = await freshCookie(app, owner.id);
      const put = await app.inject({
        method: 'PUT',
        url: `/api/auth/updateById/${owner.id}`,
        headers: { cookie: ownerCookie },
        payload: { updatedData: { email } },
      });
      if (put.statusCode !== 200) throw new Error(`updateById failed: ${put.body}`);
      return { url: '', payload: { email, otp: await latestCode(app, email) } };
    },
  },
  {
    // Google is not configured in tests: refused alike for everyone.
    route: 'POST /api/auth/oAuth',
    owner: 'candidate',
    expect: [400, 400, 400, 400],
    request: () => ({ url: '', payload: { credential: 'x'.repeat(40) } }),
  },
  {
    route: 'GET /api/auth/me',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/auth/logout',
    owner: 'candidate',
    expect: PUBLIC,
    freshSession: true,
    request: () => ({ url: '' }),
  },
  {
    // Only ever the caller's own name: there is no id to point at someone else.
    route: 'PUT /api/auth/name',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '', payload: { fullName: 'Matrix Person' } }),
  },
  {
    route: 'PUT /api/auth/updateRole/:id',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}`, payload: { role: 0 } }),
  },
  {
    route: 'GET /api/auth/GetByIdUser/:userId/:roleId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}/0` }),
  },
  {
    route: 'GET /api/auth/GetByIdReferer/:userId/:roleId',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}/1` }),
  },
  {
    route: 'PUT /api/auth/updateById/:userId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({
      url: `/${owner.id}`,
      payload: { updatedData: { fullName: 'Casey C', email: owner.email } },
    }),
  },
  {
    route: 'POST /api/auth/workEmailVerify',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({
      url: '',
      payload: {
        workEmail: uniqueEmail('work').replace('@example.com', '@acme-corp.com'),
        id: owner.id,
      },
    }),
  },
  {
    route: 'POST /api/auth/workEmailVerifyOtp',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: async ({ app, owner, caller }) => {
      const code =
        caller === 'owner' || caller === 'otherMode'
          ? await workEmailCode(app, owner)
          : { workEmail: 'someone@acme-corp.com', otp: '1234' };
      return { url: '', payload: { ...code, id: owner.id } };
    },
  },
  {
    route: 'POST /api/company/getAllCompany',
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({ url: '', payload: { search: '', start: 0, limit: 10 } }),
  },
  {
    // A company's public page: anyone may read it.
    route: 'GET /api/company/:companyId',
    owner: 'referrer',
    expect: PUBLIC,
    request: async ({ app, w }) => ({
      url: `/${(await app.jobPosts.findRow(w.jobId))!.companyId}`,
    }),
  },
  {
    route: 'GET /api/testimonials/getAllTestimonials',
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/subscribe/createSubscribe',
    owner: 'candidate',
    expect: [201, 201, 201, 201],
    request: () => ({ url: '', payload: { email: uniqueEmail('news') } }),
  },
  {
    route: 'POST /api/contactus/createContactUs',
    owner: 'candidate',
    expect: [201, 201, 201, 201],
    request: () => ({
      url: '',
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: uniqueEmail('contact'),
        phone: '+91 98765 43210',
        message: 'Hello there.',
      },
    }),
  },
  {
    route: 'POST /api/jobPost/getAllJobPost',
    owner: 'candidate',
    expect: PUBLIC,
    request: () => ({
      url: '',
      payload: { search: '', start: 0, limit: 10, jobType: 'Full-time', location: 'Remote' },
    }),
  },
  {
    // Any signed-in user may read a job post; the userId segment is the UI's, not a permission.
    route: 'GET /api/jobPost/GetById/:jobId/:userId',
    owner: 'referrer',
    expect: SIGNED_IN,
    request: ({ w, owner }) => ({ url: `/${w.jobId}/${owner.id}` }),
  },
  {
    // A job as anyone may see it (its public page and share image): no referrer contact in it.
    route: 'GET /api/jobPost/public/:jobId',
    owner: 'referrer',
    expect: PUBLIC,
    request: ({ w }) => ({ url: `/${w.jobId}` }),
  },
  {
    // Similar jobs under a job page: anyone may read them.
    route: 'GET /api/jobPost/similar',
    owner: 'referrer',
    expect: PUBLIC,
    request: ({ w }) => ({ url: `?jobId=${w.jobId}&limit=4` }),
  },
  {
    route: 'GET /api/jobPost/sitemap',
    owner: 'referrer',
    expect: PUBLIC,
    request: () => ({ url: '?limit=10' }),
  },
  {
    route: 'GET /api/jobPost/sitemap/pages',
    owner: 'referrer',
    expect: PUBLIC,
    request: () => ({ url: '' }),
  },
  {
    // Suggestions while typing a search: words and companies of listed posts, as the search itself.
    route: 'GET /api/jobPost/suggest',
    owner: 'referrer',
    expect: PUBLIC,
    request: () => ({ url: '?q=eng' }),
  },
  {
    route: 'GET /api/jobPost/getJobsByCandidate/:userId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    route: 'POST /api/jobPost/createJobPost',
    owner: 'referrer',
    expect: [401, 403, 201, 201],
    request: ({ owner }) => ({ url: '', payload: validJob(owner.id) }),
  },
  {
    route: 'POST /api/jobPost/getAllJobPostByUserId',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({
      url: '',
      payload: { userId: owner.id, search: '', start: 0, limit: 10 },
    }),
  },
  {
    route: 'PUT /api/jobPost/updateById/:id',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: ({ w }) => ({ url: `/${w.jobId}`, payload: validJob() }),
  },
  {
    route: 'PUT /api/jobPost/updateStatus/:id',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: ({ w }) => ({ url: `/${w.jobId}`, payload: { status: 'active' } }),
  },
  {
    route: 'POST /api/referralRequest/sendReferralRequest',
    owner: 'candidate',
    expect: [401, 403, 201, 201],
    request: async ({ app, w, owner }) => {
      const job = await insertJob(app, w.referrer.id, { createdAt: app.now() });
      return {
        url: '',
        payload: { jobPostId: job.id, targetUserId: w.referrer.id, userId: owner.id },
      };
    },
  },
  {
    route: 'POST /api/referralRequest/getAllReferralRequestsData',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({
      url: '',
      payload: { userId: owner.id, roleId: 0, status: 'approved' },
    }),
  },
  {
    route: 'GET /api/referralRequest/getAllReferralRequestsData',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `?userId=${owner.id}&roleId=1&status=approved` }),
  },
  {
    route: 'GET /api/referralRequest/getRefererCount/:userId',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    route: 'GET /api/referralRequest/getCandidateCount/:userId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    // Only the recipient decides; the candidate who sent it cannot approve their own request.
    route: 'PUT /api/referralRequest/updateReferralStatus/:id',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: async ({ app, w }) => ({
      url: `/${await pendingRequest(app, w)}`,
      payload: { status: 'approved' },
    }),
  },
  {
    // Only the sender withdraws; the referrer it was addressed to cannot.
    route: 'POST /api/referralRequest/withdraw/:id',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 403 }],
    request: async ({ app, w }) => ({ url: `/${await pendingRequest(app, w)}` }),
  },
  {
    // Only the request's candidate; anyone else (its referrer included) is told it does not exist.
    route: 'GET /api/referralRequest/handoff/:requestId',
    owner: 'candidate',
    expect: [401, 404, 200, 200],
    also: [{ who: 'referrer', status: 404 }],
    request: async ({ app, w }) => ({ url: `/${await declinedRequest(app, w)}` }),
  },
  {
    // The request's referrer only; anyone else (its candidate included) is told it does not exist.
    route: 'GET /api/referralRequest/matchSummary/:id',
    owner: 'referrer',
    expect: [401, 404, 200, 200],
    also: [{ who: 'candidate', status: 404 }],
    request: ({ w }) => ({ url: `/${w.requestId}` }),
  },
  {
    // The resume's owner only (the referrer of the job too is refused).
    route: 'GET /api/referralRequest/matchPreview',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 403 }],
    request: async ({ app, w }) => {
      const [resume] = await app.db
        .select({ id: resumes.id })
        .from(resumes)
        .where(eq(resumes.ownerId, w.candidate.id));
      return { url: `?jobPostId=${w.jobId}&resumeId=${resume!.id}` };
    },
  },
  {
    route: 'GET /api/referralRequest/getResponsiveness/:userId',
    owner: 'referrer',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    route: 'POST /api/referralRequest/getReferralNotifications',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: '', payload: { userId: owner.id, roleId: 0 } }),
  },
  {
    route: 'POST /api/referralRequest/markNotificationsSeen',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/documentsUpload/resumeUpload',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => upload(owner, PDF, 'cv.pdf'),
  },
  {
    // The owner and the referrers the candidate sent a request to; nobody else.
    route: 'GET /api/documentsUpload/resume/:userId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 200 }],
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    // The saved resume a referral request offers: its owner's only (a referrer gets 403 too).
    route: 'GET /api/documentsUpload/savedResume/:userId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 403 }],
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    // The named resumes: each caller lists and adds their own; by id, only the owner's (404 otherwise).
    route: 'GET /api/documentsUpload/resumes',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/documentsUpload/resumes',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => upload(owner, PDF, 'Backend resume.pdf'),
  },
  {
    route: 'PUT /api/documentsUpload/resumes/:resumeId/file',
    owner: 'candidate',
    expect: OWNER_ONLY_HIDDEN,
    also: [{ who: 'referrer', status: 404 }],
    request: async ({ app, owner }) => ({
      ...upload(owner, PDF, 'cv-2.pdf'),
      url: await ownResumeUrl(app, owner, '/file'),
    }),
  },
  {
    route: 'PUT /api/documentsUpload/resumes/:resumeId',
    owner: 'candidate',
    expect: OWNER_ONLY_HIDDEN,
    also: [{ who: 'referrer', status: 404 }],
    request: async ({ app, owner }) => ({
      url: await ownResumeUrl(app, owner),
      payload: { name: 'Renamed', isDefault: true },
    }),
  },
  {
    route: 'DELETE /api/documentsUpload/resumes/:resumeId',
    owner: 'candidate',
    expect: OWNER_ONLY_HIDDEN,
    also: [{ who: 'referrer', status: 404 }],
    request: async ({ app, owner }) => ({ url: await ownResumeUrl(app, owner) }),
  },
  {
    // A referrer opens a request's resume through the request (GET …/resume/:userId?requestId=).
    route: 'GET /api/documentsUpload/resumes/:resumeId/file',
    owner: 'candidate',
    expect: OWNER_ONLY_HIDDEN,
    also: [{ who: 'referrer', status: 404 }],
    request: async ({ app, owner }) => ({ url: await ownResumeUrl(app, owner, '/file') }),
  },
  {
    route: 'DELETE /api/documentsUpload/resume',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/documentsUpload/profileImgUpload',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => upload(owner, PNG, 'me.png'),
  },
  {
    // Photos appear on public job cards.
    route: 'GET /api/documentsUpload/profileImage/:userId',
    owner: 'referrer',
    expect: PUBLIC,
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    route: 'POST /api/chat/createChat',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 200 }],
    request: ({ w }) => ({
      url: '',
      payload: { userId: w.candidate.id, referrerId: w.referrer.id },
    }),
  },
  {
    route: 'GET /api/chat/getReferrerChats/:userId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    request: ({ owner }) => ({ url: `/${owner.id}` }),
  },
  {
    route: 'POST /api/chat/markRead/:chatId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 200 }],
    request: ({ w }) => ({ url: `/${w.chatId}` }),
  },
  {
    route: 'GET /api/chat/events',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 200 }],
    stream: true,
    request: ({ w }) => ({ url: `?open=${w.chatId}` }),
  },
  {
    route: 'GET /api/message/getMessages/:chatId',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 200 }],
    request: ({ w }) => ({ url: `/${w.chatId}?page=1&limit=20` }),
  },
  {
    route: 'POST /api/message/createMessage',
    owner: 'candidate',
    expect: OWNER_ONLY,
    also: [{ who: 'referrer', status: 200 }],
    request: ({ w, owner }) => ({
      url: '',
      payload: { chatId: w.chatId, senderId: owner.id, content: 'Thanks!' },
    }),
  },
  // Saved jobs: each caller's own, from the session (nobody else's to reach: no user id in the request).
  {
    route: 'PUT /api/savedJobs/:jobId',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: ({ w }) => ({ url: `/${w.jobId}` }),
  },
  {
    route: 'DELETE /api/savedJobs/:jobId',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: ({ w }) => ({ url: `/${w.jobId}` }),
  },
  {
    route: 'GET /api/savedJobs',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/savedJobs/which',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: ({ w }) => ({ url: '', payload: { jobIds: [w.jobId] } }),
  },
  // Job alerts: each caller's own, from the session; another's alert is "not found" (404, not 403:
  // whether it exists is not theirs to learn). The e-mail's link needs no session: its token is the proof.
  {
    route: 'GET /api/jobAlerts',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/jobAlerts',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '', payload: { search: 'platform', frequency: 'daily' } }),
  },
  {
    route: 'PUT /api/jobAlerts/:id',
    owner: 'candidate',
    expect: [401, 404, 200, 200],
    request: async ({ app, owner }) => ({
      url: `/${await alertOf(app, owner)}`,
      payload: { frequency: 'paused' },
    }),
  },
  {
    route: 'DELETE /api/jobAlerts/:id',
    owner: 'candidate',
    expect: [401, 404, 200, 200],
    request: async ({ app, owner }) => ({ url: `/${await alertOf(app, owner)}` }),
  },
  {
    route: 'GET /api/jobAlerts/unsubscribe',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app, owner }) => ({
      url: `?token=${encodeURIComponent(app.jobAlerts.unsubscribeToken(await alertOf(app, owner)))}`,
    }),
  },
  {
    route: 'POST /api/jobAlerts/unsubscribe',
    owner: 'candidate',
    expect: PUBLIC,
    request: async ({ app, owner }) => ({
      url: `?token=${encodeURIComponent(app.jobAlerts.unsubscribeToken(await alertOf(app, owner)))}`,
    }),
  },
  {
    route: 'GET /api/notifications',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    // Anyone may call it; only the caller's own notifications change (another's ids are ignored:
    // test/notifications.test.ts shows the owner's stay unread).
    route: 'POST /api/notifications/markRead',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: async ({ app, owner }) => ({
      url: '',
      payload: { ids: [await notificationOf(app, owner.id)] },
    }),
  },
  {
    route: 'POST /api/notifications/markAllRead',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'GET /api/notifications/preferences',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'PUT /api/notifications/preferences',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '', payload: { chat_message: true } }),
  },
  {
    // The signed token is the credential: it works without a session, for its one person and kind.
    route: 'GET /api/notifications/unsubscribe',
    owner: 'candidate',
    expect: PUBLIC,
    request: ({ app, owner }) => ({
      url: `?token=${encodeURIComponent(app.notifications.unsubscribeToken(owner.id, 'job_matches'))}`,
    }),
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    owner: 'candidate',
    expect: PUBLIC,
    request: ({ app, owner }) => ({
      url: `?token=${encodeURIComponent(app.notifications.unsubscribeToken(owner.id, 'job_matches'))}`,
    }),
  },
  {
    // Development only (absent in production, see the last test).
    route: 'GET /api/dev/mail',
    owner: 'candidate',
    expect: PUBLIC,
    request: ({ owner }) => ({ url: `?to=${encodeURIComponent(owner.email)}` }),
  },
  {
    // Development only: the request's sender (or recipient) expires it now; others get 404.
    route: 'POST /api/dev/expireReferralRequest/:id',
    owner: 'candidate',
    expect: [401, 404, 200, 200],
    also: [{ who: 'referrer', status: 200 }],
    request: async ({ app, w }) => ({ url: `/${await pendingRequest(app, w)}` }),
  },
  // Trust and safety (docs/trust-and-safety.md): any signed-in user reports and blocks for themselves.
  {
    route: 'POST /api/trust/report',
    owner: 'candidate',
    expect: [401, 201, 201, 201],
    // A new target each time: one open report per reporter and target.
    request: async ({ app }) => ({
      url: '',
      payload: {
        targetKind: 'profile',
        targetId: (await quickUser(app, 'reported')).id,
        reason: 'spam',
        note: 'x',
      },
    }),
  },
  {
    route: 'GET /api/trust/reports',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/trust/block',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: async ({ app }) => ({
      url: '',
      payload: { userId: (await quickUser(app, 'blockee')).id },
    }),
  },
  {
    route: 'POST /api/trust/unblock',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: ({ w }) => ({ url: '', payload: { userId: w.stranger.id } }),
  },
  {
    route: 'GET /api/trust/blocks',
    owner: 'candidate',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  // The operator console's API: operators only (the world's referrer is the one ADMIN_EMAILS names).
  {
    route: 'GET /api/admin/me',
    owner: 'referrer',
    expect: SIGNED_IN,
    request: () => ({ url: '' }),
  },
  {
    route: 'GET /api/admin/reports',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: () => ({ url: '' }),
  },
  {
    route: 'POST /api/admin/reports/resolve/:id',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: async ({ app, w }) => {
      const target = await quickUser(app, 'reported');
      const [row] = await app.db
        .insert(reports)
        .values({
          reporterId: w.candidate.id,
          targetKind: 'profile',
          targetId: target.id,
          targetUserId: target.id,
          reason: 'spam',
        })
        .returning({ id: reports.id });
      return { url: `/${row!.id}`, payload: { action: 'dismissed' } };
    },
  },
  {
    route: 'GET /api/admin/domains',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: () => ({ url: '' }),
  },
  ...(['confirm', 'reject'] as const).map((decision): Row => ({
    route: `POST /api/admin/domains/${decision}/:domain`,
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: async ({ app }) => {
      const domain = `${uniqueEmail('claim').split('@')[0]}.example`;
      const company = await app.companies.idFor(`Claimed ${domain}`, 'it', app.now());
      await app.db.insert(companyDomains).values({ domain, companyId: company });
      return { url: `/${domain}` };
    },
  })),
  {
    route: 'GET /api/admin/users',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: () => ({ url: '' }),
  },
  ...(['suspend', 'restore'] as const).map((action): Row => ({
    route: `POST /api/admin/users/${action}/:id`,
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: async ({ app }) => ({
      url: `/${(await quickUser(app, 'suspendee')).id}`,
      payload: action === 'suspend' ? { reason: 'Spam' } : {},
    }),
  })),
  {
    route: 'GET /api/admin/audit',
    owner: 'referrer',
    expect: OWNER_ONLY,
    also: [{ who: 'candidate', status: 403 }],
    request: () => ({ url: '' }),
  },
  {
    // CORS preflight (@fastify/cors): answered before any session check.
    route: 'OPTIONS *',
    owner: 'candidate',
    expect: [204, 204, 204, 204],
    request: () => ({
      url: '/api/auth/me',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'GET',
      },
    }),
  },
];

const key = (r: CollectedRoute) => `${r.method} ${r.url}`;
const MATRIX_OPERATOR = 'matrix-operator@example.com';

let database: Database;
let app: FastifyInstance;
let routes: CollectedRoute[];
let world: World;
let baseUrl: string;
let userRows: (typeof users.$inferSelect)[];
let resumeRows: (typeof resumes.$inferSelect)[];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, routes } = await buildWithRoutes(database, createClock(new Date()), {
    ADMIN_EMAILS: MATRIX_OPERATOR,
  }));
  world = await buildWorld(app, 'matrix');
  // The referrer is the operator of the console's rows.
  await app.db.update(users).set({ email: MATRIX_OPERATOR }).where(eq(users.id, world.referrer.id));
  world.referrer.email = MATRIX_OPERATOR;
  userRows = await app.db.select().from(users);
  resumeRows = await app.db.select().from(resumes);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** Puts the three users' rows and resumes back as they were (a call may switch a mode or remove a resume). */
async function restoreUsers() {
  for (const { id, ...row } of userRows) {
    await app.db.update(users).set(row).where(eq(users.id, id));
  }
  await app.db.delete(resumes);
  if (resumeRows.length > 0) await app.db.insert(resumes).values(resumeRows);
}

/** The status of a GET on the event stream over a real socket; the stream is closed at once. */
function streamStatus(url: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}${url}`,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
        req.destroy();
      },
    );
    req.on('error', reject);
  });
}

async function callAs(
  row: Row,
  caller: Caller | 'candidate' | 'referrer' | 'stranger',
): Promise<{ status: number; body: string }> {
  const w = world;
  const owner = w[row.owner];
  const user: TestUser | null =
    caller === 'anonymous'
      ? null
      : caller === 'other'
        ? w.stranger
        : caller === 'owner' || caller === 'otherMode'
          ? owner
          : w[caller];
  const asCaller: Caller =
    caller === 'otherMode' ? 'otherMode' : user === owner ? 'owner' : 'other';
  if (caller === 'otherMode') {
    const [row0] = await app.db.select().from(users).where(eq(users.id, owner.id));
    const other = row0!.authMode === 'candidate' ? 'referrer' : 'candidate';
    await app.db.update(users).set({ authMode: other }).where(eq(users.id, owner.id));
  }
  try {
    const req = await row.request({ app, w, owner, caller: user ? asCaller : 'anonymous' });
    const cookie = user
      ? row.freshSession
        ? await freshCookie(app, user.id)
        : user.cookie
      : undefined;
    const [method, path] = row.route.split(' ') as [string, string];
    // Path parameters and a trailing wildcard are filled in by the row's `url`.
    // A row whose parameter is not last gives the whole URL.
    const url = req.url.startsWith('/api/')
      ? req.url
      : (path === '*' ? '' : path.replace(/\/:[^/]+/g, '').replace(/\*$/, '')) + req.url;
    if (row.stream) return { status: await streamStatus(url, cookie), body: '' };
    const res = await app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: { ...(req.headers ?? {}), ...(cookie ? { cookie } : {}) },
      ...(req.payload !== undefined ? { payload: req.payload } : {}),
    });
    return { status: res.statusCode, body: res.body };
  } finally {
    await restoreUsers();
  }
}

test('every route the app registers has a row in the matrix, and every row names a route', () => {
  const registered = routes.map(key).sort();
  const rows = ROWS.map((r) => r.route).sort();
  expect(registered.filter((r) => !rows.includes(r))).toEqual([]);
  expect(rows.filter((r) => !registered.includes(r))).toEqual([]);
  expect(new Set(rows).size).toBe(rows.length);
});

describe.each(ROWS.map((r) => [r.route, r] as const))('%s', (_name, row) => {
  test.each(CALLERS.map((c, i) => [c, row.expect[i]!] as const))(
    'answers %s with %i',
    async (caller, status) => {
      const res = await callAs(row, caller);
      expect({ caller, status: res.status }).toEqual({ caller, status });
      if (status === 401 && !row.stream) {
        expect(JSON.parse(res.body)).toEqual({
          success: false,
          message: 'Please sign in to continue.',
        });
      }
      if (status === 403 && !row.stream) expect(JSON.parse(res.body).success).toBe(false);
    },
  );
  if (row.also?.length) {
    test.each(row.also.map((a) => [a.who, a.status] as const))(
      'answers the %s with %i',
      async (who, status) => {
        expect((await callAs(row, who)).status).toBe(status);
      },
    );
  }
});

test('the dev mailbox does not exist in production', async () => {
  const { app: prod, routes: prodRoutes } = await buildWithRoutes(database, createClock(), {
    NODE_ENV: 'production',
    SMTP_URL: DEAD_SMTP_URL,
  });
  try {
    expect(prodRoutes.map(key)).not.toContain('GET /api/dev/mail');
    expect(prodRoutes.map(key)).not.toContain('POST /api/dev/expireReferralRequest/:id');
    const res = await prod.inject({ method: 'GET', url: '/api/dev/mail?to=a%40example.com' });
    expect(res.statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});

test('an uploaded file is served with its checked type, a Content-Disposition and nosniff', async () => {
  // A PDF named like an image: served as what its content is, not what its name says.
  const body = multipartBody(PDF, 'photo.png', { userId: world.candidate.id });
  const up = await app.inject({
    method: 'POST',
    url: '/api/documentsUpload/resumeUpload',
    headers: { ...body.headers, cookie: world.candidate.cookie },
    payload: body.payload,
  });
  expect(up.statusCode).toBe(200);
  const res = await app.inject({
    method: 'GET',
    url: `/api/documentsUpload/resume/${world.candidate.id}`,
    headers: { cookie: world.referrer.cookie },
  });
  await restoreUsers();
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename="photo.png"/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

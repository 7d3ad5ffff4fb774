// A small world for the authorization matrix and the fuzz tests: a candidate, a referrer and a
// stranger, with a job post, an approved referral request, a chat with a message, a resume and a photo.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { buildApp } from '../src/app';
import type { Database } from '../src/db';
import {
  chatReads,
  chats,
  files,
  jobPosts,
  mailPreferences,
  messages,
  notifications,
  referralRequests,
  sessions,
  users,
  workEmailHistory,
} from '../src/db/schema';
import { testConfig, verifyAtCompany, type Clock } from './helper';
import { insertJob, multipartBody, PDF, PNG, uniqueEmail, type TestUser } from './market-fixtures';

export interface CollectedRoute {
  method: string;
  url: string;
}

/** Builds the app and answers every route it registered (method + url; HEAD mirrors GET, left out). */
export async function buildWithRoutes(
  database: Database,
  clock: Clock,
  overrides: Parameters<typeof testConfig>[0] = {},
): Promise<{ app: FastifyInstance; routes: CollectedRoute[] }> {
  const routes: CollectedRoute[] = [];
  const app = await buildApp(testConfig(overrides), {
    database,
    now: clock.now,
    logger: false,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url });
      }
    },
  });
  await app.ready();
  return { app, routes };
}

/** A user inserted directly with a session cookie (no code round trip: the sign-in has its own tests). */
export async function quickUser(
  app: FastifyInstance,
  prefix: string,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const [row] = await app.db
    .insert(users)
    .values({ email, createdAt: app.now(), ...fields })
    .returning({ id: users.id });
  if (fields.workEmailAdded) await verifyAtCompany(app, row!.id);
  const { token } = await app.sessions.create(row!.id);
  return { id: row!.id, email, cookie: `referio_sid=${token}` };
}

/** A fresh cookie for the user (for calls that end the session, like logout). */
export async function freshCookie(app: FastifyInstance, userId: string): Promise<string> {
  const { token } = await app.sessions.create(userId);
  return `referio_sid=${token}`;
}

async function upload(
  app: FastifyInstance,
  u: TestUser,
  route: string,
  file: Buffer,
  name: string,
) {
  const body = multipartBody(file, name, { userId: u.id });
  const res = await app.inject({
    method: 'POST',
    url: `/api/documentsUpload/${route}`,
    headers: { ...body.headers, cookie: u.cookie },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`${route} failed: ${res.body}`);
}

export interface World {
  candidate: TestUser;
  referrer: TestUser;
  stranger: TestUser;
  jobId: string;
  requestId: string;
  chatId: string;
  messageId: string;
}

/**
 * The candidate (candidate mode) sent a request on the referrer's job; the referrer (referrer mode,
 * verified work e-mail) approved it; they have a chat with one message. Both have a photo, the
 * candidate a resume. The stranger is signed in and owns nothing.
 */
export async function buildWorld(app: FastifyInstance, tag: string): Promise<World> {
  const candidate = await quickUser(app, `${tag}-candidate`, {
    fullName: 'Casey Candidate',
    skills: ['Go'],
  });
  const referrer = await quickUser(app, `${tag}-referrer`, {
    fullName: 'Riley Referrer',
    authMode: 'referrer',
    workEmailAdded: true,
  });
  const stranger = await quickUser(app, `${tag}-stranger`, { fullName: 'Sam Stranger' });
  await upload(app, candidate, 'resumeUpload', PDF, 'cv.pdf');
  await upload(app, candidate, 'profileImgUpload', PNG, 'me.png');
  await upload(app, referrer, 'profileImgUpload', PNG, 'me.png');
  const job = await insertJob(app, referrer.id, { createdAt: app.now() });
  const [request] = await app.db
    .insert(referralRequests)
    .values({
      jobPostId: job.id,
      senderId: candidate.id,
      recipientId: referrer.id,
      status: 'approved',
      resume: (await app.resumes.findDefault(candidate.id))!.storageKey,
      createdAt: app.now(),
      updatedAt: app.now(),
    })
    .returning({ id: referralRequests.id });
  const chat = await app.inject({
    method: 'POST',
    url: '/api/chat/createChat',
    headers: { cookie: candidate.cookie },
    payload: { userId: candidate.id, referrerId: referrer.id },
  });
  if (chat.statusCode !== 200) throw new Error(`createChat failed: ${chat.body}`);
  const chatId = (chat.json() as { data: { _id: string } }).data._id;
  const msg = await app.inject({
    method: 'POST',
    url: '/api/message/createMessage',
    headers: { cookie: referrer.cookie },
    payload: { chatId, senderId: referrer.id, content: 'Hello, I referred you.' },
  });
  if (msg.statusCode !== 200) throw new Error(`createMessage failed: ${msg.body}`);
  const messageId = (msg.json() as { data: { _id: string } }).data._id;
  return {
    candidate,
    referrer,
    stranger,
    jobId: job.id,
    requestId: request!.id,
    chatId,
    messageId,
  };
}

/**
 * Everything that belongs to `userId`, in a stable order: their user row, sessions, job posts, the
 * referral requests they sent or received, their chats, those chats' messages and read markers, their
 * files, work-email history, notifications (with their read state) and e-mail preferences. Two equal snapshots mean nobody changed their data.
 */
export async function snapshotUser(app: FastifyInstance, userId: string) {
  const db = app.db;
  const myChats = await db
    .select()
    .from(chats)
    .where(or(eq(chats.candidateId, userId), eq(chats.referrerId, userId)))
    .orderBy(asc(chats.id));
  const chatIds = myChats.map((c) => c.id);
  return {
    user: await db.select().from(users).where(eq(users.id, userId)),
    sessions: await db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.id)),
    jobs: await db
      .select()
      .from(jobPosts)
      .where(eq(jobPosts.userId, userId))
      .orderBy(asc(jobPosts.id)),
    requests: await db
      .select()
      .from(referralRequests)
      .where(or(eq(referralRequests.senderId, userId), eq(referralRequests.recipientId, userId)))
      .orderBy(asc(referralRequests.id)),
    chats: myChats,
    messages: chatIds.length
      ? await db
          .select()
          .from(messages)
          .where(inArray(messages.chatId, chatIds))
          .orderBy(asc(messages.id))
      : [],
    reads: chatIds.length
      ? await db
          .select()
          .from(chatReads)
          .where(inArray(chatReads.chatId, chatIds))
          .orderBy(asc(chatReads.chatId), asc(chatReads.userId))
      : [],
    files: await db.select().from(files).where(eq(files.ownerId, userId)).orderBy(asc(files.id)),
    workEmails: await db
      .select()
      .from(workEmailHistory)
      .where(eq(workEmailHistory.userId, userId))
      .orderBy(asc(workEmailHistory.id)),
    notifications: await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.id)),
    mailPreferences: await db
      .select()
      .from(mailPreferences)
      .where(eq(mailPreferences.userId, userId))
      .orderBy(asc(mailPreferences.kind)),
  };
}

// Helpers for the job, referral and upload tests: users, job posts and multipart bodies.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { jobPosts, users } from '../src/db/schema';
import { signIn, validJobBody, validJobColumns, verifyAtCompany } from './helper';

export interface TestUser {
  id: string;
  cookie: string;
  email: string;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

let counter = 0;
/** A unique e-mail address per call. */
export const uniqueEmail = (prefix: string) => `${prefix}-${++counter}-${Date.now()}@example.com`;

/**
 * Signs a new user in and sets profile fields directly. A referrer (signed in with roleId 1, or made
 * with `workEmailAdded: true`; not with `workEmailAdded: false`) is also verified at Acme Corp, the company of `insertJob` and
 * `validJobBody` (`verifyAtCompany`).
 */
export async function makeUser(
  app: FastifyInstance,
  prefix: string,
  fields: Partial<typeof users.$inferInsert> = {},
  roleId: 0 | 1 = 0,
): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const s = await signIn(app, email, roleId);
  if (Object.keys(fields).length)
    await app.db.update(users).set(fields).where(eq(users.id, s.user._id));
  if (fields.workEmailAdded ?? roleId === 1) await verifyAtCompany(app, s.user._id);
  return { id: s.user._id, cookie: s.cookie, email };
}

let jobCounter = 0;
/**
 * Inserts a job post owned by `userId` (active, created at `createdAt` or the app's now), linked to
 * its company by name as a posted job is.
 */
export async function insertJob(
  app: FastifyInstance,
  userId: string,
  fields: Partial<typeof jobPosts.$inferInsert> = {},
) {
  jobCounter++;
  const companyName = fields.companyName ?? 'Acme Corp';
  const companyId =
    fields.companyId === undefined
      ? await app.companies.idFor(companyName, fields.industry ?? 'it', app.now())
      : fields.companyId;
  const rows = await app.db
    .insert(jobPosts)
    .values({
      ...validJobColumns(),
      userId,
      companyId,
      jobTitle: `Engineer ${jobCounter}`,
      createdAt: new Date(app.now().getTime() - (1000 - jobCounter) * 1000),
      ...fields,
    })
    .returning();
  return rows[0]!;
}

/** Posts a job at `companyName` through the API (createJobPost), as `u`. */
export const postJob = (
  app: FastifyInstance,
  u: TestUser,
  companyName: string,
  jobTitle = 'Engineer',
) => call(app, u, 'POST', '/jobPost/createJobPost', { ...validJobBody, companyName, jobTitle });

/** A multipart/form-data body with a `userId` field and one file. */
export function multipartBody(
  file: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  contentType = 'application/octet-stream',
) {
  const boundary = `----referio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

/** A minimal ZIP (stored entries) with the given entry names: a .docx when one is under word/. */
export function zipWith(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const data = Buffer.from('<xml/>');
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(names.length, 8);
  eocd.writeUInt16LE(names.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** Uploads `file` as the user's resume. */
export const uploadResume = (
  app: FastifyInstance,
  u: TestUser,
  file: Buffer = PDF,
  name = 'cv.pdf',
) => {
  const body = multipartBody(file, name, { userId: u.id });
  return app.inject({
    method: 'POST',
    url: '/api/documentsUpload/resumeUpload',
    headers: { ...body.headers, cookie: u.cookie },
    payload: body.payload,
  });
};

/** The storage key of the user's default resume (null without resumes). */
export const defaultResumeKey = async (app: FastifyInstance, userId: string) =>
  (await app.resumes.findDefault(userId))?.storageKey ?? null;

/** A JSON call as `u` (or anonymous). */
export const call = (
  app: FastifyInstance,
  u: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: u ? { cookie: u.cookie } : {},
    ...(payload ? { payload } : {}),
  });

/**
 * POST /referralRequest/getAllReferralRequestsData as `u`: the requests in `status` of `u` (or of
 * `more.userId`) as a candidate (`roleId` 0, those sent) or a referrer (1, those received).
 */
export const listReferrals = (
  app: FastifyInstance,
  u: TestUser,
  roleId: 0 | 1,
  status: string,
  more: { userId?: string; jobPostId?: string } = {},
) =>
  call(app, u, 'POST', '/referralRequest/getAllReferralRequestsData', {
    userId: u.id,
    roleId,
    status,
    ...more,
  });

/** PUT /referralRequest/updateReferralStatus/:id as `u` (the referrer): answers the request `id`. */
export const answerReferral = (app: FastifyInstance, u: TestUser, id: string, body: object) =>
  call(app, u, 'PUT', `/referralRequest/updateReferralStatus/${id}`, body);

/**
 * `method url/<id>` as `u` (or anonymous): an id no row has answers 404 with `message`, one that is not
 * a UUID 400.
 */
export async function expectIdRefusals(
  app: FastifyInstance,
  u: TestUser | null,
  method: 'GET' | 'PUT',
  url: string,
  message: string,
) {
  const unknown = await call(app, u, method, `${url}/00000000-0000-4000-8000-000000000000`);
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toBe(message);
  expect((await call(app, u, method, `${url}/nope`)).statusCode).toBe(400);
}

/** POST /referralRequest/sendReferralRequest as `u` (the candidate) for a job to its referrer. */
export const sendReferral = (
  app: FastifyInstance,
  u: TestUser,
  jobPostId: string,
  targetUserId: string,
  /** More of the body (`resumeId`: which of the candidate's resumes goes with it). */
  extra: { resumeId?: string } = {},
) =>
  call(app, u, 'POST', '/referralRequest/sendReferralRequest', {
    jobPostId,
    targetUserId,
    userId: u.id,
    ...extra,
  });

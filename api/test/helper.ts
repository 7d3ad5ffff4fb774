import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config, type ConfigInput } from '../src/config';
import { type Database } from '../src/db';
import { createTestDatabase } from './databases';
import { registrableDomain } from '../src/lib/work-email';

/** A clock tests move by hand: no test sleeps. */
export function createClock(start = new Date('2025-03-10T09:00:00.000Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}
export type Clock = ReturnType<typeof createClock>;

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export { createEmptyPgDatabase, createTestDatabase } from './databases';

let dataDirs: string[] = [];

/** Test configuration: quiet, no seeding, generous limits (tests lower the one they exercise). */
export function testConfig(overrides: ConfigInput = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-api-test-'));
  dataDirs.push(dataDir);
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED: false,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    OTP_IP_MAX: 10_000,
    OTP_BROWSER_MAX: 10_000,
    MAIL_BROWSER_MAX_PER_HOUR: 100_000,
    MAIL_WORKER: false,
    CHAT_MESSAGE_MAX: 10_000,
    MAIL_IP_MAX_PER_HOUR: 100_000,
    MAIL_ACCOUNT_MAX_PER_HOUR: 100_000,
    MAIL_RECIPIENT_MAX_PER_DAY: 100_000,
    // Off: on a loaded test machine a slow query is not a stalled database (the stall tests turn it on).
    DB_STALL_TIMEOUT_MS: 0,
    ...overrides,
  });
}

export interface TestContext {
  database: Database;
  clock: Clock;
  /** A new app over the file's database with these config overrides (closed after each test). */
  build(overrides?: ConfigInput): Promise<FastifyInstance>;
}

/**
 * Per test file: one database (PGlite starts in ~2 s, so it is shared by the file's tests and emptied
 * after each test unless `keepData`), a fresh clock per test, apps closed after each test.
 */
export function setupTestContext(
  opts: {
    keepData?: boolean;
    /**
     * Each test's clock starts at the real time instead of 2025-03-10 09:00: for figures the database
     * computes at its own now() (the responsiveness triggers, migration 0020).
     */
    realClock?: boolean;
  } = {},
): TestContext {
  const apps: FastifyInstance[] = [];
  const startClock = () => (opts.realClock ? createClock(new Date()) : createClock());
  const ctx = { clock: startClock() } as TestContext;
  ctx.build = async (overrides = {}) => {
    const app = await buildApp(testConfig(overrides), {
      database: ctx.database,
      now: ctx.clock.now,
      logger: false,
    });
    apps.push(app);
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
  });
  beforeEach(() => {
    ctx.clock = startClock();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
    if (!opts.keepData) await ctx.database.truncateAll();
  });
  afterAll(async () => {
    await ctx.database?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    dataDirs = [];
  });
  return ctx;
}

/** The session cookie a response set, parsed. */
export function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'referio_sid');
}

/** The latest code mailed to `to`, read from the dev mailbox through the API. */
/** GET /api/auth/me with the session `cookie` (`referio_sid=…`): who the API takes the caller for. */
export function getMe(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/dev/mail?to=${encodeURIComponent(to)}`,
  });
  const first = (res.json() as { data: { text: string }[] }).data[0];
  const code = first?.text.match(/\b(\d{4})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** Signs `email` in through createUser + verifyOtp; answers the cookie header to send and the user. */
export async function signIn(app: FastifyInstance, email: string, roleId: 0 | 1 = 0) {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/auth/createUser',
    payload: { email, roleId },
  });
  if (sent.statusCode !== 200) throw new Error(`createUser failed: ${sent.body}`);
  const otp = await latestCode(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verifyOtp',
    payload: { email, otp, roleId },
  });
  if (res.statusCode !== 200) throw new Error(`verifyOtp failed: ${res.body}`);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('no session cookie');
  return {
    cookie: `referio_sid=${cookie.value}`,
    token: cookie.value,
    user: res.json().data as { _id: string; email: string },
  };
}

/** PUT /api/auth/updateById of the signed-in `who` (a `signIn` answer) as them: `updatedData` of their profile. */
export function updateOwnProfile(
  app: FastifyInstance,
  who: { cookie: string; user: { _id: string } },
  updatedData: object,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/auth/updateById/${who.user._id}`,
    headers: { cookie: who.cookie },
    payload: { updatedData },
  });
}

/**
 * POST /api/auth/confirmEmailChange with the session `cookie`: makes `email` the sign-in address with
 * `otp` (by default the latest code mailed to it).
 */
export async function confirmEmailChange(
  app: FastifyInstance,
  cookie: string,
  email: string,
  otp?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/confirmEmailChange',
    headers: { cookie },
    payload: { email, otp: otp ?? (await latestCode(app, email)) },
  });
}

/** A createJobPost body that passes every check (the tests change one field of it). */
export const validJobBody = {
  jobTitle: 'Platform Engineer',
  companyName: 'Acme Corp',
  jobLocation: 'Remote',
  address: 'Bengaluru',
  industry: 'it',
  experience: '3-6',
  jobType: 'Full-time',
  salaryRange: '10-20',
  requiredSkills: ['Go'],
  jobDescription: ['Build things.'],
  notes: ['Be kind.'],
} as const;

/** `validJobBody` as the columns of a job post row (fresh arrays): what fixtures insert directly. */
export const validJobColumns = () => ({
  ...validJobBody,
  requiredSkills: [...validJobBody.requiredSkills],
  jobDescription: [...validJobBody.jobDescription],
  notes: [...validJobBody.notes],
});

/** The e-mail domain the tests give a company: 'Acme Corp' → 'acme-corp.com'. */
export const testCompanyDomain = (companyName: string) =>
  `${companyName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.com`;

let workAddressCounter = 0;

/**
 * Records `email` as a verified work address of `userId`, its newest (what POST
 * /auth/workEmailVerifyOtp does once the code is right, without the mail round trip).
 */
export async function verifyWorkEmail(app: FastifyInstance, userId: string, email: string) {
  const domain = registrableDomain(email);
  if (!domain) throw new Error(`no registrable domain in ${email}`);
  const now = new Date(app.now().getTime() + ++workAddressCounter); // each newer than the last
  await app.users.addVerifiedWorkEmail(
    userId,
    { email, domain, companyName: email },
    now.toISOString().slice(0, 10),
    now,
  );
}

/**
 * Makes `userId` a referrer verified at `companyName` (default 'Acme Corp', the fixtures' company):
 * the company exists with its test domain (confirmed, as a seeded company's) and the user's current
 * work address is at it. Answers the company's id and the address.
 */
export async function verifyAtCompany(
  app: FastifyInstance,
  userId: string,
  companyName = 'Acme Corp',
) {
  const domain = testCompanyDomain(companyName);
  const companyId = await app.companies.idFor(companyName, 'it', app.now());
  await app.companies.addDomain(companyId, domain, app.now());
  const email = `${userId.slice(0, 8)}-${++workAddressCounter}@${domain}`;
  await verifyWorkEmail(app, userId, email);
  return { companyId, email };
}

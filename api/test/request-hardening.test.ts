// Requests that must not break the API or cross sites.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { files, users } from '../src/db/schema';
import { sweepOrphanUploads } from '../src/routes/uploads';
import { approvedPair, openStream, send } from './chat-support';
import { MINUTE, setupTestContext, testConfig, validJobBody } from './helper';
import {
  call,
  defaultResumeKey,
  insertJob,
  makeUser,
  multipartBody,
  PDF,
  PNG,
  sendReferral,
  type TestUser,
  uploadResume,
} from './market-fixtures';

const ctx = setupTestContext();
const CONTROL = 'Text must not contain control or text-direction characters.';

const validJob = validJobBody;

describe('7. inputs the database cannot store answer 400, and logs keep no user data', () => {
  it('answers 400 to a NUL character in search, job, profile and contact fields and in the URL', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'nul', {}, 1);
    const cases = [
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { search: 'a\u0000b' }),
      await call(app, null, 'POST', '/company/getAllCompany', { search: '\u0000' }),
      await call(app, u, 'POST', '/jobPost/createJobPost', { ...validJob, jobTitle: 'Dev\u0000' }),
      await call(app, u, 'PUT', `/auth/updateById/${u.id}`, {
        updatedData: { email: u.email, fullName: 'A\u0000B' },
      }),
      await call(app, null, 'POST', '/contactus/createContactUs', {
        firstName: 'Ada',
        lastName: 'L',
        email: 'ada@example.com',
        phone: '+91 98765 43210',
        message: 'hi\u0000',
      }),
      await app.inject({ method: 'GET', url: '/api/dev/mail?to=a%00@example.com' }),
      await call(app, u, 'GET', `/auth/GetByIdUser/${u.id}%00/0`),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(cases[0]!.json().message).toBe(CONTROL);
  });

  it('answers 400 to text that is not valid Unicode: a lone surrogate in a chat message or a search; bytes that are not UTF-8', async () => {
    const app = await ctx.build();
    const { candidate, chatId } = await approvedPair(app, 'surrogate');
    // JSON text with the escape itself, as a client would send it: JSON.stringify would keep it escaped too.
    const raw = (body: string) => ({
      method: 'POST' as const,
      url: '/api/message/createMessage',
      headers: { cookie: candidate.cookie, 'content-type': 'application/json' },
      payload: body,
    });
    const cases = [
      await app.inject(
        raw(
          `{"chatId":"${chatId}","sender":"x","senderId":"${candidate.user._id}","content":"hi \\uD800"}`,
        ),
      ),
      await send(app, candidate, chatId, 'lone low \uDC00 here'),
      await call(app, null, 'POST', '/jobPost/getAllJobPost', { search: '\uDBFF' }),
      await app.inject({
        method: 'POST',
        url: '/api/company/getAllCompany',
        headers: { 'content-type': 'application/json' },
        payload: Buffer.concat([
          Buffer.from('{"search":"'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('"}'),
        ]),
      }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Text must be valid Unicode.' });
    }
    // A surrogate pair (an emoji) is fine.
    expect((await send(app, candidate, chatId, 'ok \uD83D\uDE00')).statusCode).toBe(200);
  });

  it('answers 400 to a referral bonus beyond its column and to impossible dates of birth', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'num', {}, 1);
    const bonus = await call(app, u, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      referralBonus: 3e9,
    });
    expect(bonus.statusCode).toBe(400);
    expect(bonus.json().message).toBe('Referral bonus must be at most 10000000');
    for (const dateOfBirth of ['2024-02-30', '0000-01-01', '2023-13-01', '1899-12-31']) {
      const res = await call(app, u, 'PUT', `/auth/updateById/${u.id}`, {
        updatedData: { email: u.email, dateOfBirth },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid date');
    }
    const leap = await call(app, u, 'PUT', `/auth/updateById/${u.id}`, {
      updatedData: { email: u.email, dateOfBirth: '2000-02-29' },
    });
    expect(leap.statusCode).toBe(200);
  });

  it('answers 400 to a multipart upload cut short', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'cut');
    const body = multipartBody(PDF, 'cv.pdf', { userId: u.id });
    const truncated = body.payload.subarray(0, body.payload.length - 20);
    const res = await app.inject({
      method: 'POST',
      url: '/api/documentsUpload/resumeUpload',
      headers: { ...body.headers, cookie: u.cookie },
      payload: truncated,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The upload was incomplete. Please try again.',
    });
  });

  it('logs a failed query without the e-mails or profile text it carried', async () => {
    const lines: string[] = [];
    const app = await buildApp(testConfig(), {
      database: ctx.database,
      now: ctx.clock.now,
      logger: { level: 'info', stream: { write: (s: string) => void lines.push(s) } },
    });
    await app.ready();
    try {
      const u = await makeUser(app, 'logged');
      const client = (ctx.database.db as unknown as { $client: Record<string, unknown> }).$client;
      const query = client.query as (...a: unknown[]) => Promise<unknown>;
      client.query = () =>
        Promise.reject(
          Object.assign(
            new Error(
              `Failed query: update "users" set "summary" = $1 where "users"."id" = $2\nparams: my secret summary,${u.email}`,
            ),
            {
              code: '22001',
              detail: `Key (email)=(${u.email}) already exists.`,
              cause: new Error('value too long for "my secret summary"'),
            },
          ),
        );
      try {
        const res = await app.inject({
          method: 'GET',
          url: `/api/auth/me?who=${encodeURIComponent(u.email)}`,
          headers: { cookie: u.cookie },
        });
        expect(res.statusCode).toBe(500);
      } finally {
        client.query = query;
      }
      const log = lines.join('\n');
      expect(log).toContain('request failed');
      expect(log).toContain('22001');
      expect(log).not.toContain(u.email);
      expect(log).not.toContain('secret summary');
    } finally {
      await app.close();
    }
  });
});

describe('8. state-changing requests from another site are refused', () => {
  const OTHER = { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-site' };

  it('refuses a photo upload from a page on another port and keeps the photo', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'csrf');
    const body = multipartBody(PNG, 'me.png', {}, 'image/png');
    const res = await app.inject({
      method: 'POST',
      url: '/api/documentsUpload/profileImgUpload',
      headers: { ...body.headers, ...OTHER, cookie: u.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This request came from another site and was refused.');
    const [row] = await app.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.profileImage).toBeNull();
  });

  it('refuses mark-seen, mark-read and logout without a body when they come from elsewhere', async () => {
    const app = await ctx.build();
    const { candidate, chatId } = await approvedPair(app, 'csrf');
    for (const url of [
      '/api/referralRequest/markNotificationsSeen',
      `/api/chat/markRead/${chatId}`,
      '/api/auth/logout',
    ]) {
      for (const headers of [OTHER, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { ...headers, cookie: candidate.cookie },
        });
        expect(res.statusCode).toBe(403);
      }
    }
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...OTHER, cookie: candidate.cookie },
    });
    expect(me.statusCode).toBe(200); // reads are not refused, and the session survived
  });

  it('lets the site itself, and callers that are not browsers, make the same calls', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'own');
    for (const headers of [
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/referralRequest/markNotificationsSeen',
        headers: { ...headers, cookie: u.cookie },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('10. uploads: atomic replace, no orphans, a per-user limit', () => {
  const storedFiles = (app: FastifyInstance, userId: string, folder: string) => {
    const dir = path.join(app.config.DATA_DIR, 'uploads', folder, userId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('leaves exactly one resume, row and file after 20 parallel uploads by one user', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'parallel');
    const answers = await Promise.all(Array.from({ length: 20 }, () => uploadResume(app, u)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await app.db
      .select()
      .from(files)
      .where(and(eq(files.ownerId, u.id), eq(files.kind, 'resume')));
    const key = await defaultResumeKey(app, u.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.storageKey).toBe(key);
    expect(storedFiles(app, u.id, 'resumes')).toEqual([path.basename(key!)]);
  });

  it('limits uploads per user per hour, and another user is not held back', async () => {
    const app = await ctx.build({ UPLOAD_MAX_PER_HOUR: 3 });
    const u = await makeUser(app, 'limited');
    const other = await makeUser(app, 'other');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await uploadResume(app, u)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await uploadResume(app, u);
    expect(refused.json().message).toMatch(
      /^You have uploaded too many files in the last hour\. Please try again in /,
    );
    expect((await uploadResume(app, other)).statusCode).toBe(200);
  });

  it("refuses an upload that would take the user's files past the storage quota", async () => {
    const app = await ctx.build({
      UPLOAD_MAX_BYTES: 64,
      UPLOAD_QUOTA_BYTES: PDF.length + PNG.length + 10,
    });
    const u = await makeUser(app, 'quota');
    const job = await insertJob(app, (await makeUser(app, 'ref', {}, 1)).id);
    expect((await uploadResume(app, u)).statusCode).toBe(200);
    // The resume a request carries is kept when the resume is replaced: it counts.
    const sent = await sendReferral(app, u, job.id, job.userId);
    expect(sent.statusCode).toBe(201);
    expect((await uploadResume(app, u)).statusCode).toBe(200);
    const body = multipartBody(PNG, 'me.png', {}, 'image/png');
    const res = await app.inject({
      method: 'POST',
      url: '/api/documentsUpload/profileImgUpload',
      headers: { ...body.headers, cookie: u.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Your files use all the storage an account has/);
  });

  it('sweeps stored files nobody points to once they are an hour old, and keeps the rest', async () => {
    const app = await ctx.build();
    const u = await makeUser(app, 'sweep');
    expect((await uploadResume(app, u)).statusCode).toBe(200);
    const key = `resumes/${u.id}/00000000-0000-4000-8000-000000000000.pdf`;
    await app.storage.put(key, PDF, 'application/pdf');
    await app.db.insert(files).values({
      ownerId: u.id,
      kind: 'resume',
      mime: 'application/pdf',
      size: PDF.length,
      storageKey: key,
      createdAt: app.now(),
    });
    expect(await sweepOrphanUploads(app)).toBe(0); // too young: could be an upload in flight
    ctx.clock.advance(61 * MINUTE);
    expect(await sweepOrphanUploads(app)).toBe(1);
    expect(await app.storage.get(key)).toBeNull();
    expect(await app.storage.get((await defaultResumeKey(app, u.id))!)).not.toBeNull();
    expect(await app.db.select().from(files).where(eq(files.ownerId, u.id))).toHaveLength(1);
  });
});

describe('11. smaller: chat streams, text direction, company logos', () => {
  it('keeps at most CHAT_MAX_STREAMS_PER_USER live streams per user, ending the oldest', async () => {
    const app = await ctx.build({ CHAT_MAX_STREAMS_PER_USER: 3 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}`;
    const u = await makeUser(app, 'streams');
    const streams: ReturnType<typeof openStream>[] = [];
    try {
      // One after another: each is open (its hello received) before the next connects.
      for (let i = 0; i < 10; i++) {
        const s = openStream(base, u.cookie);
        streams.push(s);
        await s.ready;
        await s.next((e) => e.event === 'hello');
        expect(app.chatEvents.localCount).toBe(Math.min(i + 1, 3));
      }
      expect(streams.at(-1)!.status).toBe(200);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('refuses chat text with a right-to-left override that would disguise a file name', async () => {
    const app = await ctx.build();
    const { candidate, chatId } = await approvedPair(app, 'rlo');
    const res = await send(app, candidate, chatId, 'see my cv\u202Egnp.exe');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONTROL);
    expect((await send(app, candidate, chatId, 'line one\nline two\tok')).statusCode).toBe(200);
    expect((await send(app, candidate, chatId, 'שלום and مرحبا')).statusCode).toBe(200);
  });

  it('accepts only an inline image as a job logo, never an address on another server', async () => {
    const app = await ctx.build();
    const u: TestUser = await makeUser(app, 'logo', {}, 1);
    const pixel = await call(app, u, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      companyLogo: 'https://tracker.example/p.gif?u=1',
    });
    expect(pixel.statusCode).toBe(400);
    expect(pixel.json().message).toBe('The company logo must be an inline image.');
    const inline = await call(app, u, 'POST', '/jobPost/createJobPost', {
      ...validJob,
      companyLogo: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(inline.statusCode).toBe(201);
    const none = await call(app, u, 'POST', '/jobPost/createJobPost', validJob);
    expect(none.statusCode).toBe(201);
  });
});

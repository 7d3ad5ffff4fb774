// Fuzz: fast-check sends generated path parameters, query strings, bodies (JSON, broken JSON, forms,
// multipart, multipart cut short) and cookies to every route the app registers, and valid bodies with one
// field made hostile (NUL and other control characters, text-direction overrides, lone surrogates, numbers beyond their
// columns, impossible dates), as an anonymous caller and as a signed-in
// attacker. No answer may be a 5xx, every refusal is the JSON error shape, and the victims' rows (a
// candidate and the referrer she talks to) are the same afterwards.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { jobPosts, users } from '../src/db/schema';
import type { Database } from '../src/db';
import { createClock, createTestDatabase, validJobBody, validJobColumns } from './helper';
import { multipartBody, PDF, PNG, type TestUser } from './market-fixtures';
import {
  buildWithRoutes,
  buildWorld,
  quickUser,
  snapshotUser,
  type CollectedRoute,
  type World,
} from './security-fixtures';

/** Generated requests per route (each one a path, a query string and a body together). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261120);
/** The operator ADMIN_EMAILS names here: the console's routes are walked past their 403 too. */
const OPERATOR = 'fuzz-operator@example.com';

let database: Database;
let app: FastifyInstance;
let routes: CollectedRoute[];
let world: World;
let attacker: TestUser;
let baseUrl: string;
let before: unknown;
let sent = 0;

const snapshotVictims = async () => ({
  candidate: await snapshotUser(app, world.candidate.id),
  referrer: await snapshotUser(app, world.referrer.id),
});

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, routes } = await buildWithRoutes(database, createClock(new Date()), {
    ADMIN_EMAILS: OPERATOR,
  }));
  world = await buildWorld(app, 'victim');
  // Closed to new requests, so the attacker cannot legitimately add a row to the referrer's inbox.
  await app.db.update(jobPosts).set({ status: 'inactive' }).where(eq(jobPosts.id, world.jobId));
  attacker = await quickUser(app, 'attacker', { fullName: 'Mallory' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  before = await snapshotVictims();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// ---- generators ----------------------------------------------------------------------------------

const knownIds = () => [
  world.candidate.id,
  world.referrer.id,
  world.stranger.id,
  world.jobId,
  world.requestId,
  world.chatId,
  world.messageId,
  attacker.id,
];

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '\u0000',
  '\uFEFF',
  '😀'.repeat(3),
  'a'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'victim@example.com',
  'someone@acme-corp.com',
  'a\u0000b',
  '\u0001\u0002\u001f',
  'see\u202Egnp.exe',
  '\u2066x\u2069',
  'x\u007f',
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '2024-02-30',
  '0000-01-01',
  '2023-13-01',
  '9999-12-31',
  '-0001-01-01',
);

/** Characters PostgreSQL or the screen would misread: C0 controls, DEL, bidi overrides and isolates. */
const controlText = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)),
      fc.constantFrom(
        '\u007f',
        '\u202a',
        '\u202b',
        '\u202c',
        '\u202d',
        '\u202e',
        '\u2066',
        '\u2069',
      ),
      // Lone surrogates: not Unicode at all (PostgreSQL cannot store them).
      fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      fc.constantFrom('a', 'b', ' ', '.'),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((chars) => chars.join(''));

/** Numbers beyond a 32-bit column, JavaScript's safe range, or any sensible bound. */
const outOfRange = fc.oneof(
  fc.constantFrom(3e9, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -1e12, 1e21, 1e308, -0.5, 0.5),
  fc.double({ min: 2 ** 31, max: 1e300, noNaN: true }),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
);

/** Dates in the right shape naming no real day, or days PostgreSQL cannot store. */
const impossibleDate = fc.oneof(
  fc.constantFrom(
    '2024-02-30',
    '2023-02-29',
    '0000-01-01',
    '2023-13-01',
    '2023-00-10',
    '99999-01-01',
  ),
  fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 99 }),
      fc.integer({ min: 0, max: 99 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    ),
);

const hostile = () => fc.oneof(controlText, outOfRange, impossibleDate, nasty);

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  nasty,
);
const id = () => fc.oneof(fc.constantFrom(...knownIds()), fc.uuid(), text);

/** Values for any field: primitives, known ids, deep and odd JSON. */
const value = () =>
  fc.oneof(
    { weight: 3, arbitrary: id() },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(text, { maxLength: 60 }),
    // Valid job list filter values, so filtered searches run too (not only their refusals).
    fc.constantFrom(
      'Full-time',
      'Contract',
      'Remote',
      'On-site',
      'Hybrid',
      'it',
      'sales',
      '3-6',
      '9-12',
      '',
    ),
  );

const FIELDS = [
  'email',
  'roleId',
  'role',
  'otp',
  'userId',
  'id',
  'workEmail',
  'credential',
  'search',
  'start',
  'limit',
  'status',
  'jobPostId',
  'targetUserId',
  'referrerId',
  'chatId',
  'senderId',
  'sender',
  'content',
  'firstName',
  'lastName',
  'phone',
  'message',
  'jobTitle',
  'companyName',
  'requiredSkills',
  'referralBonus',
  'dateOfBirth',
  'fullName',
  'summary',
  'overAllExperience',
  'companyLogo',
  'token',
  'jobType',
  'location',
  'industry',
  'experience',
  'company',
  'ids',
  'chat_message',
  'job_matches',
  '__proto__',
  'constructor',
  'prototype',
];

const objectBody = () =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...FIELDS), value(), { maxKeys: 8 }),
      fc.option(fc.dictionary(fc.constantFrom(...FIELDS), value(), { maxKeys: 6 })),
    )
    .map(([o, updatedData]) => (updatedData ? { ...o, updatedData } : o));

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

const body = (): fc.Arbitrary<Body> =>
  fc.oneof(
    { weight: 4, arbitrary: objectBody().map((o) => json(o)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => json(v)) },
    fc.constant<Body>({}),
    text.map((t) => ({ payload: t, contentType: 'application/json' })),
    fc.constant<Body>({
      payload: '{"__proto__":{"polluted":true}}',
      contentType: 'application/json',
    }),
    text.map((t) => ({ payload: t, contentType: 'text/plain' })),
    fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 4 }).map((o) => ({
      payload: new URLSearchParams(o).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })),
    fc
      .tuple(
        fc.oneof(
          fc.constant(PDF),
          fc.constant(PNG),
          fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
        ),
        text,
        fc.dictionary(fc.constantFrom('userId', 'file', 'id'), id().map(String), { maxKeys: 2 }),
      )
      .map(([file, name, fields]) => {
        const m = multipartBody(file, name.replace(/["\r\n]/g, ''), fields);
        return {
          payload: m.payload,
          contentType: m.headers['content-type'],
        };
      }),
    // The same, cut short anywhere (a dropped connection, a client that lies about the length).
    fc
      .tuple(fc.oneof(fc.constant(PDF), fc.constant(PNG)), fc.nat(), fc.option(id().map(String)))
      .map(([file, cut, userId]) => {
        const m = multipartBody(file, 'cv.pdf', userId ? { userId } : {});
        return {
          payload: m.payload.subarray(0, cut % m.payload.length),
          contentType: m.headers['content-type'],
        };
      }),
    fc
      .string({ maxLength: 60 })
      .map((t) => ({ payload: t, contentType: 'multipart/form-data; boundary=x' })),
  );

/** Valid bodies of the routes that store text, numbers and dates: the fuzz makes one field hostile. */
const templates = (): Record<string, Record<string, unknown>> => {
  const job = {
    ...validJobBody,
    referralBonus: 1000,
    companyLogo: '',
  };
  const page = { search: 'engineer', start: 0, limit: 10 };
  return {
    '/api/jobPost/createJobPost': job,
    '/api/jobPost/updateById/:id': job,
    '/api/jobPost/getAllJobPost': page,
    '/api/jobPost/getAllJobPostByUserId': { ...page, userId: attacker.id },
    '/api/company/getAllCompany': page,
    '/api/trust/report': {
      targetKind: 'job_post',
      targetId: world.jobId,
      reason: 'other',
      note: 'Looks fake',
    },
    '/api/auth/updateById/:userId': {
      fullName: 'Mallory',
      email: attacker.email,
      dateOfBirth: '1990-01-31',
      mobileNo: '9876543210',
      homeAddress: 'Home',
      officeAddress: 'Office',
      position: 'Engineer',
      overAllExperience: 3,
      summary: 'About me',
      skills: ['Go'],
    },
    '/api/contactus/createContactUs': {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+91 98765 43210',
      message: 'Hello',
    },
    '/api/message/createMessage': {
      chatId: world.chatId,
      senderId: attacker.id,
      sender: 'Mallory',
      content: 'hello',
    },
    '/api/subscribe/createSubscribe': { email: 'fan@example.com' },
    '/api/auth/createUser': { email: 'fuzz@example.com', roleId: 0 },
    '/api/auth/verifyLink': { token: 'A'.repeat(22) },
    '/api/auth/checkLink': { token: 'A'.repeat(22) },
    '/api/auth/revertEmailChange': { token: 'A'.repeat(22) },
    // A decline with a reason and its note (the path's id is no request of the attacker's: 404 at best).
    '/api/referralRequest/updateReferralStatus/:id': {
      status: 'declined',
      reason: 'other',
      note: 'Not this quarter',
    },
  };
};

/** A hostile value of the kind the field holds: dates get impossible dates, numbers out-of-range ones. */
const hostileFor = (key: string, current: unknown): fc.Arbitrary<unknown> => {
  if (/date/i.test(key)) return fc.oneof({ weight: 4, arbitrary: impossibleDate }, hostile());
  if (typeof current === 'number') return fc.oneof({ weight: 4, arbitrary: outOfRange }, hostile());
  return fc.oneof({ weight: 4, arbitrary: controlText }, hostile());
};

/** The route's valid body with one field (or one list item) replaced by a hostile value. */
const mutated = (template: Record<string, unknown>, nested: boolean): fc.Arbitrary<Body> =>
  fc
    .constantFrom(...Object.keys(template))
    .chain((key) => fc.tuple(fc.constant(key), hostileFor(key, template[key]), fc.boolean()))
    .map(([key, bad, inList]) => {
      const current = template[key];
      const value = inList && Array.isArray(current) ? [...current, bad] : bad;
      const out = { ...template, [key]: value };
      return json(nested ? { updatedData: out } : out);
    });

function json(v: unknown): Body {
  return { payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' };
}

const queryString = () =>
  fc.oneof(
    fc.constant(''),
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom('to', 'userId', 'roleId', 'status', 'page', 'limit', 'before'),
            fc.constantFrom('since', 'open', 'requestId', 'v', 'token', '__proto__', 'constructor'),
            text,
          ),
          fc.oneof(id().map(String), controlText, outOfRange.map(String), impossibleDate),
        ),
        { maxLength: 5 },
      )
      .map((pairs) => `?${pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`),
    fc.constantFrom('?', '?&&', '?a', '?%zz=1', '?userId[]=1&userId[]=2', '?limit=1e9&page=-1'),
  );

/**
 * Percent-encodes like encodeURIComponent, and a lone surrogate (which encodeURIComponent refuses) as the
 * three bytes a careless client would send for it (not valid UTF-8).
 */
const enc = (s: string) => {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0xd800 || c > 0xdfff) {
      out += encodeURIComponent(ch);
      continue;
    }
    const hex = (b: number) => `%${b.toString(16).toUpperCase()}`;
    out += hex(0xe0 | (c >> 12)) + hex(0x80 | ((c >> 6) & 0x3f)) + hex(0x80 | (c & 0x3f));
  }
  return out;
};

/** A path segment: a known id, a uuid, text, or a raw broken escape. */
const segment = () =>
  fc.oneof(
    { weight: 5, arbitrary: id().map((s) => enc(String(s))) },
    fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '.', '%2e%2e', '%00', '0'),
  );

const caller = () =>
  fc.oneof(
    fc.constant<string | undefined>(undefined),
    fc.constant('attacker'),
    fc.constant('attacker'),
    fc.constantFrom('referrer_sid=', 'referio_sid=garbage', 'referio_sid=%00%ff', 'referio_sid='),
  );

const requestFor = (route: CollectedRoute) =>
  fc.record({
    path: fc.tuple(
      ...route.url.split('/').map((part) => (part.startsWith(':') ? segment() : fc.constant(part))),
    ),
    query: queryString(),
    body: body(),
    cookie: caller(),
    lastEventId: fc.option(fc.oneof(text, fc.integer().map(String))),
  });

// ---- sending -------------------------------------------------------------------------------------

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** The event stream never ends on success: it is read over a socket, status and headers only. */
function viaSocket(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${baseUrl}${url}`, { method, headers }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '');
      if (contentType.startsWith('text/event-stream')) {
        res.destroy();
        req.destroy();
        resolve({ status, contentType, body: '' });
        return;
      }
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (data += c));
      res.on('end', () => resolve({ status, contentType, body: data }));
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

type Generated = ReturnType<typeof requestFor> extends fc.Arbitrary<infer T> ? T : never;

async function send(route: CollectedRoute, r: Generated): Promise<Answer> {
  sent++;
  const path = route.url === '*' ? `/api/${r.path.join('')}` : r.path.join('/');
  const url = path + r.query;
  const headers: Record<string, string> = {};
  if (r.cookie) headers.cookie = r.cookie === 'attacker' ? attacker.cookie : r.cookie;
  if (r.lastEventId !== null) headers['last-event-id'] = enc(r.lastEventId);
  if (route.method === 'OPTIONS') {
    headers.origin = 'http://localhost:3000';
    headers['access-control-request-method'] = 'POST';
  }
  const hasBody =
    r.body.payload !== undefined && route.method !== 'GET' && route.method !== 'OPTIONS';
  if (hasBody && r.body.contentType) headers['content-type'] = r.body.contentType;
  if (route.url === '/api/chat/events') {
    return viaSocket(route.method, url, headers, hasBody ? r.body.payload : undefined);
  }
  const res = await app.inject({
    method: route.method as InjectOptions['method'],
    url,
    headers,
    ...(hasBody ? { payload: r.body.payload } : {}),
  });
  return {
    status: res.statusCode,
    contentType: String(res.headers['content-type'] ?? ''),
    body: res.body,
  };
}

function assertAnswer(a: Answer) {
  expect(a.status).toBeLessThan(500);
  if (a.status >= 400 && a.contentType.startsWith('application/json')) {
    const parsed = JSON.parse(a.body) as { success?: unknown; message?: unknown };
    expect(parsed.success).toBe(false);
    expect(typeof parsed.message).toBe('string');
    expect(a.body).not.toMatch(/node_modules|\n\s+at |drizzle|PGlite|syntax error at/i);
  }
}

const group = (r: CollectedRoute) => (r.url === '*' ? 'preflight' : (r.url.split('/')[2] ?? ''));

// The routes are known only once the app is built: one test per area walks that area's routes.
const AREAS = [
  'health',
  'auth',
  'company',
  'testimonials',
  'subscribe',
  'savedJobs',
  'jobAlerts',
  'chat',
  'message',
  'jobPost',
  'referralRequest',
  'documentsUpload',
  'contactus',
  'notifications',
  'trust',
  'admin',
  'dev',
  'preflight',
  // The API reference (routes/docs): the document and the Swagger UI page with its assets.
  'openapi.json',
  'docs',
];

test('every registered route belongs to an area the fuzz walks', () => {
  expect(routes.filter((r) => !AREAS.includes(group(r)))).toEqual([]);
});

test.each(AREAS)('every %s route answers generated requests without a 5xx', async (area) => {
  const mine = routes.filter((r) => group(r) === area);
  expect(mine.length).toBeGreaterThan(0);
  for (const route of mine) {
    await fc.assert(
      fc.asyncProperty(requestFor(route), async (r) => {
        assertAnswer(await send(route, r));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }
});

/** Path parameters for the hostile-field requests: the attacker's own resources, so the body is stored. */
const ownPath = (url: string) => url.replace(':userId', attacker.id).replace(':id', attackerJobId);
let attackerJobId = '';

test('valid bodies with one hostile field (controls, out-of-range numbers, impossible dates) never answer 5xx', async () => {
  const [job] = await app.db
    .insert(jobPosts)
    .values({
      ...validJobColumns(),
      userId: attacker.id,
      jobTitle: 'Own job',
    })
    .returning({ id: jobPosts.id });
  attackerJobId = job!.id;
  const all = templates();
  for (const url of Object.keys(all)) {
    const route = routes.find((r) => r.url === url && r.method !== 'OPTIONS');
    expect(route).toBeDefined();
    await fc.assert(
      fc.asyncProperty(mutated(all[url]!, url === '/api/auth/updateById/:userId'), async (b) => {
        sent++;
        const res = await app.inject({
          method: route!.method as InjectOptions['method'],
          url: ownPath(url),
          headers: { cookie: attacker.cookie, 'content-type': 'application/json' },
          payload: b.payload,
        });
        assertAnswer({
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
        });
      }),
      { numRuns: RUNS * 2, seed: SEED, endOnFailure: true },
    );
  }
});

test("no generated request changed the victims' data, over at least 1,000 requests", async () => {
  expect(sent).toBeGreaterThanOrEqual(1000);
  expect(await snapshotVictims()).toEqual(before);
});

test("the hand-off and the response figures never answer for someone else's request or account", async () => {
  // A fresh session: the walk above may have ended the attacker's (logout).
  const snoop = await quickUser(app, 'snoop');
  const ids = [world.requestId, world.jobId, world.candidate.id, world.referrer.id];
  for (const id of ids) {
    const handoff = await app.inject({
      method: 'GET',
      url: `/api/referralRequest/handoff/${id}`,
      headers: { cookie: snoop.cookie },
    });
    expect(handoff.statusCode).toBe(404);
    const figures = await app.inject({
      method: 'GET',
      url: `/api/referralRequest/getResponsiveness/${id}`,
      headers: { cookie: snoop.cookie },
    });
    expect(figures.statusCode).toBe(403);
  }
});

test('every admin route, called by an operator with generated paths, queries and bodies, never answers 5xx', async () => {
  // After the victims' check: an operator may suspend anyone, the victims too.
  const [row] = await app.db
    .insert(users)
    .values({ email: OPERATOR, createdAt: app.now() })
    .returning({ id: users.id });
  const { token } = await app.sessions.create(row!.id);
  const cookie = `referio_sid=${token}`;
  const admin = routes.filter((r) => group(r) === 'admin');
  expect(admin.length).toBeGreaterThanOrEqual(9);
  for (const route of admin) {
    await fc.assert(
      fc.asyncProperty(requestFor(route), async (r) => {
        assertAnswer(await send(route, { ...r, cookie }));
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }
  // Valid bodies with one hostile field: a suspension's reason, a report's resolution.
  const suspendee = await quickUser(app, 'suspendee');
  const bodies: [string, Record<string, unknown>][] = [
    [`/api/admin/users/suspend/${suspendee.id}`, { reason: 'Reported twice for scams' }],
    [`/api/admin/reports/resolve/${world.requestId}`, { action: 'dismissed' }],
  ];
  for (const [url, template] of bodies) {
    await fc.assert(
      fc.asyncProperty(mutated(template, false), async (b) => {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: b.payload,
        });
        assertAnswer({
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
        });
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }
});

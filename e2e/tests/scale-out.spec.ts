// Two API instances behind a real load balancer, as in production: HAProxy with tools/deploy/haproxy.cfg in front of
// two API processes on one fresh PostgreSQL database (files in PostgreSQL), and the shell's static site
// behind the same HAProxy, so the browser talks to the balancer for everything, /api included. Its own
// ports (random), beside the suite's stack, whose remotes (3001-3004) it loads. One instance is killed
// mid-journey; the user carries on without seeing an error.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Client } from 'pg';
import { readCode } from '../support/mailbox';
import { signUp } from '../support/session';
import { freePort } from '../../tools/run/net.cjs';
import { JOB_FIELDS, PDF } from '../support/site';

const ROOT = path.resolve(__dirname, '..', '..');
const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
const PG_ADMIN_URL = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether PostgreSQL answers at PG_ADMIN_URL (the one reason this journey may be skipped). */
async function postgresAnswers(): Promise<string | null> {
  const client = new Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface Deployment {
  base: string;
  logDir: string;
  api: Record<'api-a' | 'api-b', ChildProcess>;
  children: ChildProcess[];
  dbName: string;
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Spawns a server writing its output to `<logDir>/<name>.log` (no pipe back to this worker). */
function server(
  logDir: string,
  name: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  const out = fs.openSync(path.join(logDir, `${name}.log`), 'a');
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

/** Starts everything; on a failure stops what was started and drops the database, then throws. */
async function deploy(): Promise<Deployment> {
  const started: ChildProcess[] = [];
  const dbName = `referio_e2e_scale_${Math.random().toString(36).slice(2, 10)}`;
  await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
  try {
    return await startDeployment(started, dbName);
  } catch (e) {
    await Promise.all(
      started.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (!alive(c)) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
    throw e;
  }
}

async function startDeployment(children: ChildProcess[], dbName: string): Promise<Deployment> {
  const dbUrl = new URL(PG_ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const [lb, a, b, site] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  // 127.0.0.1, not localhost: HAProxy listens on one address, and localhost may resolve to ::1 first.
  const base = `http://127.0.0.1:${lb}`;
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-scale-out-'));
  const apiEnv = (name: string, port: number) => ({
    PORT: String(port),
    DATABASE_URL: dbUrl.toString(),
    FILE_STORAGE: 'postgres',
    INSTANCE_NAME: name,
    SITE_URL: base,
    CORS_ORIGIN: base,
    SESSION_SECRET: 'scale-out-journey-secret-0123456789abcdef',
    SEED: 'false',
    DATA_DIR: path.join(logDir, name),
    MAIL_WORKER: 'true',
    OTP_RESEND_INTERVAL_SECONDS: '0',
  });
  // The first instance migrates the fresh database; the second starts once it has.
  const apiA = server(
    logDir,
    'api-a',
    process.execPath,
    ['api/dist/server.js'],
    apiEnv('api-a', a),
  );
  children.push(apiA);
  await waitFor(`http://127.0.0.1:${a}/api/health`);
  const apiB = server(
    logDir,
    'api-b',
    process.execPath,
    ['api/dist/server.js'],
    apiEnv('api-b', b),
  );
  children.push(apiB);
  children.push(
    server(
      logDir,
      'shell',
      process.execPath,
      [
        'shell/server/dist/serve.js',
        '--app',
        'shell',
        '--port',
        String(site),
        '--host',
        '127.0.0.1',
        '--api',
        `http://127.0.0.1:${lb}`,
      ],
      { SITE_URL: base },
    ),
  );
  children.push(
    server(logDir, 'haproxy', HAPROXY, ['-db', '-f', 'tools/deploy/haproxy.cfg'], {
      LB_BIND: `127.0.0.1:${lb}`,
      API_A: `127.0.0.1:${a}`,
      API_B: `127.0.0.1:${b}`,
      // One shell server here (this journey is about the API), named twice: the file balances two.
      SITE_A: `127.0.0.1:${site}`,
      SITE_B: `127.0.0.1:${site}`,
    }),
  );
  await waitFor(`http://127.0.0.1:${b}/api/health`);
  await waitFor(`${base}/api/health`);
  await waitFor(`${base}/robots.txt`);
  return { base, logDir, api: { 'api-a': apiA, 'api-b': apiB }, children, dbName };
}

async function teardown(d: Deployment) {
  await Promise.all(
    d.children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (!alive(c)) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${d.dbName}" WITH (FORCE)`));
}

/** Which instance answered each /api call of the context, in order, and every failed answer. */
function watch(context: BrowserContext) {
  /** The instance, and when the browser sent the request (epoch ms). */
  const served: { by: string; sentAt: number }[] = [];
  const failures: string[] = [];
  context.on('response', (res) => {
    if (!new URL(res.url()).pathname.startsWith('/api/')) return;
    const by = res.headers()['x-served-by'];
    if (by) served.push({ by, sentAt: res.request().timing().startTime });
    if (res.status() >= 500)
      failures.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  context.on('requestfailed', (req) => {
    const url = new URL(req.url());
    // A chat stream cut by the killed instance reconnects by itself (EventSource); everything else counts.
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/chat/events')
      failures.push(`failed ${req.method()} ${req.url()}`);
  });
  return { served, failures };
}

let deployment: Deployment | null = null;

test.beforeAll(async () => {
  const problem = await postgresAnswers();
  test.skip(
    problem !== null,
    `PostgreSQL does not answer at ${PG_ADMIN_URL} (${problem ?? ''}): the two-instance journey needs it`,
  );
  // A missing tool is a failure that says how to get it (CI installs it: .ci/run), never a bare ENOENT.
  if (!fs.existsSync(HAPROXY)) {
    throw new Error(
      `This journey runs HAProxy, which is not at ${HAPROXY}. Install it (Debian/Ubuntu: ` +
        '`sudo apt-get install haproxy`; macOS: `brew install haproxy`) or point HAPROXY_PATH at its binary.',
    );
  }
  test.setTimeout(180_000);
  deployment = await deploy();
});

test.afterAll(async () => {
  if (deployment) await teardown(deployment);
});

test('two API instances behind HAProxy: the whole journey, with one instance killed half-way', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const d = deployment!;
  const referrerContext = await browser.newContext({ baseURL: d.base });
  const candidateContext = await browser.newContext({ baseURL: d.base });
  const referrerSeen = watch(referrerContext);
  const candidateSeen = watch(candidateContext);
  const referrer = await referrerContext.newPage();
  const candidate = await candidateContext.newPage();
  try {
    // The referrer signs up, verifies a work e-mail and posts a job.
    const ref = await signUp(referrer, 'Referrer');
    const workEmail = `ref.${Date.now().toString(36)}@acme-scale.io`;
    const sentAt = Date.now() - 1000;
    expect(
      (
        await referrer.request.post('/api/auth/workEmailVerify', {
          data: { workEmail, id: ref.userId },
        })
      ).ok(),
    ).toBe(true);
    const workCode = await readCode(referrer.request, workEmail, sentAt);
    expect(
      (
        await referrer.request.post('/api/auth/workEmailVerifyOtp', {
          data: { workEmail, id: ref.userId, otp: workCode },
        })
      ).ok(),
    ).toBe(true);
    const title = `Scale-out Engineer ${Date.now().toString(36)}`;
    const posted = await referrer.request.post('/api/jobPost/createJobPost', {
      data: {
        ...JOB_FIELDS,
        userId: ref.userId,
        jobTitle: title,
        companyName: 'Acme Scale',
        requiredSkills: ['Go'],
      },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
    const jobId = ((await posted.json()) as { data: { _id: string } }).data._id;

    // The candidate signs up and asks for a referral on the job's page, uploading a resume there.
    const candidateName = `Scale Candidate ${Date.now().toString(36)}`;
    await signUp(candidate, 'Applicant', 'scale', candidateName);
    await candidate.goto(`/job-details/${jobId}`);
    await candidate.getByRole('button', { name: 'Request a Referral' }).click();
    const upload = candidate.getByRole('dialog', { name: 'Upload your resume' });
    await upload
      .getByLabel('Resume')
      .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByRole('button', { name: 'Submit' }).click();
    await expect(candidate.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();

    // The referrer approves it.
    await referrer.goto('/dashboard/referralRequests');
    const card = referrer.getByRole('article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: /^Approve/ }).click();
    await referrer
      .getByRole('dialog', { name: 'Confirm Approval' })
      .getByRole('button', { name: 'Yes, Continue' })
      .click();
    await expect(referrer.getByText('Referral approved')).toBeVisible();

    // Both instances have served this journey so far (round robin).
    const before = [...referrerSeen.served, ...candidateSeen.served].map((s) => s.by);
    expect(new Set(before)).toEqual(new Set(['api-a', 'api-b']));

    // api-a crashes. The balancer notices within two health checks; until then a request sent to it
    // fails to connect and goes to api-b.
    d.api['api-a'].kill('SIGKILL');
    await expect.poll(() => alive(d.api['api-a'])).toBe(false);
    const killedAt = Date.now();

    // The referrer opens the candidate's resume (the file lives in PostgreSQL: any instance serves it).
    await referrer.getByRole('tab', { name: /^Approved/ }).click();
    const approved = referrer.getByRole('article').filter({ hasText: title });
    const resumeLink = approved.getByRole('link', { name: /View Resume/ });
    await expect(resumeLink).toBeVisible();
    const href = await resumeLink.getAttribute('href');
    const resume = await referrer.request.get(href!);
    expect(resume.status()).toBe(200);
    expect(resume.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await resume.body()).equals(PDF)).toBe(true);

    // They chat, live, through the surviving instance.
    await candidate.goto('/dashboard/myReferralRequests');
    await candidate.getByRole('tab', { name: /Approved Requests/ }).click();
    await candidate.getByRole('button', { name: /Go to Chat/ }).click();
    await expect(candidate).toHaveURL(/\/dashboard\/chat$/);
    await referrer.goto('/dashboard/chat');
    await referrer
      .getByRole('region', { name: 'Messages' })
      .getByRole('button')
      .filter({ hasText: candidateName })
      .first()
      .click();
    const send = async (page: Page, text: string) => {
      const input = page.getByPlaceholder('Type something...');
      await input.fill(text);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(input).toHaveValue('');
    };
    await send(candidate, 'Thanks for the referral!');
    await expect(
      referrer.getByRole('log').locator('.chat__bubble--theirs', {
        hasText: 'Thanks for the referral!',
      }),
    ).toBeVisible({ timeout: 5_000 });
    await send(referrer, 'Good luck!');
    await expect(
      candidate.getByRole('log').locator('.chat__bubble--theirs', { hasText: 'Good luck!' }),
    ).toBeVisible({ timeout: 5_000 });

    // No error reached either user, and only api-b answered after the kill.
    for (const page of [candidate, referrer]) {
      await expect(page.getByText(/try again|went wrong|unavailable/i)).toHaveCount(0);
    }
    expect([...referrerSeen.failures, ...candidateSeen.failures]).toEqual([]);
    // Requests sent after the kill (answers to earlier ones may be reported later).
    const after = [...referrerSeen.served, ...candidateSeen.served]
      .filter((s) => s.sentAt > killedAt)
      .map((s) => s.by);
    expect(after.length).toBeGreaterThan(0);
    expect(new Set(after)).toEqual(new Set(['api-b']));

    // One request followed across the processes by its id: HAProxy, then the instance that served it.
    const traced = await referrer.request.get('/api/auth/me', {
      headers: { 'x-request-id': `journey-${Date.now().toString(36)}` },
    });
    const id = traced.headers()['x-request-id']!;
    expect(id).toMatch(/^journey-/);
    await expect
      .poll(() =>
        fs.readFileSync(path.join(d.logDir, 'haproxy.log'), 'utf8').includes(`reqId=${id}`),
      )
      .toBe(true);
    await expect
      .poll(() =>
        fs.readFileSync(path.join(d.logDir, 'api-b.log'), 'utf8').includes(`"reqId":"${id}"`),
      )
      .toBe(true);
  } finally {
    await referrerContext.close();
    await candidateContext.close();
  }
});

test('a page of the site through the balancer carries a request id the shell server logged', async () => {
  const d = deployment!;
  const res = await fetch(`${d.base}/robots.txt`, { headers: { 'x-request-id': 'site-trace-1' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-request-id')).toBe('site-trace-1');
  await expect
    .poll(() => fs.readFileSync(path.join(d.logDir, 'shell.log'), 'utf8'))
    .toContain('"reqId":"site-trace-1"');
});

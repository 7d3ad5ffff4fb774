// Production guards: a production boot refuses to start half-configured, naming each missing
// variable; demo data is off by default there; a code whose mail could not be sent is taken back, so it
// neither counts against the resend limits nor gets an "OTP sent".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, productionProblems } from '../src/config';
import { otpCodes, loginLinks } from '../src/db/schema';
import { MAIL_FAILED_MESSAGE } from '../src/plugins/mail';
import { setupTestContext, testConfig } from './helper';
import { quickUser } from './security-fixtures';
import { DEAD_SMTP_URL, startSmtpCapture } from './smtp-support';

const ctx = setupTestContext();

/** The problems a boot with this configuration fails with (none: it started). */
async function bootProblems(env: Record<string, string | undefined>): Promise<string[]> {
  try {
    const app = await buildApp(
      testConfig({ SESSION_SECRET: undefined, SMTP_URL: undefined, ...env }),
      { database: ctx.database, now: ctx.clock.now, logger: false },
    );
    await app.ready();
    await app.close();
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
}

describe('a production boot', () => {
  it('refuses to start without SESSION_SECRET and SMTP_URL, naming each', async () => {
    const both = await bootProblems({ NODE_ENV: 'production' });
    expect(both).toHaveLength(2);
    expect(both[0]).toMatch(/^SESSION_SECRET: required with NODE_ENV=production/);
    expect(both[1]).toMatch(/^SMTP_URL: required with NODE_ENV=production/);

    const secret = 'p'.repeat(40);
    expect(await bootProblems({ NODE_ENV: 'production', SESSION_SECRET: secret })).toEqual([
      expect.stringMatching(/^SMTP_URL: /),
    ]);
    expect(await bootProblems({ NODE_ENV: 'production', SMTP_URL: DEAD_SMTP_URL })).toEqual([
      expect.stringMatching(/^SESSION_SECRET: /),
    ]);
    expect(
      await bootProblems({
        NODE_ENV: 'production',
        SESSION_SECRET: secret,
        SMTP_URL: DEAD_SMTP_URL,
      }),
    ).toEqual([]);
  });

  it('is not held back outside production (development keeps the dev mailbox and its own secret)', async () => {
    expect(await bootProblems({ NODE_ENV: 'development' })).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });

  it('prints the refusal and exits 1 from the server script', async () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, '..', 'src', 'server.ts')],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', PGLITE_MEMORY: 'true' },
        encoding: 'utf8',
        // The refusal comes before the app loads or a database opens; the bound is for a busy machine.
        timeout: 150_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration:');
    expect(run.stderr).toContain('SESSION_SECRET: required with NODE_ENV=production');
    expect(run.stderr).toContain('SMTP_URL: required with NODE_ENV=production');
  });

  it('seeds no demo data unless SEED says so', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).SEED).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'true' }).SEED).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED).toBe(true);
    expect(loadConfig({}).SEED).toBe(true);
    expect(loadConfig({ SEED: 'false' }).SEED).toBe(false);
  });

  it('checks the file storage settings', () => {
    expect(loadConfig({}).FILE_STORAGE).toBe('disk');
    let error: unknown;
    try {
      loadConfig({ FILE_STORAGE: 's3', S3_ACCESS_KEY_ID: 'only-half' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('S3_BUCKET is required with FILE_STORAGE=s3');
    expect(problems).toContain('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(() => loadConfig({ FILE_STORAGE: 'floppy' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ INSTANCE_NAME: 'has space' })).toThrow(/INSTANCE_NAME/);
  });
});

describe('a code whose mail could not be sent', () => {
  const ask = (app: Awaited<ReturnType<typeof ctx.build>>, email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, roleId: 0 } });

  it('answers 502 with a clear message, not "OTP sent", and does not count against the resend limits', async () => {
    const limits = { OTP_MAX_PER_HOUR: 2, OTP_RESEND_INTERVAL_SECONDS: 30 };
    const broken = await ctx.build({ ...limits, SMTP_URL: DEAD_SMTP_URL });
    for (let i = 0; i < 4; i++) {
      const res = await ask(broken, 'unlucky@example.com');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ success: false, message: MAIL_FAILED_MESSAGE });
    }
    expect(await broken.db.select().from(otpCodes)).toHaveLength(0);
    expect(await broken.db.select().from(loginLinks)).toHaveLength(0);

    // Mail works again: the first request goes through at once, and the limits count from there.
    const smtp = await startSmtpCapture();
    try {
      const working = await ctx.build({ ...limits, SMTP_URL: smtp.url });
      expect((await ask(working, 'unlucky@example.com')).statusCode).toBe(200);
      expect(smtp.lastCode('unlucky@example.com')).toMatch(/^\d{4}$/);
      expect((await ask(working, 'unlucky@example.com')).statusCode).toBe(429);
      await working.close();
    } finally {
      await smtp.close();
    }
  });

  it('is taken back for work e-mail codes too', async () => {
    const app = await ctx.build({ SMTP_URL: DEAD_SMTP_URL, OTP_RESEND_INTERVAL_SECONDS: 30 });
    const user = await quickUser(app, 'worker');
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/workEmailVerify',
        headers: { cookie: user.cookie },
        payload: { workEmail: 'me@quartz.example', id: user.id },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(MAIL_FAILED_MESSAGE);
    }
    expect(await app.db.select().from(otpCodes)).toHaveLength(0);
  });
});

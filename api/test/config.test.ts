import path from 'node:path';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults: port 4000 on 127.0.0.1, embedded database under <repo>/.data, seeding on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4000,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      DATA_DIR: DEFAULT_DATA_DIR,
      SEED: true,
      COOKIE_SECURE: false,
      GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
      OTP_TTL_SECONDS: 600,
      OTP_MAX_ATTEMPTS: 5,
      OTP_RESEND_INTERVAL_SECONDS: 30,
      OTP_MAX_PER_HOUR: 5,
      SESSION_TTL_DAYS: 30,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(DEFAULT_DATA_DIR).toBe(path.resolve(__dirname, '../..', '.data'));
  });

  it('reads strings from the environment', () => {
    const config = loadConfig({
      PORT: '4100',
      SEED: 'false',
      COOKIE_SECURE: 'TRUE',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/x',
      GOOGLE_CLIENT_ID: ' ',
    });
    expect(config).toMatchObject({
      PORT: 4100,
      SEED: false,
      COOKIE_SECURE: true,
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/x',
    });
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SEED: 'maybe', NODE_ENV: 'staging', SESSION_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'SEED', 'NODE_ENV', 'SESSION_SECRET'])
      expect(problems).toContain(name);
  });

  it('checks the notification mail settings at boot: the site address and the worker numbers', () => {
    const ok = loadConfig({ SITE_URL: 'https://referio.example/' });
    expect(ok).toMatchObject({
      SITE_URL: 'https://referio.example',
      MAIL_WORKER: true,
      MAIL_BATCH_SIZE: 50,
      MAIL_MAX_ATTEMPTS: 8,
      MAIL_RETRY_BASE_SECONDS: 30,
      MAIL_LEASE_SECONDS: 120,
    });
    let error: unknown;
    try {
      loadConfig({
        SITE_URL: 'not a url',
        MAIL_WORKER: 'sometimes',
        MAIL_BATCH_SIZE: '0',
        MAIL_LEASE_SECONDS: '1',
        MAIL_MAX_ATTEMPTS: 'many',
      });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'SITE_URL',
      'MAIL_WORKER',
      'MAIL_BATCH_SIZE',
      'MAIL_LEASE_SECONDS',
      'MAIL_MAX_ATTEMPTS',
    ])
      expect(problems).toContain(name);
  });
});

import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseFileKeys } from './lib/file-crypto';

/** Booleans from the environment: 'true'/'false'/'1'/'0'/'yes'/'no' (case-insensitive). */
const envBool = <D extends boolean | undefined>(dflt: D) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v, ctx): boolean | D => {
      if (v === undefined || v === '') return dflt;
      if (typeof v === 'boolean') return v;
      const s = v.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(s)) return true;
      if (['false', '0', 'no', 'off'].includes(s)) return false;
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${v}"` });
      return z.NEVER;
    });

const int = (dflt: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(dflt);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** One TRUST_PROXY entry: a named range, an IP address or a CIDR block. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [addr, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !addr) return false;
  const version = net.isIP(addr);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may set X-Forwarded-For: 'false' (nobody: the socket's address counts) or a
 * comma-separated list of the proxies' addresses (IPs, CIDRs, loopback/linklocal/uniquelocal).
 * 'true' and hop counts are refused: they would trust whatever a client writes in the header.
 */
const trustProxySchema = z
  .string()
  .default('loopback')
  .transform((v, ctx): false | string[] => {
    const s = v.trim().toLowerCase();
    if (s === 'false' || s === '' || s === 'none') return false;
    const entries = s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isProxyEntry(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected false or a list of proxy addresses (IP, CIDR, loopback, linklocal, uniquelocal), got "${v}"${s === 'true' ? ": true would trust any client's X-Forwarded-For" : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

function fileKeysValid(value: string | undefined): boolean {
  if (!value) return true;
  try {
    parseFileKeys(value, Buffer.alloc(32));
    return true;
  } catch {
    return false;
  }
}

/** The repository root's `.data` folder; the same from `src/` (tsx, jest) and `dist/` (node). */
export const DEFAULT_DATA_DIR = path.resolve(__dirname, '../..', '.data');

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: int(4000, 0, 65535),
    HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** PostgreSQL connection string; without it the embedded PGlite database under DATA_DIR/pglite is used. */
    DATABASE_URL: optionalString.pipe(
      z.url({ error: 'DATABASE_URL must be a postgres:// URL' }).optional(),
    ),
    DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
    /** Keep the embedded database in memory (tests); ignored with DATABASE_URL. */
    PGLITE_MEMORY: envBool(false),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().min(3).default('Referio <no-reply@referio.local>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    COOKIE_SECURE: envBool(false),
    /** Comma-separated origins allowed to call the API with credentials (the shell proxies /api, so this is for direct calls). */
    CORS_ORIGIN: z.string().default('http://localhost:3000,http://127.0.0.1:3000'),
    /** Demo data into an empty database; default true, but false with NODE_ENV=production. */
    SEED: envBool(undefined),
    /** Which peers may set X-Forwarded-For (the shell's /api proxy runs on loopback and sets it itself). */
    TRUST_PROXY: trustProxySchema,
    /** The site's public origin: links in e-mails (sign-in, notifications, unsubscribe) point there. */
    SITE_URL: z
      .url({ error: 'SITE_URL must be an http(s) URL' })
      .default('http://localhost:3000')
      .refine((u) => /^https?:\/\//.test(u), 'SITE_URL must be an http(s) URL')
      .transform((u) => u.replace(/\/+$/, '')),
    /** HMAC key for one-time codes; without it a random key is created once in DATA_DIR/secret. */
    SESSION_SECRET: optionalString.pipe(
      z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    ),
    SESSION_TTL_DAYS: int(30, 1, 365),
    OTP_TTL_SECONDS: int(600, 1, 86_400),
    OTP_MAX_ATTEMPTS: int(5, 1, 100),
    OTP_RESEND_INTERVAL_SECONDS: int(30, 0, 3600),
    OTP_MAX_PER_HOUR: int(5, 1, 10_000),
    /** Code sends per address per rolling hour from all requesters together (a browser that signed in there before is exempt). */
    OTP_ADDRESS_MAX_PER_HOUR: int(20, 1, 10_000),
    /** Wrong codes per address per rolling 24 hours, whatever code they were for. */
    OTP_MAX_FAILURES_PER_DAY: int(10, 1, 10_000),
    /** A new sign-in e-mail from a session opened longer ago than this needs a code sent to the current one. */
    EMAIL_CHANGE_REAUTH_MINUTES: int(15, 1, 10_080),
    /** How long the sign-in link mailed with every code works. */
    LOGIN_LINK_TTL_SECONDS: int(600, 60, 86_400),
    /**
     * Code sends and checks per IP per OTP_IP_WINDOW_SECONDS, every code route together: only a backstop
     * (one office or carrier address carries many people); the real limits are per browser and per address.
     */
    OTP_IP_MAX: int(600, 1, 1_000_000),
    /** Code sends and checks per browser (the `referio_browser` cookie) per OTP_IP_WINDOW_SECONDS. */
    OTP_BROWSER_MAX: int(20, 1, 1_000_000),
    /** Mails (codes, links, notices) one IP may make the site send per hour, every route together (a backstop). */
    MAIL_IP_MAX_PER_HOUR: int(300, 1, 1_000_000),
    /** Mails one browser (the `referio_browser` cookie) may make the site send per hour. */
    MAIL_BROWSER_MAX_PER_HOUR: int(20, 1, 1_000_000),
    /** Mails one signed-in account may make the site send per hour (e-mail change, work e-mail, re-check). */
    MAIL_ACCOUNT_MAX_PER_HOUR: int(10, 1, 1_000_000),
    /** Mails to one address per rolling day from everyone (a browser that signed in there before exempt). */
    MAIL_RECIPIENT_MAX_PER_DAY: int(40, 1, 1_000_000),
    OTP_IP_WINDOW_SECONDS: int(600, 1, 86_400),
    /** Contact-form messages per IP per window. */
    CONTACT_IP_MAX: int(30, 1, 1_000_000),
    CONTACT_IP_WINDOW_SECONDS: int(600, 1, 86_400),
    /**
     * Where uploaded files' bytes live: 'disk' (DATA_DIR/uploads, one machine), 'postgres' (the database:
     * every instance shares them) or 's3' (an S3-compatible bucket, S3_*).
     */
    FILE_STORAGE: z.enum(['disk', 'postgres', 's3']).default('disk'),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** An S3-compatible server's URL (MinIO, R2, …); unset: AWS S3 itself. */
    S3_ENDPOINT: optionalString.pipe(z.url({ error: 'S3_ENDPOINT must be a URL' }).optional()),
    /** Unset: the AWS SDK's usual chain (environment, instance role, …). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Path-style URLs (http://host/bucket/key), which most S3-compatible servers need. */
    S3_FORCE_PATH_STYLE: envBool(false),
    /** Prepended to every object key (one bucket for several deployments). */
    S3_PREFIX: z.string().default(''),
    /** Server-side encryption asked of the bucket for every object ('none' for servers without it). */
    S3_SSE: z.enum(['AES256', 'aws:kms', 'none']).default('AES256'),
    /**
     * Keys that encrypt uploaded files at rest (AES-256-GCM): `id:base64,…`, 32 bytes each, the first for
     * new files, the others to read older ones (rotation). Unset: one key derived from the server secret.
     */
    FILE_ENCRYPTION_KEYS: optionalString,
    /**
     * A resume kept only by referral requests that ended (answered, expired, withdrawn) more than this
     * many days ago is deleted; the resume on the candidate's profile stays.
     */
    RESUME_RETENTION_DAYS: int(180, 1, 3650),
    /** This instance's name, sent as `X-Served-By` on every answer (unset: no header). */
    INSTANCE_NAME: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,64}$/, 'INSTANCE_NAME: letters, digits, . _ - (at most 64)')
        .optional(),
    ),
    /** A resume's text is read (for the match summary) by a reader process killed after this long. */
    RESUME_TEXT_TIMEOUT_MS: int(10_000, 1, 120_000),
    /** That process's JavaScript heap in MB: a PDF that needs more is "too large" to read. */
    RESUME_TEXT_MEMORY_MB: int(128, 8, 2048),
    UPLOAD_MAX_BYTES: int(5 * 1024 * 1024, 1, 100 * 1024 * 1024),
    /** Uploads (resume and photo together) one user may make per hour, all instances together. */
    UPLOAD_MAX_PER_HOUR: int(20, 1, 100_000),
    /** Bytes one user's stored files may take (current resume, photo, resumes kept by sent requests). */
    UPLOAD_QUOTA_BYTES: int(50 * 1024 * 1024, 1, 10 * 1024 * 1024 * 1024),
    /**
     * Operators (the console at mfe-admin): comma-separated sign-in e-mails. Only configuration names
     * them; no API call makes anyone an operator (docs/trust-and-safety.md).
     */
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Reports one user may send per rolling 24 hours. */
    REPORTS_MAX_PER_DAY: int(10, 1, 1000),
    /** Open live chat streams per user; opening one more ends that user's oldest. */
    CHAT_MAX_STREAMS_PER_USER: int(8, 1, 1000),
    /**
     * Where live events travel between instances (src/plugins/fan-out.ts): unset, PostgreSQL LISTEN/NOTIFY;
     * `redis://…` (or `rediss://…`), Redis pub/sub.
     */
    EVENTS_BROKER_URL: optionalString.pipe(
      z
        .string()
        .regex(/^rediss?:\/\/\S+$/, 'EVENTS_BROKER_URL: a redis:// or rediss:// URL')
        .optional(),
    ),
    /** Newsletter sign-ups per IP per window. */
    SUBSCRIBE_IP_MAX: int(10, 1, 1_000_000),
    SUBSCRIBE_IP_WINDOW_SECONDS: int(3600, 1, 86_400),
    /** PostgreSQL: how long to wait for a new connection, and for a query's answer (then 503). */
    DB_CONNECT_TIMEOUT_MS: int(3000, 100, 600_000),
    DB_QUERY_TIMEOUT_MS: int(15_000, 100, 3_600_000),
    /**
     * PostgreSQL: connections this instance opens for its requests, and for public job searches. A search is
     * CPU in the database, never a wait: more searches at once than about twice the database's cores (plus
     * one) only take turns on them, and take the API's core away (docs/search.md, "The tail"); 5 fits a
     * 2-core database.
     */
    DB_POOL_MAX: int(10, 1, 1000),
    DB_SEARCH_POOL_MAX: int(5, 1, 1000),
    /**
     * A request unanswered after DB_STALL_CHECK_MS makes the instance check the database; no answer within
     * DB_STALL_TIMEOUT_MS and waiting requests get 503 (src/plugins/db-watch.ts). Unset: 700 with
     * PostgreSQL, off (0) with PGlite.
     */
    DB_STALL_CHECK_MS: int(200, 10, 60_000),
    DB_STALL_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** GET /api/health answers 503 when the database has not answered `select 1` within this. */
    HEALTH_TIMEOUT_MS: int(800, 50, 60_000),
    /** Chat messages one signed-in user may send per window (then 429 with the wait), all instances together. */
    CHAT_MESSAGE_MAX: int(30, 1, 1_000_000),
    CHAT_MESSAGE_WINDOW_SECONDS: int(10, 1, 3600),
    /** How long a public job search's page and total are reused (any instance's job write clears them); 0 = off. */
    SEARCH_CACHE_SECONDS: int(10, 0, 3600),
    /** Job lists count their matches up to this many, then answer "this many +" ("1,000+ jobs"). */
    SEARCH_TOTAL_BOUND: int(1000, 10, 100_000),
    /** Job lists carry each referrer's responsiveness; off only to measure what it costs (the bench). */
    JOB_LIST_RESPONSIVENESS: envBool(true),
    /** Run the mail outbox worker in this instance (every instance may; each mail still goes out once). */
    MAIL_WORKER: envBool(true),
    /** How often an idle worker looks for due mail (a local event also wakes it at once). */
    MAIL_POLL_MS: int(1000, 10, 60_000),
    /** Mails one worker claims at a time, and how many of them it sends at once. */
    MAIL_BATCH_SIZE: int(50, 1, 1000),
    MAIL_CONCURRENCY: int(5, 1, 100),
    /** How long a claimed mail is reserved for its worker; a crashed worker's mail is taken over after it. */
    MAIL_LEASE_SECONDS: int(120, 5, 3600),
    /** Tries before a mail is given up; the wait doubles from MAIL_RETRY_BASE_SECONDS (at most 6 hours). */
    MAIL_MAX_ATTEMPTS: int(8, 1, 100),
    MAIL_RETRY_BASE_SECONDS: int(30, 1, 3600),
    /** A pending referral request expires unanswered after this many hours (1 hour to 1 year). */
    REFERRAL_EXPIRY_HOURS: int(168, 1, 8760),
    /** Pending referral requests one candidate may hold at once. */
    PENDING_REQUESTS_MAX: int(10, 1, 1000),
    /** Referral requests one candidate may send per rolling 24 hours (withdrawn ones count). */
    REQUESTS_PER_DAY: int(5, 1, 1000),
  })
  .refine((c) => c.UPLOAD_QUOTA_BYTES >= c.UPLOAD_MAX_BYTES, {
    path: ['UPLOAD_QUOTA_BYTES'],
    message: 'UPLOAD_QUOTA_BYTES must be at least UPLOAD_MAX_BYTES',
  })
  .refine((c) => fileKeysValid(c.FILE_ENCRYPTION_KEYS), {
    path: ['FILE_ENCRYPTION_KEYS'],
    message:
      'expected id:base64 entries (ids of letters, digits, _ and -; each key 32 bytes: openssl rand -base64 32), each id once',
  })
  .refine((c) => c.FILE_STORAGE !== 's3' || c.S3_BUCKET !== undefined, {
    path: ['S3_BUCKET'],
    message: 'S3_BUCKET is required with FILE_STORAGE=s3',
  })
  .refine((c) => (c.S3_ACCESS_KEY_ID === undefined) === (c.S3_SECRET_ACCESS_KEY === undefined), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  });

type ParsedConfig = z.output<typeof configSchema>;
export type Config = Omit<ParsedConfig, 'SEED'> & { SEED: boolean };
export type ConfigInput = z.input<typeof configSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration once; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> | ConfigInput = process.env,
): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).map((k) => [k, (env as Record<string, unknown>)[k]]),
  );
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(config)'}: ${i.message}`),
    );
  }
  const config = parsed.data;
  return { ...config, SEED: config.SEED ?? config.NODE_ENV !== 'production' };
}

/**
 * What a production instance must not start without, one line per variable (empty: nothing missing).
 * A half-configured server would tell users "OTP sent" while the code went to its log, or make its own
 * secret, which no other instance would share.
 */
export function productionProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.SESSION_SECRET) {
    problems.push(
      'SESSION_SECRET: required with NODE_ENV=production (at least 32 characters, the same on every instance)',
    );
  }
  if (!config.SMTP_URL) {
    problems.push(
      'SMTP_URL: required with NODE_ENV=production (without it sign-in codes would only reach the log)',
    );
  }
  return problems;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';

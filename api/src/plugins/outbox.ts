// The mail outbox worker, one in every API instance (MAIL_WORKER). Events write their mail into
// `mail_outbox` inside their own transaction; no HTTP request ever waits for SMTP. The worker claims due
// rows with FOR UPDATE SKIP LOCKED and a lease (so instances never take the same row, and a crashed
// instance's rows are taken over once its lease runs out), sends them through the mail plugin, and marks
// each one sent as soon as the SMTP server has accepted it. The same loop runs the referral sweep
// (app.referrals.sweep) every REFERRAL_SWEEP_MS and the job-alert sweep (app.jobAlerts.sweep) when a
// post wakes it or every ALERT_SWEEP_MS. A refusal or an unreachable server puts the
// row back with a doubling wait; after MAIL_MAX_ATTEMPTS it is given up (failed_at, last_error).
//
// Each mail carries a Message-ID made from its row id, so the one resend that a crash between "accepted"
// and "marked sent" can cause is the same message to the receiving side (docs/notifications.md).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface DrainResult {
  claimed: number;
  sent: number;
  failed: number;
}

export interface Outbox {
  /** Claims one batch of due mail and sends it; resolves when every mail of it is sent or put back. */
  drainOnce(): Promise<DrainResult>;
  /** Drains until nothing is due (tests, scripts). */
  drainAll(): Promise<DrainResult>;
  /** Wakes an idle worker now (new mail was written). */
  wake(): void;
  /** Wakes the worker to run the job-alert sweep now (a job was posted). */
  wakeAlerts(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

/**
 * How often the worker also runs the referral sweep (expire overdue requests, remind referrers a day
 * before, recompute the responsiveness figures older than an hour): idempotent statements, so every
 * instance may run them (docs/referral-lifecycle.md, docs/responsiveness.md).
 */
export const REFERRAL_SWEEP_MS = 30_000;

/**
 * How often the worker runs the job-alert sweep when nothing woke it for one (a post another instance
 * queued and did not match, a daily digest whose time came): app.jobAlerts.sweep, safe on every instance.
 */
export const ALERT_SWEEP_MS = 30_000;

/** The longest wait between two tries. */
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** How long to wait before try `attempt + 1` (attempt ≥ 1): base, 2×base, 4×base … at most 6 hours. */
export const retryDelayMs = (attempt: number, baseSeconds: number) =>
  Math.min(MAX_BACKOFF_MS, baseSeconds * 1000 * 2 ** Math.max(0, attempt - 1));

interface ClaimedRow {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | string | null;
  attempts: number;
}

/** The Message-ID of the mail of row `id`: the same on every resend (docs/notifications.md). */
function messageIdOf(app: FastifyInstance, id: number | string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(app.config.MAIL_FROM)?.[1] ?? 'referio.local';
  return `<outbox-${id}@${domain}>`;
}

async function markSent(app: FastifyInstance, id: number | string, token: string) {
  await app.db.execute(sql`
    update mail_outbox
    set sent_at = ${app.now()}, locked_until = null, claim_token = null, attempts = attempts + 1,
        last_error = null
    where id = ${id} and claim_token = ${token}`);
}

async function putBack(app: FastifyInstance, row: ClaimedRow, token: string, err: unknown) {
  const { config } = app;
  const attempts = row.attempts + 1;
  const now = app.now();
  const giveUp = attempts >= config.MAIL_MAX_ATTEMPTS;
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  await app.db.execute(sql`
    update mail_outbox
    set attempts = ${attempts}, locked_until = null, claim_token = null, last_error = ${message},
        available_at = ${new Date(now.getTime() + retryDelayMs(attempts, config.MAIL_RETRY_BASE_SECONDS))},
        failed_at = ${giveUp ? now : null}
    where id = ${row.id} and claim_token = ${token}`);
  app.log.warn({ err: message, id: row.id, attempts, giveUp }, 'mail not sent');
}

/** Claims one batch of due rows under `token` for a lease of MAIL_LEASE_SECONDS. */
async function claimDue(app: FastifyInstance, token: string): Promise<ClaimedRow[]> {
  const { config } = app;
  const now = app.now();
  const lease = new Date(now.getTime() + config.MAIL_LEASE_SECONDS * 1000);
  return (
    (await app.db.execute(sql`
      update mail_outbox set locked_until = ${lease}, claim_token = ${token}
      where id in (
        select id from mail_outbox
        where sent_at is null and failed_at is null and available_at <= ${now}
          and (locked_until is null or locked_until <= ${now})
        order by available_at, id
        limit ${config.MAIL_BATCH_SIZE}
        for update skip locked)
      returning id, "to", subject, text, html, headers, attempts`)) as unknown as {
      rows: ClaimedRow[];
    }
  ).rows;
}

/** Sends the claimed rows, MAIL_CONCURRENCY at a time, marking each sent or putting it back. */
async function sendClaimed(
  app: FastifyInstance,
  claimed: ClaimedRow[],
  token: string,
): Promise<DrainResult> {
  const result: DrainResult = { claimed: claimed.length, sent: 0, failed: 0 };
  let next = 0;
  const sendNext = async (): Promise<void> => {
    while (next < claimed.length) {
      const row = claimed[next++]!;
      try {
        const headers =
          typeof row.headers === 'string'
            ? (JSON.parse(row.headers) as Record<string, string>)
            : (row.headers ?? {});
        await app.mail.deliver({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          headers,
          messageId: messageIdOf(app, row.id),
        });
      } catch (err) {
        result.failed += 1;
        await putBack(app, row, token, err);
        continue;
      }
      result.sent += 1;
      await markSent(app, row.id, token);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(app.config.MAIL_CONCURRENCY, claimed.length) }, sendNext),
  );
  return result;
}

async function drainOnce(app: FastifyInstance): Promise<DrainResult> {
  const token = randomUUID();
  return sendClaimed(app, await claimDue(app, token), token);
}

async function drainAll(app: FastifyInstance): Promise<DrainResult> {
  const total: DrainResult = { claimed: 0, sent: 0, failed: 0 };
  for (;;) {
    const r = await drainOnce(app);
    total.claimed += r.claimed;
    total.sent += r.sent;
    total.failed += r.failed;
    if (r.claimed === 0 || r.sent === 0) return total;
  }
}

/**
 * The referral sweep every REFERRAL_SWEEP_MS and the job-alert sweep when wanted (a post on this instance
 * asks for it at once) or every ALERT_SWEEP_MS; failures are logged unless the worker is stopping.
 */
function sweeps(app: FastifyInstance, stopping: () => boolean) {
  let lastSweep = 0;
  let alertsWanted = false;
  let lastAlertSweep = 0;
  const sweepReferrals = async () => {
    if (Date.now() - lastSweep < REFERRAL_SWEEP_MS) return;
    lastSweep = Date.now();
    try {
      const { expired, warned, refreshed } = await app.referrals.sweep();
      if (expired + warned + refreshed > 0)
        app.log.info({ expired, warned, refreshed }, 'referral sweep');
    } catch (err) {
      if (!stopping()) app.log.warn({ err }, 'referral sweep failed');
    }
  };
  const sweepAlerts = async () => {
    if (!alertsWanted && Date.now() - lastAlertSweep < ALERT_SWEEP_MS) return;
    alertsWanted = false;
    lastAlertSweep = Date.now();
    try {
      const { posts, mailed } = await app.jobAlerts.sweep();
      if (posts + mailed > 0) app.log.info({ posts, mailed }, 'job alert sweep');
    } catch (err) {
      if (!stopping()) app.log.warn({ err }, 'job alert sweep failed');
    }
  };
  return { sweepReferrals, sweepAlerts, wantAlerts: () => (alertsWanted = true) };
}

/** The worker loop: drain while there is work, else sleep until the poll interval or a wake-up. */
function worker(app: FastifyInstance) {
  let stopping = false;
  let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  const wake = () => {
    const s = sleeping;
    if (!s) return;
    sleeping = null;
    clearTimeout(s.timer);
    s.resolve();
  };
  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleeping = null;
        resolve();
      }, app.config.MAIL_POLL_MS);
      sleeping = { timer, resolve };
    });
  const { sweepReferrals, sweepAlerts, wantAlerts } = sweeps(app, () => stopping);
  const run = async () => {
    while (!stopping) {
      let claimed = 0;
      await sweepReferrals();
      if (stopping) break;
      await sweepAlerts();
      if (stopping) break;
      try {
        claimed = (await drainOnce(app)).claimed;
      } catch (err) {
        if (!stopping) app.log.warn({ err }, 'mail outbox could not be read');
      }
      if (stopping) break;
      if (claimed < app.config.MAIL_BATCH_SIZE) await sleep();
    }
  };
  let loop: Promise<void> | null = null;
  const wakeAlerts = () => {
    wantAlerts();
    wake();
  };
  const start = () => {
    loop = run();
  };
  const stop = async () => {
    stopping = true;
    wake();
    await loop;
  };
  return { wake, wakeAlerts, start, stop };
}

export default fp(
  async (app) => {
    const loop = worker(app);
    app.decorate('outbox', {
      drainOnce: () => drainOnce(app),
      drainAll: () => drainAll(app),
      wake: loop.wake,
      wakeAlerts: loop.wakeAlerts,
    } satisfies Outbox);
    // New notifications (from any instance) wake this worker at once.
    app.chatEvents.onNotified(loop.wake);

    if (app.config.MAIL_WORKER) {
      app.addHook('onReady', async () => loop.start());
      // Stop claiming; the mail already claimed is sent (or put back) before the database closes.
      app.addHook('preClose', loop.stop);
    }
  },
  { name: 'outbox', dependencies: ['config', 'db', 'mail', 'events', 'referrals', 'job-alerts'] },
);

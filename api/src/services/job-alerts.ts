// Job alerts (`app.jobAlerts`, docs/notifications.md "Job alerts"): a person's saved searches, the sweep
// that matches new posts against them with the search's own functions and writes their e-mails into the
// outbox, and the one-click link that turns one alert off. Every read and write of an alert is its
// owner's: the user id comes from the session, an alert of someone else is "not found".
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  JOB_ALERT_MAIL_JOBS_MAX,
  JOB_ALERT_MAX,
  jobAlertLabel,
  type JobAlert,
  type JobAlertFrequency,
  type JobAlertSaveFrequency,
  type JobFilters,
} from '../contract';
import type { Db, Tx } from '../db';
import {
  companies,
  jobAlertMatches,
  jobAlertQueue,
  jobAlerts,
  mailOutbox,
  users,
} from '../db/schema';
import { renderJobAlertMail } from '../lib/job-alert-mail';
import type { MailJob } from '../lib/notification-text';
import { signAlertUnsubscribeToken, verifyAlertUnsubscribeToken } from '../lib/unsubscribe';
import { hasSearchWords } from './job-posts';

/** New posts matched per transaction, and alerts mailed per pass. */
const MATCH_BATCH = 50;
const MAIL_BATCH = 100;

export interface JobAlertOptions {
  secret: Buffer;
  publicUrl: string;
}

export type CreateAlertResult =
  { ok: true; alert: JobAlert } | { ok: false; reason: 'tooMany' | 'companyNotFound' };

/** What an unsubscribe token names: an alert (now off, with its label), one deleted since, or nothing valid. */
export type AlertTokenClaim = { alertId: string; label: string | null } | null;

export interface SweepResult {
  /** New posts matched against the alerts. */
  posts: number;
  /** Alert e-mails written into the outbox. */
  mailed: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An alert's columns as its owner is answered (`toJobAlert`). */
const alertColumns = {
  id: jobAlerts.id,
  search: jobAlerts.search,
  jobType: jobAlerts.jobType,
  jobLocation: jobAlerts.jobLocation,
  industry: jobAlerts.industry,
  experience: jobAlerts.experience,
  companyId: jobAlerts.companyId,
  companyName: companies.name,
  frequency: jobAlerts.frequency,
  createdAt: jobAlerts.createdAt,
};
type AlertRow = Pick<
  typeof jobAlerts.$inferSelect,
  | 'id'
  | 'search'
  | 'jobType'
  | 'jobLocation'
  | 'industry'
  | 'experience'
  | 'companyId'
  | 'frequency'
  | 'createdAt'
> & { companyName: string | null };

function filtersOf(r: AlertRow): JobFilters {
  const f: JobFilters = {};
  if (r.jobType) f.jobType = r.jobType;
  if (r.jobLocation) f.location = r.jobLocation;
  if (r.industry) f.industry = r.industry;
  if (r.experience) f.experience = r.experience;
  if (r.companyId) f.company = r.companyId;
  return f;
}

function toJobAlert(r: AlertRow): JobAlert {
  return {
    _id: r.id,
    search: r.search,
    filters: filtersOf(r),
    companyName: r.companyId ? (r.companyName ?? null) : null,
    frequency: r.frequency,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The alert columns equal to these criteria (null filters equal null: "any"). */
const sameCriteria = (userId: string, search: string, f: JobFilters): SQL =>
  sql`${jobAlerts.userId} = ${userId} and ${jobAlerts.search} = ${search}
    and ${jobAlerts.jobType} is not distinct from ${f.jobType ?? null}
    and ${jobAlerts.jobLocation} is not distinct from ${f.location ?? null}
    and ${jobAlerts.industry} is not distinct from ${f.industry ?? null}
    and ${jobAlerts.experience} is not distinct from ${f.experience ?? null}
    and ${jobAlerts.companyId} is not distinct from ${f.company ?? null}::uuid`;

/** No block between the two users, either way (docs/trust-and-safety.md). */
const notBlocked = (a: SQL, b: SQL): SQL =>
  sql`not exists (select 1 from blocks b where (b.blocker_id = ${a} and b.blocked_id = ${b}) or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;

export class JobAlertRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly opts: JobAlertOptions,
    /** How a typed search is kept (the job list's cache key: `JobPostRepository.searchText`). */
    private readonly searchText: (search: string) => string,
  ) {}

  // ---- the owner's alerts --------------------------------------------------------------------------

  /** The person's alerts, newest first. */
  async list(userId: string): Promise<JobAlert[]> {
    const rows = await this.db
      .select(alertColumns)
      .from(jobAlerts)
      .leftJoin(companies, eq(companies.id, jobAlerts.companyId))
      .where(eq(jobAlerts.userId, userId))
      .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id));
    return rows.map((r) => toJobAlert(r));
  }

  /**
   * Saves an alert for these criteria (the caller checked they narrow the jobs); the same criteria again
   * change the existing alert's frequency. One person's saves wait for each other (their user row's
   * lock), so the cap holds however many arrive at once.
   */
  async create(
    userId: string,
    search: string,
    filters: JobFilters,
    frequency: JobAlertSaveFrequency,
  ): Promise<CreateAlertResult> {
    const kept = hasSearchWords(search) ? this.searchText(search) : '';
    const now = this.now();
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
      if (filters.company && !(await companyExists(tx, filters.company))) return 'companyNotFound';
      const [same] = await tx
        .update(jobAlerts)
        .set({ frequency, updatedAt: now })
        .where(sameCriteria(userId, kept, filters))
        .returning({ id: jobAlerts.id });
      if (same) return { id: same.id };
      const [n] = await tx
        .select({ n: count() })
        .from(jobAlerts)
        .where(eq(jobAlerts.userId, userId));
      if (Number(n?.n ?? 0) >= JOB_ALERT_MAX) return 'tooMany';
      const [row] = await tx
        .insert(jobAlerts)
        .values({
          userId,
          search: kept,
          jobType: filters.jobType ?? null,
          jobLocation: filters.location ?? null,
          industry: filters.industry ?? null,
          experience: filters.experience ?? null,
          companyId: filters.company ?? null,
          frequency,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: jobAlerts.id });
      return { id: row!.id };
    });
    if (typeof id === 'string') return { ok: false, reason: id };
    return { ok: true, alert: (await this.find(userId, id.id))! };
  }

  /** The person's alert, or null (none, or someone else's). */
  async find(userId: string, alertId: string): Promise<JobAlert | null> {
    const [row] = await this.db
      .select(alertColumns)
      .from(jobAlerts)
      .leftJoin(companies, eq(companies.id, jobAlerts.companyId))
      .where(and(eq(jobAlerts.id, alertId), eq(jobAlerts.userId, userId)));
    return row ? toJobAlert(row) : null;
  }

  /** Changes the person's alert's frequency; null when it is not theirs. 'paused' drops what was waiting. */
  async setFrequency(
    userId: string,
    alertId: string,
    frequency: JobAlertFrequency,
  ): Promise<JobAlert | null> {
    const changed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(jobAlerts)
        .set({ frequency, updatedAt: this.now() })
        .where(and(eq(jobAlerts.id, alertId), eq(jobAlerts.userId, userId)))
        .returning({ id: jobAlerts.id });
      if (row && frequency === 'paused') await this.settlePending(tx, alertId);
      return Boolean(row);
    });
    return changed ? this.find(userId, alertId) : null;
  }

  /** Deletes the person's alert (its matches go with it); false when it is not theirs. */
  async remove(userId: string, alertId: string): Promise<boolean> {
    const rows = await this.db
      .delete(jobAlerts)
      .where(and(eq(jobAlerts.id, alertId), eq(jobAlerts.userId, userId)))
      .returning({ id: jobAlerts.id });
    return rows.length > 0;
  }

  // ---- one-click unsubscribe ---------------------------------------------------------------------------

  /** The token of an alert's e-mail link. */
  unsubscribeToken(alertId: string): string {
    return signAlertUnsubscribeToken(this.opts.secret, alertId);
  }

  /** What a link's token names: its alert and label (null label: deleted since), or null (not valid). */
  async readUnsubscribeToken(token: string): Promise<AlertTokenClaim> {
    const alertId = verifyAlertUnsubscribeToken(this.opts.secret, token);
    if (!alertId) return null;
    const [row] = await this.db
      .select(alertColumns)
      .from(jobAlerts)
      .leftJoin(companies, eq(companies.id, jobAlerts.companyId))
      .where(eq(jobAlerts.id, alertId));
    return { alertId, label: row ? jobAlertLabel(toJobAlert(row)) : null };
  }

  /** Turns off exactly the alert the token names (whoever asks: the token is the proof). */
  async unsubscribe(token: string): Promise<AlertTokenClaim> {
    const claim = await this.readUnsubscribeToken(token);
    if (!claim?.label) return claim;
    await this.db.transaction(async (tx) => {
      await tx
        .update(jobAlerts)
        .set({ frequency: 'paused', updatedAt: this.now() })
        .where(eq(jobAlerts.id, claim.alertId));
      await this.settlePending(tx, claim.alertId);
    });
    return claim;
  }

  // ---- matching and mail -----------------------------------------------------------------------------

  /** A new post, in its transaction: the sweep matches it against the alerts. */
  async enqueue(tx: Tx, jobPostId: string): Promise<void> {
    await tx
      .insert(jobAlertQueue)
      .values({ jobPostId, queuedAt: this.now() })
      .onConflictDoNothing();
  }

  /**
   * Matches the queued posts against the alerts, then writes the e-mails that are due: an instant
   * alert's at once, a daily alert's once its day closes. Safe on every instance at once.
   */
  async sweep(): Promise<SweepResult> {
    let posts = 0;
    for (let n = await this.matchQueued(); n > 0; n = await this.matchQueued()) posts += n;
    let mailed = 0;
    for (;;) {
      const due = await this.dueAlerts();
      for (const alertId of due) if (await this.mailAlert(alertId)) mailed += 1;
      if (due.length < MAIL_BATCH) return { posts, mailed };
    }
  }

  /**
   * Takes up to MATCH_BATCH queued posts and records every alert each matches, in one transaction (a
   * failure puts them back). A match is the job list's: the post is listed, the alert's filter tokens
   * are among the post's (`referio_filter_tokens()`), and its search holds for the post
   * (`referio_search_holds()` of `referio_search_parse()`, docs/search.md). Never the alert owner's own
   * post, never between blocked people, never for a suspended person; each alert and post once.
   */
  private async matchQueued(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const taken = rowsOf<{ job_post_id: string }>(
        await tx.execute(sql`
          delete from job_alert_queue where job_post_id in (
            select job_post_id from job_alert_queue order by queued_at, job_post_id
            limit ${MATCH_BATCH} for update skip locked)
          returning job_post_id`),
      );
      if (taken.length === 0) return 0;
      const ids = `{${taken.map((t) => t.job_post_id).join(',')}}`;
      await tx.execute(sql`
        insert into job_alert_matches (alert_id, job_post_id, matched_at)
        select a.id, j.id, ${this.now()}
        from job_posts j
        join users poster on poster.id = j.user_id and poster.suspended_at is null
        join job_alerts a on a.frequency <> 'paused' and a.user_id <> j.user_id
          and referio_filter_tokens(a.job_type::text, a.job_location::text, a.industry::text,
                                    a.experience::text, a.company_id)
              <@ referio_filter_tokens(j.job_type::text, j.job_location::text, j.industry::text,
                                       j.experience::text, j.company_id)
        join users owner on owner.id = a.user_id and owner.suspended_at is null
        where j.id = any(${ids}::uuid[]) and referio_job_listed(j)
          and ${notBlocked(sql`a.user_id`, sql`j.user_id`)}
          and (a.search = '' or referio_search_holds(j.search_words, referio_job_fields(j),
                                                     referio_search_parse(a.search)))
        on conflict do nothing`);
      return taken.length;
    });
  }

  /**
   * Alerts with matches waiting whose e-mail is due: instant ones now; a daily one at its time of day
   * (the time it was saved), the first such time after its oldest waiting match. Off ones too: their
   * waiting matches are dropped.
   */
  private async dueAlerts(): Promise<string[]> {
    const now = this.now();
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select a.id from (
          select m.alert_id, min(m.matched_at) as oldest from job_alert_matches m
          where m.settled_at is null group by m.alert_id
        ) p
        join job_alerts a on a.id = p.alert_id
        where a.frequency <> 'daily'
          or ${now} >= a.created_at
                        + make_interval(days => floor(extract(epoch from (p.oldest - a.created_at)) / 86400)::int + 1)
        limit ${MAIL_BATCH}`),
    );
    return rows.map((r) => r.id);
  }

  /**
   * Settles the alert's waiting matches and writes one e-mail listing those still worth sending (the job
   * listed, its poster not suspended, no block either way, the alert on and its owner not suspended),
   * newest first, in one transaction. The UPDATE claims the matches: a second instance at the same
   * alert finds none waiting. True when an e-mail was written.
   */
  private async mailAlert(alertId: string): Promise<boolean> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const claimed = await this.settlePending(tx, alertId);
      if (claimed.length === 0) return false;
      const [alert] = await tx
        .select({ ...alertColumns, email: users.email, fullName: users.fullName, userId: users.id })
        .from(jobAlerts)
        .innerJoin(users, eq(users.id, jobAlerts.userId))
        .leftJoin(companies, eq(companies.id, jobAlerts.companyId))
        .where(
          and(
            eq(jobAlerts.id, alertId),
            sql`${jobAlerts.frequency} <> 'paused' and ${users.suspendedAt} is null`,
          ),
        );
      if (!alert) return false;
      const jobs = await this.sendableJobs(tx, alert.userId, claimed);
      if (jobs.length === 0) return false;
      const shown = jobs.slice(0, JOB_ALERT_MAIL_JOBS_MAX);
      const { email, fullName, userId, ...row } = alert;
      const answer = toJobAlert(row);
      const mail = renderJobAlertMail({
        publicUrl: this.opts.publicUrl,
        recipientName: fullName,
        alert: answer,
        jobs: shown,
        total: jobs.length,
        unsubscribeToken: this.unsubscribeToken(alertId),
      });
      const [written] = await tx
        .insert(mailOutbox)
        .values({ userId, kind: null, to: email, ...mail, availableAt: now, createdAt: now })
        .returning({ id: mailOutbox.id });
      await tx.execute(sql`
        update job_alert_matches set mail_id = ${written!.id}
        where alert_id = ${alertId} and job_post_id = any(${`{${jobs.map((j) => j.id).join(',')}}`}::uuid[])`);
      await tx.update(jobAlerts).set({ lastMailedAt: now }).where(eq(jobAlerts.id, alertId));
      return true;
    });
  }

  /** Settles the alert's waiting matches (now sent or dropped); the jobs they were for. */
  private async settlePending(tx: Tx, alertId: string): Promise<string[]> {
    const rows = await tx
      .update(jobAlertMatches)
      .set({ settledAt: this.now() })
      .where(and(eq(jobAlertMatches.alertId, alertId), sql`${jobAlertMatches.settledAt} is null`))
      .returning({ id: jobAlertMatches.jobPostId });
    return rows.map((r) => r.id);
  }

  /** Which of these jobs may still go to `userId`, newest first, as a mail lists them. */
  private async sendableJobs(tx: Tx, userId: string, jobIds: string[]): Promise<MailJob[]> {
    return rowsOf<MailJob>(
      await tx.execute(sql`
        select j.id, j.job_title as "jobTitle", j.company_name as "companyName",
               j.job_type::text as "jobType", j.address
        from job_posts j
        join users poster on poster.id = j.user_id and poster.suspended_at is null
        where j.id = any(${`{${jobIds.join(',')}}`}::uuid[]) and referio_job_listed(j)
          and j.user_id <> ${userId}
          and ${notBlocked(sql`${userId}::uuid`, sql`j.user_id`)}
        order by j.search_pos desc`),
    );
  }
}

async function companyExists(tx: Tx, companyId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return rows.length > 0;
}

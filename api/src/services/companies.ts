import type { Company, CompanyVerification, VerifiedAtCompany } from '../contract';
import { and, asc, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db';
import { companies, companyDomains, jobPosts, users, workEmailHistory } from '../db/schema';
import { HttpError } from '../lib/errors';
import { registrableDomain } from '../lib/work-email';

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a referrer is doing when their verification at a company is checked (the message names it). */
export type VerifiedAction = 'post' | 'approve';

const ACTION_TEXT: Record<VerifiedAction, string> = {
  post: 'post jobs for it',
  approve: 'approve referral requests for it',
};

/**
 * The messages of a refusal (docs/verified-referrers.md): with no verified work e-mail at all, and
 * with one at another company (naming the address and, when the company has them, its domains).
 */
export const VERIFIED_MESSAGES = {
  noWorkEmail: (company: string, action: VerifiedAction) =>
    `Verify your work email at ${company} to ${ACTION_TEXT[action]}.`,
  elsewhere: (email: string, company: string, domains: string[], action: VerifiedAction) =>
    `Your verified work email ${email} is not at ${company}. Verify your work email at ${
      domains.length ? domains.join(' or ') : company
    } to ${ACTION_TEXT[action]}.`,
  jobNotFound: 'Job post not found',
} as const;

type ColumnOrSql = AnyPgColumn | SQL;

/**
 * Whether the user `userId` is verified at the company `companyId` (SQL values or columns, written
 * qualified by the caller): 'confirmed' or 'unconfirmed' (the company's domain is its first referrer's
 * and nobody else has verified an address there yet), else null. Two primary-key probes: the user's
 * current work domain (users.work_email_domain), then that domain in company_domains. The job list's
 * `verifiedAtCompany` column.
 */
export const verifiedAtSql = (userId: ColumnOrSql, companyId: ColumnOrSql) =>
  sql<VerifiedAtCompany>`(select case when d.confirmed_at is null then 'unconfirmed' else 'confirmed' end from ${users} u join ${companyDomains} d on d.domain = u.work_email_domain where u.id = ${userId} and d.company_id = ${companyId})`;

/** A user's current work address: the one verified last. */
interface CurrentAddress {
  email: string;
  domain: string | null;
}

/**
 * Companies' one repository (`app.companies`, src/plugins/companies.ts): the company list, linking a
 * job to its company by name, the companies' e-mail domains and whether a referrer is verified at a
 * company (docs/verified-referrers.md). Routes translate HTTP.
 */
export class CompanyRepository {
  constructor(private readonly db: Db) {}

  /** Companies by name (A→Z), optionally filtered by a name search served by the trigram index. */
  async page(q: { search: string; start: number; limit: number }): Promise<{
    data: Company[];
    total: number;
  }> {
    const where = q.search ? ilike(companies.name, containsPattern(q.search)) : undefined;
    // Qualified by hand: Drizzle writes a one-table query's columns bare, and inside the subquery a
    // bare "id" was job_posts.id (every count was 0). Served by job_posts_company_status_newest_idx.
    const activeJobs = sql<number>`(select count(*)::int from ${jobPosts} j where j.company_id = ${companies}.${sql.identifier('id')} and j.status = 'active')`;
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          id: companies.id,
          name: companies.name,
          logo: companies.logo,
          industry: companies.industry,
          jobCount: activeJobs,
        })
        .from(companies)
        .where(where)
        .orderBy(asc(companies.name))
        .limit(q.limit)
        .offset(q.start),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(companies)
        .where(where),
    ]);
    return {
      data: rows.map((r) => ({
        _id: r.id,
        companyName: r.name,
        logo: r.logo,
        industry: r.industry,
        jobCount: Number(r.jobCount),
      })),
      total: totals[0]?.n ?? 0,
    };
  }

  /** The company's id and name, or null. */
  async find(id: string): Promise<{ _id: string; companyName: string } | null> {
    const rows = await this.db
      .select({ _id: companies.id, companyName: companies.name })
      .from(companies)
      .where(eq(companies.id, id))
      .limit(1);
    return rows[0] ?? null;
  }

  /** The id of the company of that name (case-insensitive), or null. */
  async idByName(name: string): Promise<string | null> {
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`lower(${companies.name}) = lower(${name})`)
      .limit(1);
    return rows[0]?.id ?? null;
  }

  /**
   * The company a referrer posts a job for, by name: its id when `userId` is verified at it
   * (`verification`), else a 403 saying what to verify. A company that does not exist yet is created
   * only when this user could give it its domain (a current work address at a domain no company has),
   * so a refused post leaves no empty company behind.
   */
  async companyToPostFor(
    userId: string,
    name: string,
    industry: (typeof companies.$inferInsert)['industry'],
    now: Date,
  ): Promise<string> {
    let id = await this.idByName(name);
    if (!id) {
      const current = await this.currentAddress(this.db, userId);
      const free = current?.domain
        ? (await this.companiesAtDomain(current.domain)).length === 0
        : false;
      if (!free) {
        throw new HttpError(
          403,
          current
            ? VERIFIED_MESSAGES.elsewhere(current.email, name, [], 'post')
            : VERIFIED_MESSAGES.noWorkEmail(name, 'post'),
        );
      }
      id = await this.idFor(name, industry, now);
    }
    await this.assertVerifiedAt(userId, { id, name }, 'post', now);
    return id;
  }

  /** The company of that name (case-insensitive), created when it does not exist yet. Its id. */
  async idFor(
    name: string,
    industry: (typeof companies.$inferInsert)['industry'],
    now: Date,
  ): Promise<string> {
    const existing = await this.idByName(name);
    if (existing) return existing;
    const inserted = await this.db
      .insert(companies)
      .values({ name, industry, createdAt: now })
      .onConflictDoNothing({ target: companies.name })
      .returning({ id: companies.id });
    const id = inserted[0]?.id ?? (await this.idByName(name));
    if (!id) throw new Error(`company ${name} vanished`);
    return id;
  }

  /** The company's e-mail domains, confirmed first, then A→Z. */
  async domains(companyId: string): Promise<{ domain: string; confirmed: boolean }[]> {
    const rows = await this.db
      .select({ domain: companyDomains.domain, confirmedAt: companyDomains.confirmedAt })
      .from(companyDomains)
      .where(eq(companyDomains.companyId, companyId))
      .orderBy(sql`${companyDomains.confirmedAt} is null`, asc(companyDomains.domain));
    return rows.map((r) => ({ domain: r.domain, confirmed: r.confirmedAt !== null }));
  }

  /** Gives a company a confirmed domain (the seed; an operator). Does nothing when the domain is taken. */
  async addDomain(companyId: string, domain: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(companyDomains)
      .values({ domain: domain.toLowerCase(), companyId, confirmedAt: now, createdAt: now })
      .onConflictDoNothing({ target: companyDomains.domain })
      .returning({ domain: companyDomains.domain });
    return rows.length > 0;
  }

  private async currentAddress(tx: Tx, userId: string): Promise<CurrentAddress | null> {
    const rows = await tx
      .select({ email: workEmailHistory.email, domain: workEmailHistory.domain })
      .from(workEmailHistory)
      .where(eq(workEmailHistory.userId, userId))
      .orderBy(desc(workEmailHistory.verifiedAt), desc(workEmailHistory.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * Whether `userId` is verified at `companyId`: their current work address (the one verified last)
   * is at one of the company's domains. A company with no domain yet first takes the current
   * domain of this user (the first-referrer claim), when no other company has it: unconfirmed, unless
   * another user has already verified an address there. The company row is locked meanwhile, so two
   * first referrers cannot give it two domains.
   */
  async verification(userId: string, companyId: string, now: Date): Promise<CompanyVerification> {
    return this.db.transaction(async (tx) => {
      const company = (
        await tx
          .select({ name: companies.name })
          .from(companies)
          .where(eq(companies.id, companyId))
          .for('update')
      )[0];
      if (!company) return { status: null, companyName: '', domains: [], workEmail: null };
      const current = await this.currentAddress(tx, userId);
      const owned = await tx
        .select({ domain: companyDomains.domain, confirmedAt: companyDomains.confirmedAt })
        .from(companyDomains)
        .where(eq(companyDomains.companyId, companyId))
        .orderBy(asc(companyDomains.domain));
      const answer = (status: VerifiedAtCompany, domains: string[]): CompanyVerification => ({
        status,
        companyName: company.name,
        domains,
        workEmail: current?.email ?? null,
      });
      const domain = current?.domain ?? null;
      if (owned.length > 0 || !domain) {
        const mine = owned.find((d) => d.domain === domain);
        const status = mine ? (mine.confirmedAt ? 'confirmed' : 'unconfirmed') : null;
        return answer(
          status,
          owned.map((d) => d.domain),
        );
      }
      const othersThere = await tx
        .select({ one: sql<number>`1` })
        .from(workEmailHistory)
        .where(and(eq(workEmailHistory.domain, domain), ne(workEmailHistory.userId, userId)))
        .limit(1);
      const claimed = await tx
        .insert(companyDomains)
        .values({
          domain,
          companyId,
          claimedBy: userId,
          confirmedAt: othersThere.length > 0 ? now : null,
          createdAt: now,
        })
        .onConflictDoNothing({ target: companyDomains.domain })
        .returning({ confirmedAt: companyDomains.confirmedAt });
      const row = claimed[0];
      if (!row) return answer(null, []); // another company has this domain
      return answer(row.confirmedAt ? 'confirmed' : 'unconfirmed', [domain]);
    });
  }

  /** Whether `userId` is verified at `companyId` (`verification`, with its first-referrer claim). */
  async isVerifiedAt(userId: string, companyId: string, now: Date): Promise<boolean> {
    return (await this.verification(userId, companyId, now)).status !== null;
  }

  /**
   * Throws a 403 with a message saying what to verify unless `userId` is verified at `companyId`
   * (`verification`). A job whose company is gone (null) refuses.
   */
  async assertVerifiedAt(
    userId: string,
    company: { id: string | null; name: string },
    action: VerifiedAction,
    now: Date,
  ): Promise<void> {
    const v = company.id
      ? await this.verification(userId, company.id, now)
      : { status: null, companyName: company.name, domains: [], workEmail: null };
    if (v.status) return;
    const name = v.companyName || company.name;
    throw new HttpError(
      403,
      v.workEmail
        ? VERIFIED_MESSAGES.elsewhere(v.workEmail, name, v.domains, action)
        : VERIFIED_MESSAGES.noWorkEmail(name, action),
    );
  }

  /** `assertVerifiedAt` for the company of the job post `jobPostId` (the approve path). */
  async assertVerifiedForJob(
    userId: string,
    jobPostId: string,
    action: VerifiedAction,
    now: Date,
  ): Promise<void> {
    const job = (
      await this.db
        .select({ companyId: jobPosts.companyId, companyName: jobPosts.companyName })
        .from(jobPosts)
        .where(eq(jobPosts.id, jobPostId))
        .limit(1)
    )[0];
    if (!job) throw new HttpError(404, VERIFIED_MESSAGES.jobNotFound);
    await this.assertVerifiedAt(userId, { id: job.companyId, name: job.companyName }, action, now);
  }

  /**
   * After `userId` verified an address at `domain`: confirms that domain where it was claimed by
   * another user (the second address at a company's domain confirms it).
   */
  async confirmDomain(tx: Tx, domain: string, userId: string, now: Date): Promise<void> {
    await tx
      .update(companyDomains)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(companyDomains.domain, domain),
          isNull(companyDomains.confirmedAt),
          ne(companyDomains.claimedBy, userId),
        ),
      );
  }

  /** The companies an address is verified for: those that have its registrable domain. */
  async companiesAtDomain(
    domain: string,
  ): Promise<{ _id: string; companyName: string; confirmed: boolean }[]> {
    const rows = await this.db
      .select({
        id: companies.id,
        name: companies.name,
        confirmedAt: companyDomains.confirmedAt,
      })
      .from(companyDomains)
      .innerJoin(companies, eq(companies.id, companyDomains.companyId))
      .where(eq(companyDomains.domain, domain))
      .orderBy(asc(companies.name));
    return rows.map((r) => ({
      _id: r.id,
      companyName: r.name,
      confirmed: r.confirmedAt !== null,
    }));
  }

  /**
   * Fills in the registrable domain of work addresses verified before it was stored (rows written by
   * an older version), a batch at a time, then each such user's current work domain. Idempotent: every
   * instance may run it at start-up.
   */
  async backfillAddressDomains(batch = 500): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await this.db
        .select({ id: workEmailHistory.id, email: workEmailHistory.email })
        .from(workEmailHistory)
        .where(isNull(workEmailHistory.domain))
        .limit(batch);
      if (rows.length === 0) break;
      for (const r of rows) {
        // An address with no registrable domain gets '' (never matches a company, never picked again).
        await this.db
          .update(workEmailHistory)
          .set({ domain: registrableDomain(r.email) ?? '' })
          .where(and(eq(workEmailHistory.id, r.id), isNull(workEmailHistory.domain)));
      }
      done += rows.length;
    }
    const newest = sql`(select h.domain from ${workEmailHistory} h where h.user_id = ${users}.${sql.identifier('id')} and h.domain <> '' order by h.verified_at desc, h.created_at desc limit 1)`;
    await this.db
      .update(users)
      .set({ workEmailDomain: newest })
      .where(
        and(
          isNull(users.workEmailDomain),
          sql`exists (select 1 from ${workEmailHistory} h where h.user_id = ${users}.${sql.identifier('id')} and h.domain <> '')`,
        ),
      );
    return done;
  }
}

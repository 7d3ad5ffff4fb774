import type {
  Company,
  CompanyDomain,
  CompanyPage,
  CompanyVerification,
  DomainClaim,
  DomainState,
  VerifiedAtCompany,
} from '../contract';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db';
import { companies, companyDomains, jobPosts, users, workEmailHistory } from '../db/schema';
import { HttpError } from '../lib/errors';
import { cleanCompanyName, companyNameKey, companyNameSkeleton } from '../lib/company-name';
import { wellKnownCompany, type WellKnownCompany } from '../lib/well-known-companies';
import { isSharedMailDomain, registrableDomain } from '../lib/work-email';

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
 * with one at another company (naming the address and, when the company has them, its confirmed or
 * well-known domains: never a domain someone only claimed).
 */
export const VERIFIED_MESSAGES = {
  noWorkEmail: (company: string, action: VerifiedAction) =>
    `Verify your work email at ${company} to ${ACTION_TEXT[action]}.`,
  elsewhere: (email: string, company: string, domains: string[], action: VerifiedAction) =>
    `Your verified work email ${email} is not at ${company}. Verify your work email at ${
      domains.length ? domains.join(' or ') : company
    } to ${ACTION_TEXT[action]}.`,
  jobNotFound: 'Job post not found',
  companyNameRequired: 'Company name is required',
  /** A name that only looks like an existing company's (UTS #39 confusable skeleton). */
  lookAlike: (name: string, existing: string) =>
    `"${name}" looks like the existing company "${existing}". Use "${existing}" if you work there, or a clearly different name.`,
} as const;

type ColumnOrSql = AnyPgColumn | SQL;

/**
 * Whether the user `userId` is verified at the company `companyId` (SQL values or columns, written
 * qualified by the caller): 'confirmed' (their current work domain is confirmed for the company by an
 * operator or the seed), 'unconfirmed' (it is the company's domain only by its first referrer's claim),
 * else null (a rejected claim counts for nothing). Two primary-key probes: the user's current work
 * domain (users.work_email_domain), then that domain in company_domains. The job list's
 * `verifiedAtCompany` column.
 */
export const verifiedAtSql = (userId: ColumnOrSql, companyId: ColumnOrSql) =>
  sql<VerifiedAtCompany>`(select case when d.confirmed_at is null then 'unconfirmed' else 'confirmed' end from ${users} u join ${companyDomains} d on d.domain = u.work_email_domain where u.id = ${userId} and d.company_id = ${companyId} and d.rejected_at is null)`;

/** The domain of the user's current verified work address (what the badge shows: "@acme.com"). */
export const verifiedDomainSql = (userId: ColumnOrSql) =>
  sql<string | null>`(select u.work_email_domain from ${users} u where u.id = ${userId})`;

interface DomainRow {
  domain: string;
  companyId: string;
  companyName: string;
  confirmedAt: Date | null;
  rejectedAt: Date | null;
  createdAt: Date;
  claimerId: string | null;
  claimerName: string | null;
  claimerEmail: string | null;
}

const toDomainClaim = (r: DomainRow): DomainClaim => ({
  domain: r.domain,
  companyId: r.companyId,
  companyName: r.companyName,
  state: r.rejectedAt ? 'rejected' : r.confirmedAt ? 'confirmed' : 'unconfirmed',
  claimedBy: r.claimerId
    ? { _id: r.claimerId, fullName: r.claimerName ?? '', email: r.claimerEmail ?? '' }
    : null,
  createdAt: r.createdAt.toISOString(),
});

/** A row of `publicPage`'s statement. */
interface CompanyPageRow {
  id: string;
  name: string;
  logo: string | null;
  industry: string;
  open_jobs: number;
  referrers: number;
  domains: CompanyDomain[] | string;
}

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
/** Company domains with their company and who claimed them, as operators see them (`toDomainClaim`). */
function selectDomainClaims(db: Db | Tx) {
  const claimer = alias(users, 'claimer');
  return db
    .select({
      domain: companyDomains.domain,
      companyId: companyDomains.companyId,
      companyName: companies.name,
      confirmedAt: companyDomains.confirmedAt,
      rejectedAt: companyDomains.rejectedAt,
      createdAt: companyDomains.createdAt,
      claimerId: claimer.id,
      claimerName: claimer.fullName,
      claimerEmail: claimer.email,
    })
    .from(companyDomains)
    .innerJoin(companies, eq(companies.id, companyDomains.companyId))
    .leftJoin(claimer, eq(claimer.id, companyDomains.claimedBy))
    .$dynamic();
}

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

  /**
   * A company's public page (docs/decisions-public.md, "Company pages"), or null when there is no such
   * company: its open jobs (an index-only count on job_posts_company_status_newest_idx), the people who
   * posted them, and their current verified work domains that are this company's, confirmed or only claimed
   * (`CompanyDomain`). A domain rejected or of another company is not listed; its referrers still count.
   * One statement; the posters are read from the company's active jobs (that index, then the rows).
   */
  async publicPage(id: string): Promise<CompanyPage | null> {
    const result = await this.db.execute(sql`
      with posters as (
        select distinct j.user_id from ${jobPosts} j where j.company_id = ${id} and j.status = 'active'
      ), by_domain as (
        select d.domain, d.confirmed_at is not null as confirmed, count(*)::int as referrers
        from posters p
        join ${users} u on u.id = p.user_id
        left join ${companyDomains} d
          on d.domain = u.work_email_domain and d.company_id = ${id} and d.rejected_at is null
        group by 1, 2
      )
      select c.id, c.name, c.logo, c.industry::text as industry,
        (select count(*)::int from ${jobPosts} j where j.company_id = c.id and j.status = 'active') as open_jobs,
        (select coalesce(sum(b.referrers), 0)::int from by_domain b) as referrers,
        (select coalesce(json_agg(json_build_object('domain', b.domain, 'confirmed', b.confirmed, 'referrers', b.referrers)
                 order by b.confirmed desc, b.referrers desc, b.domain), '[]'::json)
           from by_domain b where b.domain is not null) as domains
      from ${companies} c where c.id = ${id}`);
    const row = (result as unknown as { rows: CompanyPageRow[] }).rows[0];
    if (!row) return null;
    return {
      _id: row.id,
      companyName: row.name,
      logo: row.logo,
      industry: row.industry,
      openJobs: Number(row.open_jobs),
      referrers: Number(row.referrers),
      domains: typeof row.domains === 'string' ? JSON.parse(row.domains) : row.domains,
    };
  }

  /**
   * The company of that name, compared by key (case, width, invisible characters and spaces do not
   * count: src/lib/company-name.ts), or null.
   */
  async byName(tx: Tx, name: string): Promise<{ id: string; name: string } | null> {
    const key = companyNameKey(name);
    const rows = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        sql`(${companies.nameKey} = ${key} or (${companies.nameKey} is null and lower(${companies.name}) = lower(${cleanCompanyName(name)})))`,
      )
      .limit(1);
    return rows[0] ?? null;
  }

  /** The id of the company of that name (by key, `byName`), or null. */
  async idByName(name: string): Promise<string | null> {
    return (await this.byName(this.db, name))?.id ?? null;
  }

  /** A company of another key whose name looks like `name` (same confusable skeleton), or null. */
  async lookAlike(tx: Tx, name: string): Promise<{ id: string; name: string } | null> {
    const rows = await tx
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(
        and(
          eq(companies.nameSkeleton, companyNameSkeleton(name)),
          ne(companies.nameKey, companyNameKey(name)),
        ),
      )
      .orderBy(asc(companies.createdAt))
      .limit(1);
    return rows[0] ?? null;
  }

  /**
   * The company a referrer posts a job for, by name: its id and stored name when `userId` is verified at
   * it (`verification`), else a 403 saying what to verify. A name is matched by its key (so 'Goo\u200Bgle'
   * is Google's); a well-known company's name in any spacing, punctuation or legal form ('G o o g l e',
   * 'Google LLC') is that company's (src/lib/well-known-companies.ts); a new name that looks like an
   * existing or well-known company's is refused (409). A company that does not exist yet is created
   * only when this user could post for it (a current work address at a domain no company has, or at
   * one of the well-known company's domains), so a refused post leaves no empty company behind.
   */
  async companyToPostFor(
    userId: string,
    typedName: string,
    industry: (typeof companies.$inferInsert)['industry'],
    now: Date,
  ): Promise<{ id: string; name: string }> {
    const cleaned = cleanCompanyName(typedName);
    if (!cleaned) throw new HttpError(400, VERIFIED_MESSAGES.companyNameRequired);
    const known = wellKnownCompany(cleaned);
    if (known && !known.exact) {
      throw new HttpError(409, VERIFIED_MESSAGES.lookAlike(cleaned, known.company.name));
    }
    const name = known ? known.company.name : cleaned;
    let company = await this.byName(this.db, name);
    if (!company) {
      const similar = known ? null : await this.lookAlike(this.db, name);
      if (similar) throw new HttpError(409, VERIFIED_MESSAGES.lookAlike(name, similar.name));
      await this.assertMayFound(userId, name, known?.company ?? null);
      company = await this.create(name, industry, now);
    }
    await this.assertVerifiedAt(userId, company, 'post', now);
    return company;
  }

  /**
   * Refuses (403) founding the company `name`, new to Referio, unless the user's current work domain
   * could be its: one of the well-known company's domains, or (any other name) a domain no company has.
   */
  private async assertMayFound(
    userId: string,
    name: string,
    known: WellKnownCompany | null,
  ): Promise<void> {
    const current = await this.currentAddress(this.db, userId);
    const domain = current?.domain ?? null;
    const may = !domain
      ? false
      : known
        ? known.domains.includes(domain)
        : (await this.companiesAtDomain(domain)).length === 0 && !(await this.domainTaken(domain));
    if (may) return;
    throw new HttpError(
      403,
      current
        ? VERIFIED_MESSAGES.elsewhere(current.email, name, [...(known?.domains ?? [])], 'post')
        : VERIFIED_MESSAGES.noWorkEmail(name, 'post'),
    );
  }

  /** Whether any company has (or had, rejected) the domain. */
  private async domainTaken(domain: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(companyDomains)
      .where(eq(companyDomains.domain, domain))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Creates the company `name` (already cleaned), or answers the one of its key; refuses (409) a
   * look-alike of another. Serialised per skeleton by an advisory lock, so two look-alikes created at
   * once cannot both pass.
   */
  private async create(
    name: string,
    industry: (typeof companies.$inferInsert)['industry'],
    now: Date,
  ): Promise<{ id: string; name: string }> {
    const skeleton = companyNameSkeleton(name);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274026, hashtext(${skeleton}))`);
      const same = await this.byName(tx, name);
      if (same) return same;
      const similar = await this.lookAlike(tx, name);
      if (similar) throw new HttpError(409, VERIFIED_MESSAGES.lookAlike(name, similar.name));
      const inserted = await tx
        .insert(companies)
        .values({
          name,
          industry,
          createdAt: now,
          nameKey: companyNameKey(name),
          nameSkeleton: skeleton,
        })
        .onConflictDoNothing({ target: companies.name })
        .returning({ id: companies.id, name: companies.name });
      const row = inserted[0] ?? (await this.byName(tx, name));
      if (!row) throw new Error(`company ${name} vanished`);
      return row;
    });
  }

  /** The company of that name (by key), created when it does not exist yet. Its id. */
  async idFor(
    name: string,
    industry: (typeof companies.$inferInsert)['industry'],
    now: Date,
  ): Promise<string> {
    const existing = await this.byName(this.db, name);
    if (existing) return existing.id;
    return (await this.create(cleanCompanyName(name), industry, now)).id;
  }

  /**
   * Fills in the name key and skeleton of companies whose skeleton is not stored (start-up): those
   * created before it was, and all of them after its rule changed (migration 0032 empties it).
   */
  async backfillNameKeys(batch = 500): Promise<number> {
    let done = 0;
    for (;;) {
      const rows = await this.db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(or(isNull(companies.nameKey), isNull(companies.nameSkeleton)))
        .limit(batch);
      if (rows.length === 0) break;
      for (const r of rows) {
        await this.db
          .update(companies)
          .set({ nameKey: companyNameKey(r.name), nameSkeleton: companyNameSkeleton(r.name) })
          .where(eq(companies.id, r.id));
      }
      done += rows.length;
    }
    return done;
  }

  /**
   * Shared mail hosts never count as a company's domain (docs/trust-and-safety.md): at start-up, the
   * company domains and users' current work domains at one are dropped (addresses verified before the
   * list was used). Returns how many domains were found.
   */
  async dropSharedMailDomains(): Promise<number> {
    const domains = new Set<string>();
    for (const r of await this.db
      .selectDistinct({ d: users.workEmailDomain })
      .from(users)
      .where(sql`${users.workEmailDomain} is not null`)) {
      if (r.d) domains.add(r.d);
    }
    for (const r of await this.db.select({ d: companyDomains.domain }).from(companyDomains)) {
      domains.add(r.d);
    }
    const shared = [...domains].filter(isSharedMailDomain);
    if (shared.length === 0) return 0;
    await this.db.delete(companyDomains).where(inArray(companyDomains.domain, shared));
    await this.db
      .update(users)
      .set({ workEmailDomain: null })
      .where(inArray(users.workEmailDomain, shared));
    return shared.length;
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

  /**
   * Gives a company a confirmed domain (the seed; tests). Does nothing when the domain is taken or a
   * shared mail host.
   */
  async addDomain(companyId: string, domain: string, now: Date): Promise<boolean> {
    if (isSharedMailDomain(domain)) return false;
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
   * Whether `userId` is verified at `companyId`, by their current work address (the one verified last):
   * - 'confirmed' at one of the company's confirmed domains, or at one of a well-known company's
   *   domains (which then becomes confirmed for it, as the seed's are);
   * - a name that has a confirmed domain, or is a well-known company's, belongs to those domains alone;
   * - any other name belongs to no one: a referrer whose domain no company has claims it for this one
   *   ('unconfirmed', shown as "Verified · @domain" until an operator confirms it), and every referrer
   *   whose domain is claimed for it is 'unconfirmed' there. A claim never keeps anyone else out.
   * The company row is locked meanwhile. `domains` are those a refusal may name: confirmed or
   * well-known ones, never a domain someone only claimed.
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
        .where(and(eq(companyDomains.companyId, companyId), isNull(companyDomains.rejectedAt)))
        .orderBy(asc(companyDomains.domain));
      const known = wellKnownCompany(company.name)?.company ?? null;
      const confirmed = owned.filter((d) => d.confirmedAt !== null).map((d) => d.domain);
      const answer = (status: VerifiedAtCompany): CompanyVerification => ({
        status,
        companyName: company.name,
        domains: [...new Set([...confirmed, ...(known?.domains ?? [])])],
        workEmail: current?.email ?? null,
      });
      const domain = current?.domain ?? null;
      if (!domain) return answer(null);
      if (confirmed.includes(domain)) return answer('confirmed');
      if (known) {
        if (!known.domains.includes(domain)) return answer(null);
        await this.confirmWellKnown(tx, domain, companyId, now);
        return answer('confirmed');
      }
      if (confirmed.length > 0) return answer(null);
      if (owned.some((d) => d.domain === domain)) return answer('unconfirmed');
      if (isSharedMailDomain(domain)) return answer(null);
      // The claim: for the operators' queue; it shows the claimer as "Verified · @domain", never
      // "Verified at {company}", until an operator confirms it (colleagues confirm nothing).
      const claimed = await tx
        .insert(companyDomains)
        .values({ domain, companyId, claimedBy: userId, confirmedAt: null, createdAt: now })
        .onConflictDoNothing({ target: companyDomains.domain })
        .returning({ confirmedAt: companyDomains.confirmedAt });
      // None: another company has (or was refused) this domain.
      return answer(claimed[0] ? 'unconfirmed' : null);
    });
  }

  /**
   * A well-known company's domain becomes confirmed for it (the list is a trusted source, as the seed
   * is): taken over from an unconfirmed claim for another name, never from a confirmed or rejected one.
   */
  private async confirmWellKnown(tx: Tx, domain: string, companyId: string, now: Date) {
    await tx
      .insert(companyDomains)
      .values({ domain, companyId, confirmedAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: companyDomains.domain,
        set: { companyId, confirmedAt: now },
        setWhere: sql`${companyDomains.confirmedAt} is null and ${companyDomains.rejectedAt} is null`,
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

  /** Company domains in a state, for operators: unconfirmed claims (oldest first), confirmed, rejected. */
  async domainClaims(state: DomainState): Promise<DomainClaim[]> {
    const where =
      state === 'rejected'
        ? sql`${companyDomains.rejectedAt} is not null`
        : state === 'confirmed'
          ? sql`${companyDomains.confirmedAt} is not null and ${companyDomains.rejectedAt} is null`
          : sql`${companyDomains.confirmedAt} is null and ${companyDomains.rejectedAt} is null`;
    const rows = await selectDomainClaims(this.db)
      .where(where)
      .orderBy(asc(companyDomains.createdAt), asc(companyDomains.domain))
      .limit(200);
    return rows.map(toDomainClaim);
  }

  /** One domain as operators see it, or null. */
  async domainClaim(tx: Tx, domain: string): Promise<DomainClaim | null> {
    const rows = await selectDomainClaims(tx).where(eq(companyDomains.domain, domain)).limit(1);
    return rows[0] ? toDomainClaim(rows[0]) : null;
  }

  /**
   * An operator confirms a domain for its company ("Verified at {company}" from then on) or rejects it
   * (it counts for no company, and cannot be claimed again). Answers the state before and after, or
   * null when there is no such domain; `audit` writes the log entry in the same transaction.
   */
  async decideDomain(
    domain: string,
    decision: 'confirm' | 'reject',
    operatorId: string,
    now: Date,
    audit: (tx: Tx, before: DomainClaim, after: DomainClaim) => Promise<void>,
  ): Promise<DomainClaim | null> {
    return this.db.transaction(async (tx) => {
      const before = await this.domainClaim(tx, domain);
      if (!before) return null;
      await tx
        .update(companyDomains)
        .set(
          decision === 'confirm'
            ? { confirmedAt: now, confirmedBy: operatorId, rejectedAt: null }
            : { rejectedAt: now, confirmedBy: operatorId, confirmedAt: null },
        )
        .where(eq(companyDomains.domain, domain));
      const after = await this.domainClaim(tx, domain);
      if (!after) throw new Error(`domain ${domain} vanished`);
      await audit(tx, before, after);
      return after;
    });
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
      .where(and(eq(companyDomains.domain, domain), isNull(companyDomains.rejectedAt)))
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

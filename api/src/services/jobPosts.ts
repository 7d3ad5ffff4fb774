import type {
  ExperienceBand,
  JobFilters,
  JobPost,
  JobPostDetails,
  JobStatus,
  VerifiedAtCompany,
  WorkEmailHistoryEntry,
} from '../contract';
import { JOB_FILTER_KEYS } from '../contract';
import { and, desc, eq, getTableColumns, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db';
import { sessionLookup, type ActiveSession } from './sessions';
import { profileLinkOf } from './users';
import { verifiedAtSql } from './companies';
import { responsivenessOf, toResponsiveness } from './responsiveness';
import {
  companies,
  jobPostWords,
  jobPosts,
  jobWordCounts,
  referralRequests,
  sessions,
  users,
  workEmailHistory,
  type JobPostRow,
} from '../db/schema';

export type { JobPostRow };

/** A search uses at most this many words (the rest of a pasted paragraph is ignored). */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a typed search as job_posts.search_words holds them (referio_words(), migration 0004):
 * lower-case runs of letters and digits, each once, at most MAX_SEARCH_WORDS.
 */
export function searchTokens(search: string): string[] {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** The job_post_words tokens of the filters that are set (see migration 0007, referio_job_tokens). */
export function filterTokens(filters: JobFilters): string[] {
  const prefix: Record<(typeof JOB_FILTER_KEYS)[number], string> = {
    jobType: '~type:',
    location: '~loc:',
    industry: '~ind:',
    experience: '~exp:',
    company: '~co:',
  };
  return JOB_FILTER_KEYS.filter((k) => filters[k]).map((k) => `${prefix[k]}${filters[k]}`);
}

/**
 * Every word of `search` is one of the job's words (company name, title, skills, address, location
 * type): `search_words @> array[…]`. Undefined for a blank search.
 */
export function jobSearchCondition(search: string): SQL | undefined {
  const words = searchTokens(search);
  if (words.length === 0) return undefined;
  return sql`${jobPosts.searchWords} @> array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * The outer job's id, qualified: Drizzle writes a column of a one-table query without its table, and
 * inside a subquery a bare "id" would be the subquery's own.
 */
const thisJobId = sql`${jobPosts}.${sql.identifier('id')}`;

/** The outer job's referrer, qualified for the same reason. */
const thisJobReferrer = sql`${jobPosts}.${sql.identifier('user_id')}`;

/**
 * A request that holds its job for its candidate: pending, approved or declined (an expired or withdrawn
 * one frees the job for a new request; the partial unique index referral_requests_job_sender_live_uq).
 */
const liveRequest = sql`${referralRequests.status} in ('pending', 'approved', 'declined')`;

/** `true` when the user `user` (an SQL value or column) holds a live referral request for the job row. */
const appliedByUser = (user: SQL | typeof users.id): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${referralRequests} where ${referralRequests.jobPostId} = ${thisJobId} and ${referralRequests.senderId} = ${user} and ${liveRequest})`;

/** `isApplied` for a known viewer (false for nobody). */
const appliedBy = (viewerId: string | null | undefined): SQL<boolean> =>
  viewerId ? appliedByUser(sql`${viewerId}::uuid`) : sql<boolean>`false`;

/**
 * For a session lookup (`SessionStore.finder`): which of the jobs in the placeholder `jobIds` the
 * session's user already asked a referral for, as a text[] column.
 */
export const appliedAmongJobIds = () =>
  sql<
    string[]
  >`coalesce((select array_agg(${referralRequests.jobPostId}::text) from ${referralRequests} where ${referralRequests.senderId} = ${users.id} and ${referralRequests.jobPostId} = any(${sql.placeholder('jobIds')}::uuid[]) and ${liveRequest}), '{}'::text[])`;

/** A job post's columns without search_words (only searched, never answered). */
const { searchWords: _searchWords, ...jobColumns } = getTableColumns(jobPosts);

/** The job's poster and company, qualified (Drizzle writes a one-table query's columns bare). */
const thisJobColumn = (name: 'user_id' | 'company_id') => sql`${jobPosts}.${sql.identifier(name)}`;

/**
 * The one column list of a job as the API answers it: the row, its company's logo, whether the
 * viewer applied and whether the poster is verified at the job's company (two index probes per row,
 * `verifiedAtSql`); `toJobPost` turns it into a `JobPost`.
 */
const jobColumnsWith = (isApplied: SQL<boolean>) => ({
  job: jobColumns,
  logo: companies.logo,
  isApplied,
  verifiedAtCompany: verifiedAtSql(thisJobColumn('user_id'), thisJobColumn('company_id')),
});

/** The columns of a job list row (`toJobPost` reads them), with `isApplied` for `viewerId`. */
export const jobListColumns = (viewerId: string | null | undefined) =>
  jobColumnsWith(appliedBy(viewerId));

/**
 * `jobListColumns` and the responsiveness of each job's referrer: one primary-key probe of
 * referrer_responsiveness per row of the page (services/responsiveness.ts).
 */
export const jobListColumnsWithResponsiveness = (viewerId: string | null | undefined) => ({
  ...jobListColumns(viewerId),
  responsiveness: responsivenessOf(thisJobReferrer),
});

export interface JobListRow {
  job: Omit<JobPostRow, 'searchWords'>;
  logo: string | null;
  isApplied: boolean;
  /** Absent where a list does not read it (answered as null). */
  verifiedAtCompany?: VerifiedAtCompany;
  /** The referrer's figures as `responsivenessOf` reads them, when the query asked for them. */
  responsiveness?: unknown;
}

/** A job post as the API answers it. */
export function toJobPost(row: JobListRow): JobPost {
  const j = row.job;
  return {
    _id: j.id,
    userId: j.userId,
    jobTitle: j.jobTitle,
    companyName: j.companyName,
    jobLocation: j.jobLocation,
    address: j.address,
    companyLogo: j.companyLogo ?? '',
    logo: row.logo,
    industry: j.industry,
    experience: j.experience,
    jobType: j.jobType,
    salaryRange: j.salaryRange,
    requiredSkills: j.requiredSkills,
    jobDescription: j.jobDescription,
    notes: j.notes,
    status: j.status,
    totalReferrals: j.totalReferrals,
    referralBonus: j.referralBonus,
    createdAt: j.createdAt.toISOString(),
    isApplied: Boolean(row.isApplied),
    verifiedAtCompany: row.verifiedAtCompany ?? null,
    ...('responsiveness' in row ? { responsiveness: toResponsiveness(row.responsiveness) } : {}),
  };
}

/**
 * GetById's one query: the session (`sessionLookup()`), the job post of the placeholder `id`, its
 * referrer and the referrer's work-e-mail history, `isApplied` for the session's user. One round trip
 * instead of four (session, job, referrer, history).
 */
export function jobDetailsWithSessionQuery(db: Db) {
  const referrer = alias(users, 'referrer');
  return db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      user: users,
      ...jobColumnsWith(appliedByUser(users.id)),
      responsiveness: responsivenessOf(thisJobReferrer),
      referrer: {
        id: referrer.id,
        email: referrer.email,
        fullName: referrer.fullName,
        position: referrer.position,
        profileImage: referrer.profileImage,
      },
      history: sql<
        WorkEmailHistoryEntry[]
      >`coalesce((select json_agg(json_build_object('_id', h.id, 'email', h.email, 'companyName', h.company_name, 'startDate', h.start_date) order by h.start_date, h.created_at) from ${workEmailHistory} h where h.user_id = ${jobPosts.userId}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(jobPosts, eq(jobPosts.id, sql.placeholder('id')))
    .leftJoin(referrer, eq(referrer.id, jobPosts.userId))
    .leftJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(sessionLookup())
    .limit(1);
}

/**
 * What a job list asks for. Every field that is set narrows the list (AND); the list is newest first
 * unless `rankFor` puts a candidate's best matches first.
 */
export interface JobListQuery {
  /** Words typed in a search box: each must appear in the title, company, skills, address or location type. */
  search?: string;
  filters?: JobFilters;
  status?: JobStatus;
  /** Posted by this user. */
  ownerId?: string;
  /** Not posted by this user. */
  notOwnerId?: string;
  /** Leaves out the jobs this user already asked a referral for. */
  notRequestedBy?: string;
  createdAfter?: Date;
  /** Requires at least one of these skills (given lower-case; compared lower-case). */
  anySkill?: string[];
  /** Most shared skills first (lower-case), then the experience band, then newest. */
  rankFor?: { skills: string[]; experience: ExperienceBand | null };
  /** The signed-in user, for `isApplied`. */
  viewerId: string | null;
  /** Each job's referrer's responsiveness (default true; the bench compares the list without). */
  responsiveness?: boolean;
  start?: number;
  limit: number;
}

export type JobListWhere = Omit<
  JobListQuery,
  'viewerId' | 'limit' | 'start' | 'rankFor' | 'responsiveness'
>;

/** How a public search reads the postings (`JobPostRepository.searchPlan`). */
export interface PostingsPlan {
  driver: string;
  probes: string[];
  filters: Omit<JobFilters, 'company'>;
  /** The total when the search is that one token (its count), else null: counted. */
  total: number | null;
}

export interface JobPage {
  data: JobPost[];
  /** Matches, counted up to the bound; the bound itself when `totalCapped`. */
  total: number;
  totalCapped: boolean;
}

/** How many of `skills` (lower-case) the job requires. */
const sharedSkills = (skills: string[]) =>
  sql<number>`(select count(*)::int from unnest(${jobPosts.requiredSkills}) as s(skill) where lower(s.skill) in (${sql.join(
    skills.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

/** The values of a new or edited job post, as the routes hand them over. */
export type JobPostValues = Omit<
  typeof jobPosts.$inferInsert,
  'id' | 'userId' | 'companyId' | 'searchWords' | 'status' | 'totalReferrals' | 'createdAt'
>;

/** What a create or update body (or a seed job) carries of a job post. */
export type JobPostInput = Omit<JobPostValues, 'industry' | 'experience' | 'companyLogo'> & {
  companyLogo?: string | null | undefined;
  industry?: JobPostValues['industry'] | undefined;
  experience?: JobPostValues['experience'] | undefined;
  referralBonus?: number | undefined;
};

/**
 * The job post's own columns out of a body: the one place that lists them (create, update and the
 * seed all go through it). `current` fills what an update may leave out (industry, experience).
 */
export function jobPostValues(
  body: JobPostInput,
  current?: Pick<JobPostRow, 'industry' | 'experience'>,
): JobPostValues {
  const industry = body.industry ?? current?.industry;
  const experience = body.experience ?? current?.experience;
  if (!industry || !experience) throw new Error('a job post needs its industry and experience');
  return {
    jobTitle: body.jobTitle,
    companyName: body.companyName,
    jobLocation: body.jobLocation,
    address: body.address,
    companyLogo: body.companyLogo ?? '',
    industry,
    experience,
    jobType: body.jobType,
    salaryRange: body.salaryRange,
    requiredSkills: body.requiredSkills,
    jobDescription: body.jobDescription,
    notes: body.notes,
    ...(body.referralBonus !== undefined ? { referralBonus: body.referralBonus } : {}),
  };
}

/**
 * Job posts' one repository (`app.jobPosts`, src/plugins/job-posts.ts): the job list query, the
 * column list and the writes are here once; the routes translate HTTP. Lists count their matches no
 * further than `totalBound` ("1,000+ jobs").
 */
export class JobPostRepository {
  constructor(
    private readonly db: Db,
    readonly totalBound: number,
    /** Lists carry each referrer's responsiveness unless a query says otherwise (JOB_LIST_RESPONSIVENESS). */
    private readonly responsiveness = true,
  ) {}

  /** Prepared statements for the by-id reads (building a query costs more than running it). */
  private prepared = () => {
    const byId = this.db
      .select({
        ...jobColumnsWith(appliedByUser(sql`${sql.placeholder('viewerId')}::uuid`)),
        responsiveness: responsivenessOf(thisJobReferrer),
      })
      .from(jobPosts)
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(eq(jobPosts.id, sql.placeholder('id')))
      .limit(1)
      .prepare('referio_job_by_id');
    const details = jobDetailsWithSessionQuery(this.db).prepare('referio_job_details_with_session');
    const built = { byId, details };
    this.prepared = () => built;
    return built;
  };

  /** The WHERE of a list: every field of `q` that is set, ANDed. */
  where(q: JobListWhere): SQL | undefined {
    const f = q.filters ?? {};
    return and(
      q.status ? eq(jobPosts.status, q.status) : undefined,
      q.ownerId ? eq(jobPosts.userId, q.ownerId) : undefined,
      q.notOwnerId ? ne(jobPosts.userId, q.notOwnerId) : undefined,
      f.company ? eq(jobPosts.companyId, f.company) : undefined,
      f.jobType ? eq(jobPosts.jobType, f.jobType) : undefined,
      f.location ? eq(jobPosts.jobLocation, f.location) : undefined,
      f.industry ? eq(jobPosts.industry, f.industry) : undefined,
      f.experience ? eq(jobPosts.experience, f.experience) : undefined,
      q.createdAfter ? gt(jobPosts.createdAt, q.createdAfter) : undefined,
      q.notRequestedBy
        ? sql`not exists (select 1 from ${referralRequests} where ${referralRequests.jobPostId} = ${thisJobId} and ${referralRequests.senderId} = ${q.notRequestedBy} and ${liveRequest})`
        : undefined,
      q.anySkill?.length ? sql`${sharedSkills(q.anySkill)} > 0` : undefined,
      jobSearchCondition(q.search ?? ''),
    );
  }

  /**
   * A public search (active jobs, searched and/or filtered, nothing else asked) as postings: its words
   * and filter tokens; null when the list is read from job_posts itself.
   */
  postingTokens(
    q: JobListWhere & { rankFor?: unknown },
  ): { words: string[]; filters: string[] } | null {
    const publicSearch =
      q.status === 'active' &&
      !q.ownerId &&
      !q.notOwnerId &&
      !q.notRequestedBy &&
      !q.createdAfter &&
      !q.anySkill?.length &&
      !q.rankFor;
    if (!publicSearch) return null;
    const words = searchTokens(q.search ?? '');
    const filters = filterTokens(q.filters ?? {});
    return words.length || filters.length ? { words, filters } : null;
  }

  /** How many active jobs have each token (job_word_counts; a token no job has is absent). */
  async tokenCounts(tokens: string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ word: jobWordCounts.word, jobs: jobWordCounts.jobs })
      .from(jobWordCounts)
      .where(inArray(jobWordCounts.word, tokens));
    return new Map(rows.map((r) => [r.word, Number(r.jobs)]));
  }

  /**
   * How a public search reads the postings, from the tokens' counts: `driver`, the token whose postings
   * are read newest first (the company when filtered by one, else the rarest word, else the rarest
   * filter); `probes`, the other words, each checked by a probe of the primary key; the other filters
   * are checked on the postings' own columns. Null when a token no active job has: nothing matches.
   */
  searchPlan(
    q: JobListWhere,
    tokens: { words: string[]; filters: string[] },
    counts: Map<string, number>,
  ): PostingsPlan | null {
    const all = [...tokens.words, ...tokens.filters];
    if (all.some((t) => !counts.get(t))) return null;
    const rarest = (xs: string[]) => [...xs].sort((a, b) => counts.get(a)! - counts.get(b)!);
    const company = q.filters?.company
      ? tokens.filters.find((t) => t.startsWith('~co:'))
      : undefined;
    const driver = company ?? rarest(tokens.words)[0] ?? rarest(tokens.filters)[0]!;
    const probes = rarest(tokens.words.filter((w) => w !== driver));
    const f = { ...(q.filters ?? {}) };
    delete f.company;
    // A filter that is the driver needs no column check (it would hold anyway).
    return { driver, probes, filters: f, total: all.length === 1 ? counts.get(driver)! : null };
  }

  /**
   * The ids (newest first) of the active jobs of `plan`: the driver's postings in the order of the
   * primary key, with the filters checked on their columns (same index, no table read) and each probe
   * word looked up by the same key for the same job.
   */
  private postings(plan: PostingsPlan) {
    const w0 = alias(jobPostWords, 'w0');
    // Qualified by hand: inside the EXISTS a bare column would be the subquery's own.
    const outer = (column: string) => sql`${sql.identifier('w0')}.${sql.identifier(column)}`;
    const f = plan.filters;
    return this.db
      .select({ jobId: w0.jobId, createdAt: w0.createdAt })
      .from(w0)
      .where(
        and(
          eq(w0.word, plan.driver),
          f.jobType ? eq(w0.jobType, f.jobType) : undefined,
          f.location ? eq(w0.jobLocation, f.location) : undefined,
          f.industry ? eq(w0.industry, f.industry) : undefined,
          f.experience ? eq(w0.experience, f.experience) : undefined,
          ...plan.probes.map(
            (t) =>
              // OFFSET 0 keeps it a probe per row (PostgreSQL does not turn it into a join, whose size
              // it would guess as one row and then read both lists whole).
              sql`exists (select 1 from ${jobPostWords} w where w.word = ${t} and w.created_at = ${outer('created_at')} and w.job_id = ${outer('job_id')} offset 0)`,
          ),
        ),
      )
      .orderBy(desc(w0.createdAt), desc(w0.jobId))
      .$dynamic();
  }

  /**
   * The list query of `q` (unexecuted: the API bench EXPLAINs it): a public search's postings `plan`
   * (see `page`), else job_posts itself.
   */
  listQuery(q: JobListQuery, plan: PostingsPlan | null = null) {
    const withResponsiveness = q.responsiveness ?? this.responsiveness;
    const columns = withResponsiveness
      ? jobListColumnsWithResponsiveness(q.viewerId)
      : jobListColumns(q.viewerId);
    if (plan) {
      const m = this.postings(plan)
        .limit(q.limit)
        .offset(q.start ?? 0)
        .as('m');
      return this.db
        .select(columns)
        .from(m)
        .innerJoin(jobPosts, eq(jobPosts.id, m.jobId))
        .leftJoin(companies, eq(companies.id, jobPosts.companyId))
        .orderBy(desc(m.createdAt), desc(m.jobId))
        .$dynamic();
    }
    const order: SQL[] = [];
    if (q.rankFor?.skills.length) order.push(desc(sharedSkills(q.rankFor.skills)));
    if (q.rankFor?.experience) {
      order.push(
        desc(
          sql<number>`(case when ${jobPosts.experience} = ${q.rankFor.experience} then 1 else 0 end)`,
        ),
      );
    }
    if (!withResponsiveness) {
      return this.db
        .select(columns)
        .from(jobPosts)
        .leftJoin(companies, eq(companies.id, jobPosts.companyId))
        .where(this.where(q))
        .orderBy(...order, desc(jobPosts.createdAt), desc(jobPosts.id))
        .limit(q.limit)
        .offset(q.start ?? 0)
        .$dynamic();
    }
    // The page's ids first, then its rows with their referrers' figures: a subquery in the select list
    // would also run for every row OFFSET skips (page 100 would read 900 referrers' histories).
    const page = this.db
      .select({ id: jobPosts.id })
      .from(jobPosts)
      .where(this.where(q))
      .orderBy(...order, desc(jobPosts.createdAt), desc(jobPosts.id))
      .limit(q.limit)
      .offset(q.start ?? 0)
      .as('page');
    return this.db
      .select(columns)
      .from(page)
      .innerJoin(jobPosts, eq(jobPosts.id, page.id))
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .orderBy(...order, desc(jobPosts.createdAt), desc(jobPosts.id))
      .$dynamic();
  }

  /** The count query of `q`: matches, no more than the bound plus one (unexecuted: the bench EXPLAINs it). */
  countQuery(q: JobListWhere, plan: PostingsPlan | null = null) {
    const matches = plan
      ? this.postings(plan)
          .limit(this.totalBound + 1)
          .as('matches')
      : this.db
          .select({ one: sql<number>`1`.as('one') })
          .from(jobPosts)
          .where(this.where(q))
          .limit(this.totalBound + 1)
          .as('matches');
    return this.db.select({ n: sql<number>`count(*)::int` }).from(matches);
  }

  private bounded(n: number): { total: number; totalCapped: boolean } {
    return n > this.totalBound
      ? { total: this.totalBound, totalCapped: true }
      : { total: n, totalCapped: false };
  }

  /** The jobs of `q`, in its order. */
  async list(q: JobListQuery): Promise<JobPost[]> {
    return (await this.page(q, { count: false })).data;
  }

  /**
   * A page of `q` with its total, counted no further than the bound: exact while small, and beyond it a
   * common word costs reading `totalBound` postings instead of every match. A public search first reads
   * its tokens' counts (a one-token search's total is that count; a token no job has answers at once),
   * then its page and total from the postings (`searchPlan`).
   */
  async page(q: JobListQuery, opts: { count?: boolean } = {}): Promise<JobPage> {
    const count = opts.count ?? true;
    const tokens = this.postingTokens(q);
    let plan: PostingsPlan | null = null;
    if (tokens) {
      plan = this.searchPlan(
        q,
        tokens,
        await this.tokenCounts([...tokens.words, ...tokens.filters]),
      );
      if (!plan) return { data: [], total: 0, totalCapped: false };
    }
    const known = plan?.total ?? null;
    const [rows, n] = await Promise.all([
      this.listQuery(q, plan),
      count && known === null ? this.countQuery(q, plan) : Promise.resolve([{ n: known ?? 0 }]),
    ]);
    return { data: rows.map(toJobPost), ...this.bounded(Number(n[0]?.n ?? 0)) };
  }

  /** One job post with its company logo and `isApplied` for `viewerId`, or null. */
  async find(id: string, viewerId: string | null): Promise<JobPost | null> {
    const rows = await this.prepared().byId.execute({ id, viewerId });
    return rows[0] ? toJobPost(rows[0]) : null;
  }

  /** The stored row (for ownership and status checks), or null. */
  findRow(id: string): Promise<JobPostRow | null> {
    return findJobRow(this.db, id);
  }

  /**
   * GetById in one query: the session of `lookup` (`SessionStore.lookupParams`) and the job post `id`
   * with its referrer and their work-e-mail history, `isApplied` for the session's user. Null when the
   * session is not valid; `details` null when there is no such job.
   */
  async detailsWithSession(
    lookup: { hash: string; now: Date } | null,
    id: string,
  ): Promise<{ session: ActiveSession; details: JobPostDetails | null } | null> {
    if (!lookup) return null;
    const row = (await this.prepared().details.execute({ ...lookup, id }))[0];
    if (!row) return null;
    const session = { id: row.id, expiresAt: row.expiresAt, user: row.user };
    const { job, referrer } = row;
    if (!job || !referrer) return { session, details: null };
    return {
      session,
      details: {
        ...toJobPost({
          job,
          logo: row.logo,
          isApplied: row.isApplied,
          verifiedAtCompany: row.verifiedAtCompany,
          responsiveness: row.responsiveness,
        }),
        userId: {
          _id: referrer.id,
          email: referrer.email,
          fullName: referrer.fullName,
          position: referrer.position,
          profileLink: profileLinkOf(referrer),
          workEmailHistory: row.history,
        },
      },
    };
  }

  /**
   * Saves a new active post by `userId` for the company `companyId` (`app.companies.idFor`);
   * `inTransaction` runs in the same transaction with its id (the notifications it causes are written
   * together with it, or not at all). Its id.
   */
  async create(
    userId: string,
    companyId: string,
    values: JobPostValues,
    now: Date,
    inTransaction?: (tx: Tx, id: string) => Promise<void>,
  ): Promise<string> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(jobPosts)
        .values({ ...values, userId, companyId, status: 'active', createdAt: now })
        .returning({ id: jobPosts.id });
      const id = rows[0]!.id;
      if (inTransaction) await inTransaction(tx, id);
      return id;
    });
  }

  /** Saves an edited post, linked to the company `companyId`. */
  async update(id: string, companyId: string, values: JobPostValues): Promise<void> {
    await this.db
      .update(jobPosts)
      .set({ ...values, companyId })
      .where(eq(jobPosts.id, id));
  }

  async setStatus(id: string, status: JobStatus): Promise<void> {
    await this.db.update(jobPosts).set({ status }).where(eq(jobPosts.id, id));
  }
}

/** The stored job row (ownership and status checks), or null; `app.jobPosts.findRow` is the same. */
export async function findJobRow(db: Db, id: string): Promise<JobPostRow | null> {
  const rows = await db.select().from(jobPosts).where(eq(jobPosts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The experience band a number of years falls in: [lo, hi) with everything below 3 in '1-3'. */
export function experienceBandOf(
  years: number | null | undefined,
): JobPostRow['experience'] | null {
  if (years === null || years === undefined || !Number.isFinite(years)) return null;
  if (years < 3) return '1-3';
  if (years < 6) return '3-6';
  if (years < 9) return '6-9';
  return '9-12';
}

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
import {
  and,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  ne,
  sql,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db';
import { sessionLookup, type ActiveSession } from './sessions';
import { profileLinkOf } from './users';
import { verifiedAtSql } from './companies';
import { responsivenessOf, toResponsiveness } from './responsiveness';
import {
  companies,
  jobPostWords,
  jobPosts,
  jobTypeEnum,
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

/** The '~type:' token of every job type: their counts add up to the number of active jobs. */
const JOB_TYPE_TOKENS = jobTypeEnum.enumValues.map((t) => `~type:${t}`);

/**
 * A job's search tokens as the GIN index job_posts_search_tokens_idx holds them (migration 0020): the
 * same tokens as its job_post_words rows.
 */
const jobSearchTokens = sql`referio_search_tokens(${jobPosts.searchWords}, ${jobPosts.jobType}, ${jobPosts.jobLocation}, ${jobPosts.industry}, ${jobPosts.experience}, ${jobPosts.companyId})`;

/**
 * How many postings a capped walk reads (the driver's and, in the same time window, the other words'):
 * about 3 ms on the bench database; a search expected to match more than the bound may read up to
 * four times as many (`searchPlan`). A search the walk has not settled by then (fewer matches than the
 * bound plus one in the window, and more postings left) is intersected in the GIN index.
 */
const WALK_POSTINGS = 20_000;

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
  /**
   * 'walk': the driver's postings newest first, joined to the other words' (page and bounded total);
   * 'intersect': every token at once in the GIN index, at most the bound plus one matches, sorted.
   */
  strategy: 'walk' | 'intersect';
  /**
   * A walk reads no more than this many of the driver's postings (null: all of them): a search of
   * several tokens with a word or a company is first walked so far, then intersected if still open.
   */
  cap: number | null;
  driver: string;
  probes: string[];
  filters: Omit<JobFilters, 'company'>;
  /** Every token of the search (words and filters), for 'intersect'. */
  tokens: string[];
  /** The active jobs expected to match were the tokens independent (from their counts). */
  estimate: number;
  /** The total when the search is that one token (its count), else null: counted. */
  total: number | null;
}

/**
 * Told of each query a public search runs, with a label ('walk' or 'capped walk': a page and its
 * total; 'intersection'; 'walk page': a page alone), before it runs (the API bench EXPLAINs them).
 */
export type QueryObserver = (
  label: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
) => void;

/** Runs `query` after telling `onQuery` of it. */
function observed<T>(
  onQuery: QueryObserver | undefined,
  label: string,
  query: PromiseLike<T> & { toSQL(): { sql: string; params: unknown[] } },
): PromiseLike<T> {
  onQuery?.(label, query);
  return query;
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
    /** The public search's queries run here (`Database.searchDb`: merge joins of postings). */
    private readonly searchDb: Db = db,
    /** WALK_POSTINGS unless set (SEARCH_WALK_POSTINGS). */
    private readonly walkPostings = WALK_POSTINGS,
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

  /**
   * How many active jobs have each token (job_word_counts; a token no job has is absent), and each job
   * type's (they add up to the active jobs, for `searchPlan`'s estimate).
   */
  async tokenCounts(tokens: string[]): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ word: jobWordCounts.word, jobs: jobWordCounts.jobs })
      .from(jobWordCounts)
      .where(inArray(jobWordCounts.word, [...new Set([...tokens, ...JOB_TYPE_TOKENS])]));
    return new Map(rows.map((r) => [r.word, Number(r.jobs)]));
  }

  /**
   * How a public search reads the postings, from the tokens' counts: `driver`, the token whose postings
   * are read newest first (the company when filtered by one, else the rarest word, else the rarest
   * filter); `probes`, the other words, each checked by a probe of the primary key; the other filters
   * are checked on the postings' own columns. Null when a token no active job has: nothing matches.
   * A search of several tokens with a word or a company walks no more than `cap` of the driver's
   * postings (about WALK_POSTINGS postings read in all), and `page` intersects it in the GIN index
   * when that did not settle it.
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
    const active = JOB_TYPE_TOKENS.reduce((n, t) => n + (counts.get(t) ?? 0), 0);
    const estimate = all.reduce((e, t) => (e * counts.get(t)!) / Math.max(active, 1), active);
    const total = all.length === 1 ? counts.get(driver)! : null;
    // The postings a walk reads per posting of the driver (the other words' in the same time window),
    // and how many it would read to find the bound plus one matches were the tokens independent.
    const perDriverPosting =
      1 + probes.reduce((n, t) => n + counts.get(t)! / counts.get(driver)!, 0);
    const enough = this.totalBound + 1;
    const toSettle =
      (Math.min(1, enough / Math.max(estimate, 1)) * counts.get(driver)! * perDriverPosting) | 0;
    // A search expected to match more than the bound gets room to find them (four times the expected
    // reads, up to four budgets); one expected to match fewer, one budget before the intersection.
    const budget =
      estimate >= enough
        ? Math.min(Math.max(4 * toSettle, this.walkPostings), 4 * this.walkPostings)
        : this.walkPostings;
    const cap = Math.ceil(budget / perDriverPosting);
    const capped =
      total === null &&
      (company !== undefined || tokens.words.length > 0) &&
      cap < counts.get(driver)!;
    return {
      strategy: 'walk',
      cap: capped ? cap : null,
      driver,
      probes,
      filters: f,
      tokens: all,
      estimate,
      total,
    };
  }

  /**
   * At most the bound plus one active jobs that have every token of `plan` (ids and dates, in no
   * order): one bitmap of the GIN index job_posts_search_tokens_idx.
   */
  private intersection(plan: PostingsPlan) {
    return this.searchDb
      .select({ id: jobPosts.id, createdAt: jobPosts.createdAt })
      .from(jobPosts)
      .where(
        and(
          eq(jobPosts.status, 'active'),
          sql`${jobSearchTokens} @> array[${sql.join(
            plan.tokens.map((t) => sql`${t}`),
            sql`, `,
          )}]::text[]`,
        ),
      )
      .limit(this.totalBound + 1);
  }

  /**
   * The ids (newest first) of the active jobs of `plan`: the driver's postings in the order of the
   * primary key, with the filters checked on their columns (same index, no table read) and each probe
   * word looked up by the same key for the same job.
   */
  private postings(plan: PostingsPlan) {
    const f = plan.filters;
    // The driver's postings newest first, no more than `cap` of them (the filters checked after the cap,
    // so it bounds the postings read).
    const w0 =
      plan.cap === null
        ? alias(jobPostWords, 'w0')
        : this.searchDb
            .select({
              createdAt: jobPostWords.createdAt,
              jobId: jobPostWords.jobId,
              jobType: jobPostWords.jobType,
              jobLocation: jobPostWords.jobLocation,
              industry: jobPostWords.industry,
              experience: jobPostWords.experience,
            })
            .from(jobPostWords)
            .where(eq(jobPostWords.word, plan.driver))
            .orderBy(desc(jobPostWords.createdAt), desc(jobPostWords.jobId))
            .limit(plan.cap)
            .as('w0');
    // Each other word's postings joined on the same (created_at, job_id): on `searchDb`, whose planner
    // has no hash joins, a merge of both lists read newest first from the primary key (or, when the
    // other list is far longer, a probe of it per row).
    let query = this.searchDb.select({ id: w0.jobId, createdAt: w0.createdAt }).from(w0).$dynamic();
    plan.probes.forEach((t, i) => {
      const w = alias(jobPostWords, `w${i + 1}`);
      query = query.innerJoin(
        w,
        and(eq(w.word, t), eq(w.createdAt, w0.createdAt), eq(w.jobId, w0.jobId)),
      );
    });
    return query
      .where(
        and(
          'word' in w0 ? eq(w0.word, plan.driver) : undefined,
          f.jobType ? eq(w0.jobType, f.jobType) : undefined,
          f.location ? eq(w0.jobLocation, f.location) : undefined,
          f.industry ? eq(w0.industry, f.industry) : undefined,
          f.experience ? eq(w0.experience, f.experience) : undefined,
        ),
      )
      .orderBy(desc(w0.createdAt), desc(w0.jobId));
  }

  /**
   * The page of a capped walk (`plan.cap`; unexecuted: the API bench EXPLAINs it): the first matches of
   * `postings`, no more than the bound plus one, each page row with `matches`, how many of them.
   */
  walkQuery(q: JobListQuery, plan: PostingsPlan) {
    const m = this.postings(plan)
      .limit(this.totalBound + 1)
      .as('m');
    return this.pageOf(q, m);
  }

  /** The columns of a list row for `q` (with or without the referrers' responsiveness). */
  private listColumns(q: JobListQuery) {
    return (q.responsiveness ?? this.responsiveness)
      ? jobListColumnsWithResponsiveness(q.viewerId)
      : jobListColumns(q.viewerId);
  }

  /**
   * The page of an 'intersect' `plan` (unexecuted: the API bench EXPLAINs it): the matches of
   * `intersection`, newest first, each row with `matches`, how many there are (up to the bound plus
   * one). Only the page's rows are joined to their columns.
   */
  intersectQuery(q: JobListQuery, plan: PostingsPlan) {
    return this.pageOf(q, this.intersection(plan).as('m'));
  }

  /** The page `q` asks of the matches `m` (newest first), with their number as `matches`. */
  private pageOf(q: JobListQuery, m: Subquery & { id: PgColumn; createdAt: PgColumn }) {
    const g = this.searchDb
      .select({
        id: m.id,
        createdAt: m.createdAt,
        matches: sql<number>`(count(*) over ())::int`.as('matches'),
      })
      .from(m)
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(q.limit)
      .offset(q.start ?? 0)
      .as('g');
    return this.searchDb
      .select({ ...this.listColumns(q), matches: g.matches })
      .from(g)
      .innerJoin(jobPosts, eq(jobPosts.id, g.id))
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .orderBy(desc(g.createdAt), desc(g.id));
  }

  /**
   * The list query of `q` (unexecuted: the API bench EXPLAINs it): a public search's postings `plan`
   * read newest first (see `page`), else job_posts itself.
   */
  listQuery(q: JobListQuery, plan: PostingsPlan | null = null) {
    const withResponsiveness = q.responsiveness ?? this.responsiveness;
    const columns = this.listColumns(q);
    if (plan) {
      const m = this.postings(plan)
        .limit(q.limit)
        .offset(q.start ?? 0)
        .as('m');
      return this.searchDb
        .select(columns)
        .from(m)
        .innerJoin(jobPosts, eq(jobPosts.id, m.id))
        .leftJoin(companies, eq(companies.id, jobPosts.companyId))
        .orderBy(desc(m.createdAt), desc(m.id))
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
      ? (plan.strategy === 'intersect'
          ? this.intersection(plan)
          : this.postings(plan).limit(this.totalBound + 1)
        ).as('matches')
      : this.db
          .select({ one: sql<number>`1`.as('one') })
          .from(jobPosts)
          .where(this.where(q))
          .limit(this.totalBound + 1)
          .as('matches');
    return (plan ? this.searchDb : this.db).select({ n: sql<number>`count(*)::int` }).from(matches);
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
  async page(
    q: JobListQuery,
    opts: { count?: boolean; onQuery?: QueryObserver } = {},
  ): Promise<JobPage> {
    const count = opts.count ?? true;
    const onQuery = opts.onQuery;
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
    if (plan && plan.total === null) {
      // Page and total in one walk: its first matches, up to the bound plus one.
      const walked = await this.matchesPage(q, { ...plan, strategy: 'walk' }, count, onQuery);
      const settled = walked.n > this.totalBound || plan.cap === null;
      const whole = walked.n <= this.totalBound || (q.start ?? 0) + q.limit <= this.totalBound + 1;
      if (settled && whole) return { data: walked.found.map(toJobPost), ...this.bounded(walked.n) };
      if (settled) {
        // A page past the bound: walked on from the start.
        const rows = await observed(onQuery, 'walk page', this.listQuery(q, plan));
        return { data: rows.map(toJobPost), ...this.bounded(walked.n) };
      }
      // Fewer than the bound plus one within the cap, and more postings left: the words rarely meet.
      plan = { ...plan, strategy: 'intersect', cap: null };
      const crossed = await this.matchesPage(q, plan, count, onQuery);
      if (crossed.n <= this.totalBound) {
        return { data: crossed.found.map(toJobPost), ...this.bounded(crossed.n) };
      }
      // More than the bound: those were the first the index found, not the newest; the walk fills the
      // page (the matches are dense enough).
      const rows = await observed(
        onQuery,
        'walk page',
        this.listQuery(q, { ...plan, strategy: 'walk' }),
      );
      return { data: rows.map(toJobPost), ...this.bounded(crossed.n) };
    }
    const known = plan?.total ?? null;
    const [rows, n] = await Promise.all([
      plan ? observed(onQuery, 'walk page', this.listQuery(q, plan)) : this.listQuery(q, plan),
      count && known === null ? this.countQuery(q, plan) : Promise.resolve([{ n: known ?? 0 }]),
    ]);
    return { data: rows.map(toJobPost), ...this.bounded(Number(n[0]?.n ?? 0)) };
  }

  /**
   * The page of `q` among the matches of `plan` (a capped walk's or an intersection's) and how many
   * matched (up to the bound plus one); a page past the last match counts them alone.
   */
  private async matchesPage(
    q: JobListQuery,
    plan: PostingsPlan,
    count: boolean,
    onQuery: QueryObserver | undefined,
  ) {
    const label =
      plan.strategy === 'intersect' ? 'intersection' : plan.cap === null ? 'walk' : 'capped walk';
    const found = await observed(
      onQuery,
      label,
      plan.strategy === 'walk' ? this.walkQuery(q, plan) : this.intersectQuery(q, plan),
    );
    let n = found[0]?.matches ?? 0;
    if (!found.length && (q.start ?? 0) > 0 && count) {
      const counted = await observed(onQuery, `${label} total`, this.countQuery(q, plan));
      n = Number(counted[0]?.n ?? 0);
    }
    return { found, n };
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

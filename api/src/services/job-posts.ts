import type {
  ExperienceBand,
  JobFilters,
  JobPost,
  JobPostDetails,
  JobStatus,
  JobSuggestion,
  VerifiedAtCompany,
  WorkEmailHistoryEntry,
} from '../contract';
import { JOB_FILTER_KEYS } from '../contract';
import {
  and,
  desc,
  eq,
  fillPlaceholders,
  getTableColumns,
  gt,
  inArray,
  ne,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { driverRows, type Db, type Tx } from '../db';
import { sessionLookup, type ActiveSession } from './sessions';
import { profileLinkOf } from './users';
import { verifiedAtSql, verifiedDomainSql } from './companies';
import { responsivenessArrayOf, responsivenessOf, toResponsiveness } from './responsiveness';
import { similarPlaces } from './similar-jobs';
import {
  blocks,
  companies,
  jobPosts,
  referralRequests,
  sessions,
  users,
  workEmailHistory,
  type JobPostRow,
} from '../db/schema';

export type { JobPostRow };

/** A row of referio_search_suggest(). */
interface SuggestionRow {
  kind: JobSuggestion['kind'];
  label: string;
  companyId: string | null;
  jobs: number;
}

const toSuggestion = (r: SuggestionRow): JobSuggestion => ({
  kind: r.kind,
  label: r.label,
  ...(r.companyId ? { companyId: r.companyId } : {}),
  jobs: Number(r.jobs),
});

/** Whether a typed search has anything to search by (a letter or a digit); blank ones list everything. */
export const hasSearchWords = (search: string | undefined): search is string =>
  search !== undefined && /[\p{L}\p{N}]/u.test(search);

/**
 * The filter tokens of a list request as the postings hold them (`referio_filter_tokens()`,
 * api/sql/functions/search_words.sql: the one definition), for the search statement's placeholders.
 */
const filterValues = (filters: JobFilters = {}) => ({
  jobType: filters.jobType ?? null,
  location: filters.location ?? null,
  industry: filters.industry ?? null,
  experience: filters.experience ?? null,
  company: filters.company ?? null,
});

/**
 * Whether a job matches `search` read as people type it (`referio_search_parse()`,
 * api/sql/functions/search_query.sql: every word, each folded and stemmed by `referio_words()`, the last
 * one a prefix too, "phrases", -exclusions, `or`), row by row (`referio_search_holds()`): the plain
 * reading the postings' page answers too. Undefined for a search without a word.
 */
export function jobSearchCondition(search: string): SQL | undefined {
  if (!hasSearchWords(search)) return undefined;
  return sql`referio_search_holds(${jobPosts.searchWords}, referio_job_fields(${jobPosts}), (select referio_search_parse(${search}::text)))`;
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
 * For a session lookup (`SessionStore.finder`): which of the jobs `jobIds` (a uuid[]; by default the
 * placeholder `jobIds`) the session's user already asked a referral for, as a text[] column.
 */
export const appliedAmongJobIds = (jobIds: SQL = sql`${sql.placeholder('jobIds')}::uuid[]`) =>
  sql<
    string[]
  >`coalesce((select array_agg(${referralRequests.jobPostId}::text) from ${referralRequests} where ${referralRequests.senderId} = ${users.id} and ${referralRequests.jobPostId} = any(${jobIds}) and ${liveRequest}), '{}'::text[])`;

/** A job post's columns without search_words (only searched, never answered). */
const { searchWords: _searchWords, ...jobColumns } = getTableColumns(jobPosts);
export { jobColumns as jobPostColumns };

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
  verifiedDomain: verifiedDomainSql(thisJobColumn('user_id')),
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

/**
 * A public search's page for nobody in particular (`isApplied` false throughout), as the route caches
 * it (`JobPostRepository.publicSearch`): each post as the JSON text the list answers (`jobListJson`),
 * sent as it comes from the database, and the posts' ids and posters.
 */
export interface PublicSearch {
  json: string[];
  ids: string[];
  userIds: string[];
  /** Matches, counted up to the bound; the bound itself when `totalCapped`. */
  total: number;
  totalCapped: boolean;
}

/** A public search's posts as objects (for a caller that changes them: `isApplied`, a blocked poster). */
export const publicSearchData = (page: Pick<PublicSearch, 'json'>): JobPost[] =>
  page.json.map((j) => JSON.parse(j) as JobPost);

export interface JobListRow {
  job: Omit<JobPostRow, 'searchWords'>;
  logo: string | null;
  isApplied: boolean;
  /** Absent where a list does not read it (answered as null). */
  verifiedAtCompany?: VerifiedAtCompany;
  /** The poster's current verified work domain; absent where a list does not read it (null). */
  verifiedDomain?: string | null;
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
    companyId: j.companyId,
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
    verifiedDomain: row.verifiedDomain ?? null,
    ...('responsiveness' in row ? { responsiveness: toResponsiveness(row.responsiveness) } : {}),
  };
}

/**
 * `toJobPost` written by PostgreSQL, as JSON text (`isApplied` false, with the referrer's responsiveness):
 * the public search's page is sent as the database writes it, without a row mapped, parsed or serialised
 * in the API (its garbage was the search's latency tail). The same keys in the same order as `toJobPost`
 * and the contract (test/job-search.test.ts compares the two); `row_to_json` writes compact JSON with
 * strings escaped as JSON.stringify does, `createdAt` to the millisecond as `toISOString()`, and the
 * median answer time rounded as `toResponsiveness` rounds it.
 */
const jobListJson = (() => {
  const j = (name: string) => sql`${jobPosts}.${sql.identifier(name)}`;
  const figures = sql`(select row_to_json(x) from (select coalesce(a[1], 0)::bigint as "received", coalesce(a[2], 0)::bigint as "answered", floor(a[3] + 0.5)::bigint as "medianAnswerSeconds" from (select ${responsivenessArrayOf(thisJobReferrer)} as a) f) x)`;
  const fields: [string, SQL][] = [
    ['_id', j('id')],
    ['userId', j('user_id')],
    ['jobTitle', j('job_title')],
    ['companyName', j('company_name')],
    ['companyId', j('company_id')],
    ['jobLocation', j('job_location')],
    ['address', j('address')],
    ['companyLogo', sql`coalesce(${j('company_logo')}, '')`],
    ['logo', sql`${companies.logo}`],
    ['industry', j('industry')],
    ['experience', j('experience')],
    ['jobType', j('job_type')],
    ['salaryRange', j('salary_range')],
    ['requiredSkills', j('required_skills')],
    ['jobDescription', j('job_description')],
    ['notes', j('notes')],
    ['status', j('status')],
    ['totalReferrals', j('total_referrals')],
    ['referralBonus', j('referral_bonus')],
    [
      'createdAt',
      sql`to_char(${j('created_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    ],
    ['isApplied', sql`false`],
    ['verifiedAtCompany', verifiedAtSql(j('user_id'), j('company_id'))],
    ['verifiedDomain', verifiedDomainSql(j('user_id'))],
    ['responsiveness', figures],
  ];
  const columns = sql.join(
    fields.map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql<string | null>`(select row_to_json(r)::text from (select ${columns}) r)`;
})();

/**
 * Whether the user `viewer` has earned the referrer's contact details on a job page: they posted it,
 * or the referrer approved a request of theirs (docs/trust-and-safety.md).
 */
const contactEarned = (viewer: AnyPgColumn) =>
  sql<boolean>`(${viewer} = ${jobPosts.userId} or exists (select 1 from ${referralRequests} r where r.sender_id = ${viewer} and r.recipient_id = ${jobPosts.userId} and r.status = 'approved'))`;

/**
 * GetById's one query: the session (`sessionLookup()`), the job post of the placeholder `id`, its
 * referrer and the referrer's work-e-mail history, `isApplied` for the session's user and whether
 * they earned the referrer's contact. One round trip instead of four (session, job, referrer, history).
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
      contactEarned: contactEarned(users.id),
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
  /** Leaves out the jobs of the users this user blocked (docs/trust-and-safety.md). */
  notBlockedBy?: string;
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

/**
 * Told of the query a public search runs, with a label ('search': referio_search_page() and the page's
 * posts), before it runs (the API bench EXPLAINs it).
 */
export type QueryObserver = (
  label: string,
  query: { toSQL(): { sql: string; params: unknown[] } },
) => void;

/** Tells `onQuery` of a prepared statement about to run with `values`. */
function observe(
  onQuery: QueryObserver | undefined,
  label: string,
  statement: { getQuery(): { sql: string; params: unknown[] } },
  values: Record<string, unknown>,
): void {
  onQuery?.(label, {
    toSQL: () => {
      const query = statement.getQuery();
      return { sql: query.sql, params: fillPlaceholders(query.params, values) };
    },
  });
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
    /** The public search's queries run here (`Database.searchDb`). */
    private readonly searchDb: Db = db,
  ) {}

  /**
   * Whether the postings are those of job_posts (`referio_search_fresh()`, checked by `checkPostings`
   * at start): when not, every search reads job_posts itself (slower, never wrong).
   */
  private postingsFresh = true;

  /**
   * Checks that the search's postings match job_posts (a bulk load with the triggers off leaves them
   * stale). False: searches are answered from job_posts until `SELECT referio_search_rebuild()`.
   */
  async checkPostings(): Promise<boolean> {
    const rows = await this.db.execute(sql`select referio_search_fresh() as fresh`);
    const fresh = (rows as unknown as { rows: { fresh: boolean }[] }).rows[0]?.fresh === true;
    this.postingsFresh = fresh;
    return fresh;
  }

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
    // A public search (`publicSearch`): referio_search_query_page() of the search read as a query
    // (`referio_search_parse()`: words by `referio_words()`, the one tokeniser) and the filter tokens,
    // then the page's posts read by their places, newest first, each as its list JSON (`jobListJson`).
    // A page without posts is one row of nulls (the total). Run by the driver itself (`driverRows`).
    const ph = (name: string) => sql.placeholder(name);
    const searchFrom = sql`referio_search_query_page(referio_search_parse(${ph('search')}::text), referio_filter_tokens(${ph('jobType')}::text, ${ph('location')}::text, ${ph('industry')}::text, ${ph('experience')}::text, ${ph('company')}::uuid), ${ph('start')}::int, ${ph('limit')}::int, ${ph('bound')}::int) as s`;
    // The page's posts by their places (one probe of job_posts_search_pos_uq each), newest (highest) first.
    const onPlace = sql`${jobPosts.searchPos} = any(s.positions) and referio_job_listed(${jobPosts})`;
    const pageColumns = {
      total: sql<number>`s.total`,
      id: jobPosts.id,
      userId: jobPosts.userId,
      json: jobListJson,
    };
    const searchJson = this.searchDb
      .select(pageColumns)
      .from(searchFrom)
      .leftJoin(jobPosts, onPlace)
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .orderBy(desc(jobPosts.searchPos))
      .toSQL();
    // The same with the caller's session (`sessionLookup()`) and which of the page's jobs its user
    // already asked for: a signed-in search is one round trip, not two.
    const searchRowsWithSession = this.searchDb
      .select({
        ...pageColumns,
        isApplied: sql<boolean>`coalesce(${appliedByUser(users.id)}, false)`,
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        user: users,
      })
      .from(searchFrom)
      .leftJoin(jobPosts, onPlace)
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .leftJoin(sessions, sessionLookup())
      .leftJoin(users, eq(users.id, sessions.userId))
      .orderBy(desc(jobPosts.searchPos))
      .prepare('referio_search_page_rows_session');
    const built = {
      searchJson,
      searchRowsWithSession,
      byId,
      details,
    };
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
      q.notBlockedBy
        ? sql`not exists (select 1 from ${blocks} b where b.blocker_id = ${q.notBlockedBy} and b.blocked_id = ${thisJobReferrer})`
        : undefined,
      jobSearchCondition(q.search ?? ''),
    );
  }

  /**
   * A typed search as the cache keys it: case and runs of spaces do not make another search (the words
   * themselves are read by `referio_words()` in the database).
   */
  searchText(search: string): string {
    return search.trim().replace(/\s+/g, ' ').toLowerCase();
  }

  /**
   * Whether `q` is a public search the postings answer: active jobs, searched and/or filtered, nothing
   * else asked, and the postings fresh (`checkPostings`). Any other list reads job_posts itself.
   */
  usesPostings(q: JobListWhere & { rankFor?: unknown }): boolean {
    const f = q.filters ?? {};
    return (
      this.postingsFresh &&
      q.status === 'active' &&
      !q.ownerId &&
      !q.notOwnerId &&
      !q.notRequestedBy &&
      !q.notBlockedBy &&
      !q.createdAfter &&
      !q.anySkill?.length &&
      !q.rankFor &&
      (hasSearchWords(q.search) || JOB_FILTER_KEYS.some((k) => f[k]))
    );
  }

  /** The columns of a list row for `q` (with or without the referrers' responsiveness). */
  private listColumns(q: JobListQuery) {
    return (q.responsiveness ?? this.responsiveness)
      ? jobListColumnsWithResponsiveness(q.viewerId)
      : jobListColumns(q.viewerId);
  }

  /** The list query of `q` from job_posts itself (unexecuted: the API bench EXPLAINs it). */
  listQuery(q: JobListQuery) {
    const withResponsiveness = q.responsiveness ?? this.responsiveness;
    const columns = this.listColumns(q);
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
  countQuery(q: JobListWhere) {
    const matches = this.db
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
   * A page of `q` with its total, counted no further than the bound ("1,000+ jobs"). A public search
   * (`usesPostings`) is one statement: referio_search_page() and the page's posts read by their places;
   * any other list reads job_posts itself.
   */
  async page(
    q: JobListQuery,
    opts: { count?: boolean; onQuery?: QueryObserver } = {},
  ): Promise<JobPage> {
    if (this.usesPostings(q)) return this.publicSearchPage(q, opts.onQuery);
    const [rows, n] = await Promise.all([
      this.listQuery(q),
      (opts.count ?? true) ? this.countQuery(q) : Promise.resolve([{ n: 0 }]),
    ]);
    return { data: rows.map(toJobPost), ...this.bounded(Number(n[0]?.n ?? 0)) };
  }

  /**
   * A public search's page for nobody in particular (`isApplied` false), each post as its list JSON, with
   * its posts' ids and posters and the bounded total (the route caches it). Null when `q` is not a public
   * search the postings answer (`usesPostings`).
   */
  async publicSearch(
    q: Omit<JobListQuery, 'viewerId' | 'responsiveness'>,
    onQuery?: QueryObserver,
  ): Promise<PublicSearch | null> {
    if (!this.usesPostings(q)) return null;
    const { sql: text, params } = this.prepared().searchJson;
    const values = fillPlaceholders(params, this.searchValues(q));
    onQuery?.('search', { toSQL: () => ({ sql: text, params: values }) });
    return this.asPage(await driverRows(this.searchDb, 'referio_search_page_json', text, values));
  }

  /**
   * `publicSearch` and, in the same statement, the session of `lookup`
   * (`SessionStore.lookupParams`; null when none is live) and which of the page's jobs its user
   * already asked a referral for.
   */
  async publicSearchWithSession(
    q: Omit<JobListQuery, 'viewerId' | 'responsiveness'>,
    lookup: { hash: string; now: Date },
    onQuery?: QueryObserver,
  ): Promise<(PublicSearch & { session: ActiveSession | null; applied: string[] }) | null> {
    if (!this.usesPostings(q)) return null;
    const statement = this.prepared().searchRowsWithSession;
    const values = { ...this.searchValues(q), ...lookup };
    observe(onQuery, 'search', statement, values);
    const rows = await statement.execute(values);
    const row = rows[0];
    const session =
      row?.sessionId && row.expiresAt && row.user
        ? { id: row.sessionId, expiresAt: row.expiresAt, user: row.user }
        : null;
    const applied = session ? rows.filter((r) => r.id && r.isApplied).map((r) => r.id!) : [];
    const page = this.asPage(rows.map((r) => [r.total, r.id, r.userId, r.json]));
    return { ...page, session, applied };
  }

  /**
   * A search statement's rows, `[total, id, userId, json]` (the posts, or one row of nulls: the total),
   * as a page everyone may be answered.
   */
  private asPage(rows: readonly (readonly unknown[])[]): PublicSearch {
    const json: string[] = [];
    const ids: string[] = [];
    const userIds: string[] = [];
    for (const r of rows) {
      if (r[1] === null) continue;
      ids.push(r[1] as string);
      userIds.push(r[2] as string);
      json.push(r[3] as string);
    }
    return { json, ids, userIds, ...this.bounded(Number(rows[0]?.[0] ?? 0)) };
  }

  /** The values of a search statement's placeholders. */
  private searchValues(q: Pick<JobListQuery, 'search' | 'filters' | 'start' | 'limit'>) {
    return {
      search: hasSearchWords(q.search) ? q.search : '',
      ...filterValues(q.filters),
      // Any page past a billion matches is past the last one (the call counts in 32-bit integers).
      start: Math.min(q.start ?? 0, 1_000_000_000),
      limit: q.limit,
      bound: this.totalBound,
    };
  }

  /**
   * `page` of a public search: `publicSearch`'s page with `isApplied` for `q.viewerId` (one more
   * query, only with a viewer), without the responsiveness when `q` says so.
   */
  private async publicSearchPage(q: JobListQuery, onQuery?: QueryObserver): Promise<JobPage> {
    const found = (await this.publicSearch(q, onQuery))!;
    const applied = new Set<string>();
    if (q.viewerId && found.ids.length > 0) {
      const rows = await this.db
        .select({ id: referralRequests.jobPostId })
        .from(referralRequests)
        .where(
          and(
            eq(referralRequests.senderId, q.viewerId),
            inArray(referralRequests.jobPostId, found.ids),
            liveRequest,
          ),
        );
      for (const r of rows) applied.add(r.id);
    }
    const withResponsiveness = q.responsiveness ?? this.responsiveness;
    return {
      data: publicSearchData(found).map(({ responsiveness, ...j }) => ({
        ...j,
        isApplied: applied.has(j._id),
        ...(withResponsiveness ? { responsiveness } : {}),
      })),
      total: found.total,
      totalCapped: found.totalCapped,
    };
  }

  /**
   * "Similar jobs" (docs/search-features.md): up to `limit` listed jobs like the job `jobId` (not itself), best first
   * (`similarPlaces`: its company and the words of its title and skills, weighted by rarity; ties newest
   * first), leaving out the jobs of the posters in `notBy` (those the caller blocked). Empty for an unknown
   * job. One statement on the postings.
   */
  async similar(jobId: string, limit: number, notBy: string[] = []): Promise<JobPost[]> {
    const rows = await this.similarQuery(jobId, limit, notBy);
    return rows.map((r) => toJobPost({ ...r, isApplied: false }));
  }

  /** `similar`'s statement, unexecuted (test/similar-jobs.test.ts EXPLAINs it). */
  similarQuery(jobId: string, limit: number, notBy: string[] = []) {
    // The candidates' rows by their places (one probe of job_posts_search_pos_uq each), in their order.
    return this.searchDb
      .select(jobListColumnsWithResponsiveness(null))
      .from(similarPlaces(jobId, limit * 3))
      .innerJoin(
        jobPosts,
        and(
          sql`${jobPosts.searchPos} = any(s.positions) and referio_job_listed(${jobPosts})`,
          notBy.length > 0 ? notInArray(jobPosts.userId, notBy) : undefined,
        ),
      )
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .orderBy(sql`array_position(s.positions, ${jobPosts.searchPos})`)
      .limit(limit);
  }

  /** One job post with its company logo and `isApplied` for `viewerId`, or null. */
  async find(id: string, viewerId: string | null): Promise<JobPost | null> {
    const rows = await this.prepared().byId.execute({ id, viewerId });
    return rows[0] ? toJobPost(rows[0]) : null;
  }

  /**
   * Up to `limit` active posts after the id `after` (null: from the first), in id order, with their last
   * write: one range of the partial index job_posts_active_sitemap_idx (keyset, never OFFSET).
   */
  async sitemapPage(after: string | null, limit: number): Promise<{ id: string; lastmod: Date }[]> {
    return this.sitemapPageQuery(after, limit);
  }

  /** `sitemapPage`'s query, unexecuted (test/job-sitemap.pg.test.ts EXPLAINs it). */
  sitemapPageQuery(after: string | null, limit: number) {
    return this.db
      .select({ id: jobPosts.id, lastmod: jobPosts.updatedAt })
      .from(jobPosts)
      .where(and(eq(jobPosts.status, 'active'), after ? gt(jobPosts.id, after) : undefined))
      .orderBy(jobPosts.id)
      .limit(limit);
  }

  /**
   * Up to `max` suggestions for a typed text, most listed posts first: companies whose name begins with it,
   * words of titles, skills and places beginning with its last word (`referio_search_suggest()`,
   * api/sql/functions/search_suggest.sql; docs/search-features.md). None while the postings are stale: the index
   * they are read from would be out of date.
   */
  async suggest(q: string, max: number): Promise<JobSuggestion[]> {
    if (!this.postingsFresh) return [];
    const rows = await this.searchDb.execute(
      sql`select kind, label, company_id::text as "companyId", jobs from referio_search_suggest(${q}::text, ${max}::int)`,
    );
    return (rows as unknown as { rows: SuggestionRow[] }).rows.map(toSuggestion);
  }

  /**
   * The active posts split into pages of `size` in id order: their number, and each page's `after` (null for
   * the first, then the last id of the page before). One pass over the partial index.
   */
  async sitemapPages(size: number): Promise<{ total: number; afters: (string | null)[] }> {
    // Each full page's last id (row_number streams over the index: nothing is held but the current row).
    const [ends, count] = await Promise.all([
      this.db.execute(sql`
        select id from (
          select id::text as id, row_number() over (order by id) as n
          from ${jobPosts} where ${jobPosts.status} = 'active'
        ) s where n % ${size} = 0 order by n`),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobPosts)
        .where(eq(jobPosts.status, 'active')),
    ]);
    const total = Number(count[0]?.n ?? 0);
    const afters: (string | null)[] = total > 0 ? [null] : [];
    for (const { id } of (ends as unknown as { rows: { id: string }[] }).rows) {
      if (afters.length * size < total) afters.push(id);
    }
    return { total, afters };
  }

  /** One job post as anyone may see it (no viewer: `isApplied` false), with its last write; or null. */
  async findPublic(id: string): Promise<(JobPost & { updatedAt: string }) | null> {
    const row = (await this.prepared().byId.execute({ id, viewerId: null }))[0];
    return row ? { ...toJobPost(row), updatedAt: row.job.updatedAt.toISOString() } : null;
  }

  /** The stored row (for ownership and status checks), or null. */
  findRow(id: string): Promise<JobPostRow | null> {
    return findJobRow(this.db, id);
  }

  /**
   * GetById in one query: the session of `lookup` (`SessionStore.lookupParams`) and the job post `id`
   * with its referrer, `isApplied` for the session's user. The referrer's e-mail and work-e-mail
   * history only to the poster and to those whose request they approved ('' and [] to everyone else:
   * the page shows the name and the verified domain). Null when the session is not valid; `details`
   * null when there is no such job.
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
          verifiedDomain: row.verifiedDomain,
          responsiveness: row.responsiveness,
        }),
        userId: {
          _id: referrer.id,
          email: row.contactEarned ? referrer.email : '',
          fullName: referrer.fullName,
          position: referrer.position,
          profileLink: profileLinkOf(referrer),
          workEmailHistory: row.contactEarned ? row.history : [],
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
      .set({ ...values, companyId, updatedAt: sql`now()` })
      .where(eq(jobPosts.id, id));
  }

  async setStatus(id: string, status: JobStatus): Promise<void> {
    await this.db
      .update(jobPosts)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(jobPosts.id, id));
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

import type { JobPost, JobPostDetails, WorkEmailHistoryEntry } from '../contract';
import { and, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { sessionLookup, type ActiveSession } from './sessions';
import { profileLinkOf } from './users';
import {
  companies,
  jobPosts,
  referralRequests,
  sessions,
  users,
  workEmailHistory,
  type JobPostRow,
} from '../db/schema';

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Company name, job title or any skill contains `search` (case-insensitive): one ILIKE on the stored
 * search_text column (those three, a line each), exactly the expression of job_posts_search_trgm_idx.
 */
export function jobSearchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  return ilike(jobPosts.searchText, containsPattern(search));
}

/** `true` when `userId` (the signed-in candidate) already asked a referral for the job row. */
export function appliedBy(userId: string | null | undefined): SQL<boolean> {
  if (!userId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${referralRequests} where ${referralRequests.jobPostId} = ${jobPosts.id} and ${referralRequests.senderId} = ${userId})`;
}

/**
 * For a session lookup (`SessionStore.finder`): which of the jobs in the placeholder `jobIds` the
 * session's user already asked a referral for, as a text[] column.
 */
export const appliedAmongJobIds = () =>
  sql<
    string[]
  >`coalesce((select array_agg(${referralRequests.jobPostId}::text) from ${referralRequests} where ${referralRequests.senderId} = ${users.id} and ${referralRequests.jobPostId} = any(${sql.placeholder('jobIds')}::uuid[])), '{}'::text[])`;

/** A job post's columns without search_text (only searched, never answered). */
const { searchText: _searchText, ...jobColumns } = getTableColumns(jobPosts);

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
      job: jobColumns,
      logo: companies.logo,
      isApplied: sql<boolean>`exists (select 1 from ${referralRequests} where ${referralRequests.jobPostId} = ${jobPosts.id} and ${referralRequests.senderId} = ${users.id})`,
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

/** Prepared statements per database (built once each; building a query costs more than running it). */
const preparedFor = new WeakMap<Db, ReturnType<typeof prepare>>();
function prepare(db: Db) {
  const job = db
    .select({
      job: jobColumns,
      logo: companies.logo,
      isApplied: sql<boolean>`exists (select 1 from ${referralRequests} where ${referralRequests.jobPostId} = ${jobPosts.id} and ${referralRequests.senderId} = ${sql.placeholder('viewerId')}::uuid)`,
    })
    .from(jobPosts)
    .leftJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(eq(jobPosts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('referio_job_by_id');
  const details = jobDetailsWithSessionQuery(db).prepare('referio_job_details_with_session');
  return { job, details };
}
function prepared(db: Db) {
  let p = preparedFor.get(db);
  if (!p) {
    p = prepare(db);
    preparedFor.set(db, p);
  }
  return p;
}

/** The columns every job list selects: the row, its company's logo and whether the caller applied. */
export const jobListColumns = (userId: string | null | undefined) => ({
  job: jobColumns,
  logo: companies.logo,
  isApplied: appliedBy(userId),
});

export interface JobListRow {
  job: Omit<JobPostRow, 'searchText'>;
  logo: string | null;
  isApplied: boolean;
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
  };
}

export interface JobListQuery {
  where: SQL | undefined;
  start: number;
  limit: number;
  /** The signed-in user, for `isApplied`. */
  viewerId: string | null;
  /** Where the total may come from instead of counting every time (a cache); `count` counts. */
  total?: (count: () => Promise<number>) => Promise<number>;
}

/** A page of job posts, newest first, with the total of matches. */
export async function listJobs(
  db: Db,
  q: JobListQuery,
): Promise<{ data: JobPost[]; total: number }> {
  const count = async () => {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobPosts)
      .where(q.where);
    return Number(rows[0]?.n ?? 0);
  };
  const [rows, total] = await Promise.all([
    db
      .select(jobListColumns(q.viewerId))
      .from(jobPosts)
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(q.where)
      .orderBy(desc(jobPosts.createdAt), desc(jobPosts.id))
      .limit(q.limit)
      .offset(q.start),
    q.total ? q.total(count) : count(),
  ]);
  return { data: rows.map(toJobPost), total };
}

/** One job post with its company logo, or null. */
export async function findJob(
  db: Db,
  id: string,
  viewerId: string | null,
): Promise<JobPost | null> {
  const rows = await prepared(db).job.execute({ id, viewerId });
  return rows[0] ? toJobPost(rows[0]) : null;
}

/**
 * GetById in one query: the session of `lookup` (`SessionStore.lookupParams`) and the job post `id`
 * with its referrer and their work-e-mail history, `isApplied` for the session's user. Null when the
 * session is not valid; `details` null when there is no such job.
 */
export async function findJobDetailsWithSession(
  db: Db,
  lookup: { hash: string; now: Date } | null,
  id: string,
): Promise<{ session: ActiveSession; details: JobPostDetails | null } | null> {
  if (!lookup) return null;
  const row = (await prepared(db).details.execute({ ...lookup, id }))[0];
  if (!row) return null;
  const session = { id: row.id, expiresAt: row.expiresAt, user: row.user };
  const { job, referrer } = row;
  if (!job || !referrer) return { session, details: null };
  return {
    session,
    details: {
      ...toJobPost({ job, logo: row.logo, isApplied: row.isApplied }),
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

export async function findJobRow(db: Db, id: string): Promise<JobPostRow | null> {
  const rows = await db.select().from(jobPosts).where(eq(jobPosts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The company of that name (case-insensitive), created when it does not exist yet. */
export async function companyIdFor(
  db: Db,
  name: string,
  industry: JobPostRow['industry'],
  now: Date,
): Promise<string> {
  const find = async () =>
    (
      await db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`lower(${companies.name}) = lower(${name})`)
        .limit(1)
    )[0]?.id;
  const existing = await find();
  if (existing) return existing;
  const inserted = await db
    .insert(companies)
    .values({ name, industry, createdAt: now })
    .onConflictDoNothing({ target: companies.name })
    .returning({ id: companies.id });
  const id = inserted[0]?.id ?? (await find());
  if (!id) throw new Error(`company ${name} vanished`);
  return id;
}

/** Active jobs only. */
export const activeJob = () => eq(jobPosts.status, 'active');

export const allOf = (...parts: (SQL | undefined)[]) => and(...parts);

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

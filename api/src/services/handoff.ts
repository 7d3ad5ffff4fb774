import type { Handoff, JobPost } from '../contract';
import { HANDOFF_STATUSES, NEW_REFERRER_BELOW_ANSWERED } from '../contract';

export { HANDOFF_STATUSES };
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { companies, jobPosts, referralRequests } from '../db/schema';
import { verifiedAtSql } from './companies';
import { jobListColumnsWithResponsiveness, toJobPost } from './job-posts';
import { responsivenessArrayOf } from './responsiveness';

/** A hand-off lists at most this many jobs. */
export const HANDOFF_LIMIT = 20;

/**
 * Which referrers a hand-off may offer, as a condition on the job row `job`: referrers verified at the
 * job's company (their current work e-mail at one of its domains, `verifiedAtSql`; an unconfirmed
 * first-referrer domain counts, as it does for the badge; docs/verified-referrers.md).
 */
export function handoffReferrerFilter(job: SQL): SQL {
  return sql`${verifiedAtSql(sql`${job}.user_id`, sql`${job}.company_id`)} is not null`;
}

/**
 * A request the candidate already holds for a job: any but an expired or withdrawn one (a pending or
 * approved request is live; a declined one was answered, and asking the same referrer again is spam).
 */
function heldBy(job: SQL, candidateId: string): SQL {
  return sql`exists (select 1 from ${referralRequests} hr where hr.job_post_id = ${job}.id and hr.sender_id = ${candidateId}::uuid and hr.status::text not in ('expired', 'withdrawn'))`;
}

export interface HandoffSource {
  id: string;
  senderId: string;
  recipientId: string;
  status: string;
  jobTitle: string;
  companyName: string;
  companyId: string | null;
}

/** The request with its job's title and company, or null. */
export async function handoffSource(db: Db, requestId: string): Promise<HandoffSource | null> {
  const rows = await db
    .select({
      id: referralRequests.id,
      senderId: referralRequests.senderId,
      recipientId: referralRequests.recipientId,
      status: sql<string>`${referralRequests.status}::text`,
      jobTitle: jobPosts.jobTitle,
      companyName: jobPosts.companyName,
      companyId: jobPosts.companyId,
    })
    .from(referralRequests)
    .innerJoin(jobPosts, eq(jobPosts.id, referralRequests.jobPostId))
    .where(eq(referralRequests.id, requestId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The active jobs of other referrers at the source request's company (`handoffReferrerFilter`), minus
 * the candidate's own jobs and the jobs they already hold a request for: the same title first
 * (compared without case and outer spaces), then the most responsive referrers (three answered
 * requests or more, by the share answered, then the median time to answer), then new referrers, then
 * newest. At most `HANDOFF_LIMIT`.
 */
export async function handoffJobs(db: Db, source: HandoffSource): Promise<Handoff> {
  const j = sql`${sql.identifier('j')}`;
  const sameCompany = source.companyId
    ? sql`${j}.company_id = ${source.companyId}::uuid`
    : sql`lower(${j}.company_name) = lower(${source.companyName})`;
  const ranked = (await db.execute(sql`
    select ${j}.id
    from ${jobPosts} ${j}
    cross join lateral (select ${responsivenessArrayOf(sql`${j}.user_id`)} as f) resp
    where ${j}.status = 'active'
      and ${sameCompany}
      and ${j}.user_id <> ${source.recipientId}::uuid
      and ${j}.user_id <> ${source.senderId}::uuid
      and ${handoffReferrerFilter(j)}
      and not ${heldBy(j, source.senderId)}
    order by
      (lower(trim(${j}.job_title)) = lower(trim(${source.jobTitle}))) desc,
      (resp.f[2] >= ${NEW_REFERRER_BELOW_ANSWERED}) desc,
      resp.f[2] / nullif(resp.f[1], 0) desc nulls last,
      resp.f[3] asc nulls last,
      ${j}.created_at desc, ${j}.id desc
    limit ${HANDOFF_LIMIT}`)) as unknown as { rows: { id: string }[] };
  const ids = ranked.rows.map((r) => r.id);
  let jobs: JobPost[] = [];
  if (ids.length) {
    const rows = await db
      .select(jobListColumnsWithResponsiveness(source.senderId))
      .from(jobPosts)
      .leftJoin(companies, eq(companies.id, jobPosts.companyId))
      .where(inArray(jobPosts.id, ids));
    const byId = new Map(rows.map((r) => [r.job.id, toJobPost(r)]));
    jobs = ids.map((id) => byId.get(id)).filter((x): x is JobPost => Boolean(x));
  }
  return { requestId: source.id, companyName: source.companyName, jobs };
}

// A candidate's saved jobs (the heart on job cards and the job page; their Saved jobs tab). Every read and
// write is the caller's own: the user id comes from the session, never from the request.
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { SavedJob } from '../contract';
import type { Db } from '../db';
import { companies, jobPosts, savedJobs } from '../db/schema';
import { jobListColumns, toJobPost } from './job-posts';

export class SavedJobRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Saves the job for the user; saving it again keeps the first save's time. False: no such job. */
  async save(userId: string, jobPostId: string): Promise<boolean> {
    const [job] = await this.db
      .select({ id: jobPosts.id })
      .from(jobPosts)
      .where(eq(jobPosts.id, jobPostId))
      .limit(1);
    if (!job) return false;
    await this.db
      .insert(savedJobs)
      .values({ userId, jobPostId, savedAt: this.now() })
      .onConflictDoNothing();
    return true;
  }

  /** Unsaves the job (nothing happens when it was not saved). */
  async remove(userId: string, jobPostId: string): Promise<void> {
    await this.db
      .delete(savedJobs)
      .where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobPostId, jobPostId)));
  }

  /** The saved ones among `jobIds`. */
  async which(userId: string, jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const rows = await this.db
      .select({ id: savedJobs.jobPostId })
      .from(savedJobs)
      .where(and(eq(savedJobs.userId, userId), inArray(savedJobs.jobPostId, [...jobIds])));
    return rows.map((r) => r.id);
  }

  /** One page of the user's saved jobs, the newest save first, with how many there are. */
  async page(
    userId: string,
    start: number,
    limit: number,
  ): Promise<{ data: SavedJob[]; total: number }> {
    const mine = eq(savedJobs.userId, userId);
    const [rows, [n]] = await Promise.all([
      this.db
        .select({ ...jobListColumns(userId), savedAt: savedJobs.savedAt })
        .from(savedJobs)
        .innerJoin(jobPosts, eq(jobPosts.id, savedJobs.jobPostId))
        .leftJoin(companies, eq(companies.id, jobPosts.companyId))
        .where(mine)
        .orderBy(desc(savedJobs.savedAt), desc(savedJobs.jobPostId))
        .offset(start)
        .limit(limit),
      this.db.select({ n: count() }).from(savedJobs).where(mine),
    ]);
    return {
      data: rows.map(({ savedAt, ...row }) => ({
        job: toJobPost(row),
        savedAt: savedAt.toISOString(),
      })),
      total: Number(n?.n ?? 0),
    };
  }

  /** Who saved any of `jobIds` (their saved lists change when a job closes, reopens or is edited). */
  async saversOf(jobIds: readonly string[]): Promise<string[]> {
    if (jobIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ id: savedJobs.userId })
      .from(savedJobs)
      .where(inArray(savedJobs.jobPostId, [...jobIds]));
    return rows.map((r) => r.id);
  }
}

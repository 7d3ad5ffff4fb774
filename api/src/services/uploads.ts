import { and, eq, inArray, lt, ne, notExists, sql, sum } from 'drizzle-orm';
import type { Db } from '../db';
import { files, referralRequests, resumes, users, type UserRow } from '../db/schema';

export type FileKind = 'resume' | 'profile_image';
export type FileRow = typeof files.$inferSelect;

/**
 * Uploaded files' rows (`files`: owner, type, size, storage key) and the user (photo), resume and
 * referral-request columns that point at them. The bytes are in `app.storage`; the upload routes keep both in step.
 */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  /** Keys of stored files older than `cutoff` that no user, resume or referral request points to. */
  async orphanKeys(cutoff: Date): Promise<string[]> {
    const orphans = await this.db
      .select({ key: files.storageKey })
      .from(files)
      .where(
        and(
          lt(files.createdAt, cutoff),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(users)
              .where(eq(users.profileImage, files.storageKey)),
          ),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(resumes)
              .where(eq(resumes.storageKey, files.storageKey)),
          ),
          notExists(
            this.db
              .select({ one: sql`1` })
              .from(referralRequests)
              .where(eq(referralRequests.resume, files.storageKey)),
          ),
        ),
      );
    return orphans.map((o) => o.key);
  }

  /**
   * Retention: takes the resume off every referral request when all the requests that carry it ended
   * (not pending) before `cutoff` and it is none of its owner's resumes; the orphan sweep then deletes
   * the file. Answers how many requests let go of a resume.
   */
  async releaseOldRequestResumes(cutoff: Date): Promise<number> {
    const result = (await this.db.execute(sql`
      update ${referralRequests} r set resume = null
      where r.resume is not null
        and not exists (select 1 from ${resumes} s where s.storage_key = r.resume)
        and not exists (
          select 1 from ${referralRequests} o
          where o.resume = r.resume
            and (o.status = 'pending' or o.updated_at >= ${cutoff.toISOString()}::timestamptz)
        )
      returning r.id`)) as unknown as { rows: unknown[] };
    return result.rows.length;
  }

  /** Of these storage keys, those a `files` row names. */
  async keysWithRows(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({ key: files.storageKey })
      .from(files)
      .where(inArray(files.storageKey, keys));
    return new Set(rows.map((r) => r.key));
  }

  /** Removes a file's row (its bytes are the storage's). */
  async deleteFile(key: string): Promise<void> {
    await this.db.delete(files).where(eq(files.storageKey, key));
  }

  /** Bytes the owner's stored files use, leaving out the one being replaced. */
  async usedBytes(ownerId: string, replacing: string | null): Promise<number> {
    const [row] = await this.db
      .select({ used: sum(files.size) })
      .from(files)
      .where(
        and(eq(files.ownerId, ownerId), ...(replacing ? [ne(files.storageKey, replacing)] : [])),
      );
    return Number(row?.used ?? 0);
  }

  /** A new file's row (written once its bytes are stored, so every row has its bytes). */
  async addFile(file: typeof files.$inferInsert): Promise<void> {
    await this.db.insert(files).values(file);
  }

  /**
   * Points the user at a new profile photo: locks the user's row, reads what it replaces under that lock
   * and writes it, so parallel uploads each release exactly the file they replaced.
   */
  async swapProfileImage(
    ownerId: string,
    key: string,
  ): Promise<{ previous: string | null; user: UserRow }> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ profileImage: users.profileImage })
        .from(users)
        .where(eq(users.id, ownerId))
        .for('update');
      const [updated] = await tx
        .update(users)
        .set({ profileImage: key })
        .where(eq(users.id, ownerId))
        .returning();
      return { previous: current?.profileImage ?? null, user: updated! };
    });
  }

  /** Whether a referral request carried the file. */
  async usedByRequest(key: string): Promise<boolean> {
    const used = await this.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(eq(referralRequests.resume, key))
      .limit(1);
    return Boolean(used[0]);
  }

  /** Whether a user has it as photo or one of their resumes. */
  async heldByUser(key: string): Promise<boolean> {
    const holder = await this.db.execute(sql`
      select 1 from ${users} where profile_image = ${key}
      union all select 1 from ${resumes} where storage_key = ${key}
      limit 1`);
    return (holder as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /** A stored file's row by its key. */
  async findFile(key: string): Promise<FileRow | null> {
    return (
      (await this.db.select().from(files).where(eq(files.storageKey, key)).limit(1))[0] ?? null
    );
  }

  /** A stored file's row by its id. */
  async findFileById(id: string): Promise<FileRow | null> {
    return (await this.db.select().from(files).where(eq(files.id, id)).limit(1))[0] ?? null;
  }

  /** The storage key of the user's profile photo, if any. */
  async profileImageKey(userId: string): Promise<string | null> {
    const row = (
      await this.db
        .select({ key: users.profileImage })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
    )[0];
    return row?.key ?? null;
  }
}

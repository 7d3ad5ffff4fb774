import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { RESUMES_FULL_MESSAGE, RESUMES_MAX, type Resume } from '../contract';
import type { Db, Tx } from '../db';
import { files, resumes, users, type ResumeRow } from '../db/schema';
import { HttpError } from '../lib/errors';

/** A named resume with its file's name, size and upload time. */
export interface ResumeWithFile extends ResumeRow {
  fileName: string;
  size: number;
  uploadedAt: Date;
}

/** Where its owner opens a resume's file. */
export const resumeFileLink = (id: string) => `/api/documentsUpload/resumes/${id}/file`;

export const toResume = (r: ResumeWithFile): Resume => ({
  _id: r.id,
  name: r.name,
  fileName: r.fileName,
  size: r.size,
  uploadedAt: r.uploadedAt.toISOString(),
  isDefault: r.isDefault,
  resumeLink: resumeFileLink(r.id),
});

/**
 * A candidate's named resumes (`resumes`, docs/decisions-candidate.md): at most RESUMES_MAX, exactly one
 * default while any exist. Every change locks the owner's user row first, so parallel changes (and a
 * referral request that takes a resume's file, see ReferralRepository.send) are seen one after the other.
 * The bytes are `app.storage`'s and the file rows `app.uploads`'; the routes keep them in step.
 */
export class ResumeRepository {
  constructor(private readonly db: Db) {}

  private withFile(db: Db | Tx) {
    return db
      .select({
        id: resumes.id,
        ownerId: resumes.ownerId,
        storageKey: resumes.storageKey,
        name: resumes.name,
        isDefault: resumes.isDefault,
        createdAt: resumes.createdAt,
        fileName: sql<string>`coalesce(${files.originalName}, '')`,
        size: sql<number>`coalesce(${files.size}, 0)::int`,
        uploadedAt: sql<Date>`coalesce(${files.createdAt}, ${resumes.createdAt})`.mapWith(
          (v: string | Date) => new Date(v),
        ),
      })
      .from(resumes)
      .leftJoin(files, eq(files.storageKey, resumes.storageKey));
  }

  /** The owner's resumes: the default first, then oldest first. */
  async list(ownerId: string): Promise<ResumeWithFile[]> {
    return this.withFile(this.db)
      .where(eq(resumes.ownerId, ownerId))
      .orderBy(desc(resumes.isDefault), asc(resumes.createdAt), asc(resumes.id));
  }

  /** One resume by id, whoever owns it (the caller checks the owner). */
  async find(id: string): Promise<ResumeWithFile | null> {
    return (await this.withFile(this.db).where(eq(resumes.id, id)).limit(1))[0] ?? null;
  }

  /** The owner's default resume, if they have any. */
  async findDefault(ownerId: string): Promise<ResumeWithFile | null> {
    return (
      (
        await this.withFile(this.db)
          .where(and(eq(resumes.ownerId, ownerId), eq(resumes.isDefault, true)))
          .limit(1)
      )[0] ?? null
    );
  }

  /** Locks the owner's user row for the rest of the transaction. */
  private async lockOwner(tx: Tx, ownerId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  }

  /** Adds a resume (the first one is the default); 400 with RESUMES_FULL_MESSAGE at RESUMES_MAX. */
  async add(ownerId: string, storageKey: string, name: string, now: Date): Promise<string> {
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, ownerId);
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(resumes)
        .where(eq(resumes.ownerId, ownerId));
      const count = row?.n ?? 0;
      if (count >= RESUMES_MAX) throw new HttpError(400, RESUMES_FULL_MESSAGE);
      const [added] = await tx
        .insert(resumes)
        .values({ ownerId, storageKey, name, isDefault: count === 0, createdAt: now })
        .returning({ id: resumes.id });
      return added!.id;
    });
  }

  /**
   * Points the owner's resume `id` at a new file (and a new name when given); answers the key it
   * replaced, or null when the owner has no such resume (nothing changed).
   */
  async replaceFile(
    ownerId: string,
    id: string,
    storageKey: string,
    name?: string,
  ): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, ownerId);
      const [current] = await tx
        .select({ key: resumes.storageKey })
        .from(resumes)
        .where(and(eq(resumes.id, id), eq(resumes.ownerId, ownerId)));
      if (!current) return null;
      await tx
        .update(resumes)
        .set({ storageKey, ...(name ? { name } : {}) })
        .where(eq(resumes.id, id));
      return current.key;
    });
  }

  /**
   * The single-resume upload: points the owner's default resume at a new file and name, or adds it as
   * the first resume when they have none, in one step under the lock (parallel uploads each replace
   * what the one before left). Answers the key it replaced, if any.
   */
  async putDefault(ownerId: string, storageKey: string, name: string, now: Date) {
    return this.db.transaction(async (tx): Promise<string | null> => {
      await this.lockOwner(tx, ownerId);
      const [current] = await tx
        .select({ id: resumes.id, key: resumes.storageKey })
        .from(resumes)
        .where(and(eq(resumes.ownerId, ownerId), eq(resumes.isDefault, true)));
      if (current) {
        await tx.update(resumes).set({ storageKey, name }).where(eq(resumes.id, current.id));
        return current.key;
      }
      await tx
        .insert(resumes)
        .values({ ownerId, storageKey, name, isDefault: true, createdAt: now });
      return null;
    });
  }

  /** Renames the owner's resume and/or makes it the default; false when they have no such resume. */
  async change(
    ownerId: string,
    id: string,
    change: { name?: string; isDefault?: true },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, ownerId);
      const mine = and(eq(resumes.id, id), eq(resumes.ownerId, ownerId));
      const [found] = await tx.select({ id: resumes.id }).from(resumes).where(mine);
      if (!found) return false;
      if (change.isDefault) {
        await tx
          .update(resumes)
          .set({ isDefault: false })
          .where(and(eq(resumes.ownerId, ownerId), eq(resumes.isDefault, true)));
      }
      await tx
        .update(resumes)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.isDefault ? { isDefault: true } : {}),
        })
        .where(mine);
      return true;
    });
  }

  /**
   * Deletes the owner's resume `id` (their default when `id` is null); the oldest one left becomes the
   * default if it was. Answers the storage key it held, or null when there was none.
   */
  async remove(ownerId: string, id: string | null): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      await this.lockOwner(tx, ownerId);
      const [gone] = await tx
        .delete(resumes)
        .where(
          and(
            eq(resumes.ownerId, ownerId),
            id === null ? eq(resumes.isDefault, true) : eq(resumes.id, id),
          ),
        )
        .returning({ key: resumes.storageKey, wasDefault: resumes.isDefault });
      if (!gone) return null;
      if (gone.wasDefault) {
        await tx.execute(sql`
          update ${resumes} set is_default = true
          where id = (select id from ${resumes} where owner_id = ${ownerId}
                      order by created_at, id limit 1)`);
      }
      return gone.key;
    });
  }

  /** Whether a resume holds the file. */
  async holds(storageKey: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: resumes.id })
      .from(resumes)
      .where(eq(resumes.storageKey, storageKey))
      .limit(1);
    return Boolean(row);
  }
}

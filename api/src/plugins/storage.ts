import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db';
import { fileBlobs } from '../db/schema';
import { decryptFile, encryptFile, parseFileKeys, type FileKey } from '../lib/file-crypto';
import type * as S3 from './storage-s3';

/** The S3 storage's module, loaded on first use (FILE_STORAGE=s3 only). */
const loadS3 = (): typeof S3 =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  require('./storage-s3') as typeof S3;

export interface StoredObject {
  body: Readable;
  size: number;
}

/** An object in storage as the orphan sweep sees it: its key and when it was last written. */
export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

/**
 * Where uploaded files live (FILE_STORAGE): local disk by default (one machine), PostgreSQL or an
 * S3-compatible bucket when several instances serve the site. Keys are relative paths such as `resumes/<user>/<uuid>.pdf`; the MIME type and the
 * owner are kept in the `files` table, not here.
 */
export interface Storage {
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** The object's bytes as a stream, or null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object, with what a write left half done (a local disk's `*.tmp` files): the orphan sweep
   * removes those no `files` row names.
   */
  list(): AsyncIterable<StoredKey>;
  /** Ends what the storage keeps open (an S3 client's sockets); absent when there is nothing. */
  close?(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Throws unless `key` is a plain relative path (no '..', no absolute paths, no empty segments). */
export function checkStorageKey(key: string): string {
  if (
    !KEY_PATTERN.test(key) ||
    key.split('/').some((s) => s === '.' || s === '..') ||
    key.length > 500
  ) {
    throw new InvalidStorageKeyError(key);
  }
  return key;
}

/** Files under `root`; keys cannot climb out of it. One machine only. */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, checkStorageKey(key));
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async put(key: string, data: Buffer, _mime: string): Promise<void> {
    const full = this.pathOf(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // Write beside the target, then rename: a reader never sees half a file.
    const temp = `${full}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, data, { mode: 0o600 });
    await fs.rename(temp, full);
  }

  async get(key: string): Promise<StoredObject | null> {
    const full = this.pathOf(key);
    try {
      const stat = await fs.stat(full);
      if (!stat.isFile()) return null;
      return { body: createReadStream(full), size: stat.size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<StoredKey> {
    const root = path.resolve(this.root);
    let entries: string[];
    try {
      entries = await fs.readdir(root, { recursive: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    for (const entry of entries) {
      const stat = await fs.stat(path.join(root, entry)).catch(() => null);
      if (!stat?.isFile()) continue;
      yield { key: entry.split(path.sep).join('/'), modifiedAt: stat.mtime };
    }
  }
}

/**
 * Files in the database (`file_blobs`, bytea): every instance on the database reads them. A blob
 * belongs to its `files` row (foreign key, ON DELETE CASCADE), so the row must exist before `put`
 * (the upload route writes it first) and deleting the row deletes the bytes.
 */
export class PostgresStorage implements Storage {
  constructor(private readonly db: Db) {}

  async put(key: string, data: Buffer, _mime: string): Promise<void> {
    checkStorageKey(key);
    await this.db
      .insert(fileBlobs)
      .values({ storageKey: key, data })
      .onConflictDoUpdate({ target: fileBlobs.storageKey, set: { data } });
  }

  async get(key: string): Promise<StoredObject | null> {
    checkStorageKey(key);
    const [row] = await this.db
      .select({ data: fileBlobs.data })
      .from(fileBlobs)
      .where(eq(fileBlobs.storageKey, key));
    if (!row) return null;
    return { body: Readable.from([row.data]), size: row.data.length };
  }

  async delete(key: string): Promise<void> {
    checkStorageKey(key);
    await this.db.delete(fileBlobs).where(eq(fileBlobs.storageKey, key));
  }

  async *list(): AsyncIterable<StoredKey> {
    const rows = await this.db
      .select({ key: fileBlobs.storageKey, modifiedAt: fileBlobs.createdAt })
      .from(fileBlobs);
    yield* rows;
  }
}

/**
 * Any storage with its files encrypted (AES-256-GCM, src/lib/file-crypto.ts): what lies on disk, in
 * `file_blobs` or in the bucket is unreadable without the key. Files are at most UPLOAD_MAX_BYTES, so
 * they are read whole to be decrypted.
 */
export class EncryptedStorage implements Storage {
  constructor(
    private readonly inner: Storage,
    private readonly keys: FileKey[],
  ) {}

  async put(key: string, data: Buffer, mime: string): Promise<void> {
    await this.inner.put(key, encryptFile(data, this.keys[0]!), mime);
  }

  async get(key: string): Promise<StoredObject | null> {
    const object = await this.inner.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const plain = decryptFile(Buffer.concat(chunks), this.keys);
    return { body: Readable.from([plain]), size: plain.length };
  }

  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }

  list(): AsyncIterable<StoredKey> {
    return this.inner.list();
  }
}

/** The storage FILE_STORAGE names. */
export function createStorage(config: Config, db: Db): Storage {
  switch (config.FILE_STORAGE) {
    case 'postgres':
      return new PostgresStorage(db);
    case 's3':
      return new (loadS3().S3Storage)({
        bucket: config.S3_BUCKET ?? '',
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        credentials:
          config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
            ? {
                accessKeyId: config.S3_ACCESS_KEY_ID,
                secretAccessKey: config.S3_SECRET_ACCESS_KEY,
              }
            : undefined,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
        prefix: config.S3_PREFIX,
        sse: config.S3_SSE,
      });
    case 'disk':
      return new LocalDiskStorage(path.join(config.DATA_DIR, 'uploads'));
  }
}

export default fp(
  async (app) => {
    const inner = createStorage(app.config, app.db);
    const keys = parseFileKeys(app.config.FILE_ENCRYPTION_KEYS, app.serverSecret);
    app.decorate('storage', new EncryptedStorage(inner, keys));
    const { close } = inner;
    if (close) app.addHook('onClose', async () => close.call(inner));
  },
  { name: 'storage', dependencies: ['config', 'db', 'secret'] },
);

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';

export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live. Local disk by default; an S3-compatible store can implement the same
 * three calls. Keys are relative paths such as `resumes/<user>/<uuid>.pdf`; the MIME type and the
 * owner are kept in the `files` table, not here.
 */
export interface Storage {
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** The object's bytes as a stream, or null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
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

/** Files under `root`; keys cannot climb out of it (no '..', no absolute paths, no empty segments). */
export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (
      !KEY_PATTERN.test(key) ||
      key.split('/').some((s) => s === '.' || s === '..') ||
      key.length > 500
    ) {
      throw new InvalidStorageKeyError(key);
    }
    const full = path.resolve(this.root, key);
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
}

export default fp(
  async (app) => {
    app.decorate('storage', new LocalDiskStorage(path.join(app.config.DATA_DIR, 'uploads')));
  },
  { name: 'storage', dependencies: ['config'] },
);

// The release store: a key/value place for release files, release records, the pointer and the history.
// Two backends with the same keys: a local folder (the default, `<repo>/.releases`) and an S3-compatible
// bucket (`s3://bucket/prefix`). Keys use `/` and never start with one.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';

/** The AWS SDK, loaded by the first S3 store only: a command on a folder store starts without it (~1 s less). */
type Sdk = typeof S3;
let sdk: Sdk | null = null;
const loadSdk = async (): Promise<Sdk> =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  (sdk ??= require('@aws-sdk/client-s3') as Sdk);

export interface Store {
  /** Where it is, for messages: a folder or an s3:// URL. */
  readonly location: string;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer | string, contentType?: string): Promise<void>;
  /** Every key that starts with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
  /** The local folder behind the store, when it has one (the static servers serve from it). */
  readonly dir?: string;
}

const checkKey = (key: string): string => {
  if (
    !key ||
    key.startsWith('/') ||
    key.split('/').some((p) => p === '..' || p === '.' || p === '')
  ) {
    throw new Error(`bad store key '${key}'`);
  }
  return key;
};

export class LocalStore implements Store {
  readonly location: string;
  constructor(readonly dir: string) {
    this.location = dir;
  }

  private file(key: string): string {
    return path.join(this.dir, ...checkKey(key).split('/'));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Written to a temporary name and renamed: a reader sees the old bytes or the new, never half. */
  async put(key: string, body: Buffer | string): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await fs.promises.writeFile(tmp, body);
    await fs.promises.rename(tmp, file);
  }

  async list(prefix: string): Promise<string[]> {
    const out: string[] = [];
    // Walk the deepest folder the prefix names in full, keep the keys that start with the prefix.
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const walk = async (dir: string, rel: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) await walk(path.join(dir, e.name), key);
        else if (key.startsWith(prefix) && !e.name.endsWith('.tmp')) out.push(key);
      }
    };
    await walk(base ? path.join(this.dir, ...base.split('/')) : this.dir, base);
    return out.sort();
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.rm(file, { force: true });
    // Empty folders go too, up to the store's root.
    let dir = path.dirname(file);
    while (dir.startsWith(this.dir) && dir !== this.dir) {
      try {
        await fs.promises.rmdir(dir);
      } catch {
        break;
      }
      dir = path.dirname(dir);
    }
  }
}

export interface S3StoreOptions {
  bucket: string;
  prefix?: string;
  region?: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export class S3Store implements Store {
  readonly location: string;
  private readonly client: Promise<S3Client>;
  private readonly prefix: string;
  constructor(private readonly opts: S3StoreOptions) {
    this.prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : '';
    this.location = `s3://${opts.bucket}/${this.prefix}`;
    this.client = loadSdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: opts.region ?? 'us-east-1',
          ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
          ...(opts.credentials ? { credentials: opts.credentials } : {}),
          forcePathStyle: opts.forcePathStyle ?? false,
          // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's CRC32 trailers.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const { GetObjectCommand, NoSuchKey } = await loadSdk();
    try {
      const res = await (
        await this.client
      ).send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: this.prefix + checkKey(key) }));
      if (!res.Body) return Buffer.alloc(0);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async put(key: string, body: Buffer | string, contentType?: string): Promise<void> {
    const { PutObjectCommand } = await loadSdk();
    await (
      await this.client
    ).send(
      new PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: this.prefix + checkKey(key),
        Body: typeof body === 'string' ? Buffer.from(body) : body,
        ...(contentType ? { ContentType: contentType } : {}),
      }),
    );
  }

  async list(prefix: string): Promise<string[]> {
    const { ListObjectsV2Command } = await loadSdk();
    const out: string[] = [];
    let token: string | undefined;
    do {
      const res = await (
        await this.client
      ).send(
        new ListObjectsV2Command({
          Bucket: this.opts.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of res.Contents ?? []) if (o.Key) out.push(o.Key.slice(this.prefix.length));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  }

  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = await loadSdk();
    await (
      await this.client
    ).send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: this.prefix + checkKey(key) }));
  }
}

/** The repository's root (release/dist/.. or release/src/..). */
export const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * The store named by `RELEASE_STORE` (or `location`): a folder path (default `<repo>/.releases`) or
 * `s3://bucket/prefix` with `RELEASE_S3_ENDPOINT`, `RELEASE_S3_REGION`, `RELEASE_S3_FORCE_PATH_STYLE`,
 * `RELEASE_S3_ACCESS_KEY_ID` / `RELEASE_S3_SECRET_ACCESS_KEY` (else the AWS SDK's own chain).
 */
export function openStore(
  location: string | undefined = process.env.RELEASE_STORE,
  env: NodeJS.ProcessEnv = process.env,
): Store {
  const where = location || path.join(repoRoot, '.releases');
  if (where.startsWith('s3://')) {
    const url = new URL(where);
    return new S3Store({
      bucket: url.hostname,
      prefix: url.pathname.replace(/^\/+/, ''),
      region: env.RELEASE_S3_REGION || 'us-east-1',
      endpoint: env.RELEASE_S3_ENDPOINT || undefined,
      forcePathStyle: /^(true|1|yes)$/i.test(env.RELEASE_S3_FORCE_PATH_STYLE ?? ''),
      credentials:
        env.RELEASE_S3_ACCESS_KEY_ID && env.RELEASE_S3_SECRET_ACCESS_KEY
          ? {
              accessKeyId: env.RELEASE_S3_ACCESS_KEY_ID,
              secretAccessKey: env.RELEASE_S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    });
  }
  return new LocalStore(path.resolve(where));
}

export async function getJson<T>(store: Store, key: string): Promise<T | null> {
  const body = await store.get(key);
  return body === null ? null : (JSON.parse(body.toString('utf8')) as T);
}

export async function putJson(store: Store, key: string, value: unknown): Promise<void> {
  await store.put(key, `${JSON.stringify(value, null, 2)}\n`, 'application/json');
}

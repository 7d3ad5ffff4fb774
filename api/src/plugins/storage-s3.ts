// Files in an S3-compatible bucket (FILE_STORAGE=s3; src/plugins/storage.ts): loaded only when the site is
// configured for one, so the SDK (hundreds of modules) stays out of every other process.
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkStorageKey, type Storage, type StoredKey, type StoredObject } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
  /** Prepended to every key. */
  prefix?: string;
  /** Server-side encryption asked of the bucket. */
  sse?: 'AES256' | 'aws:kms' | 'none';
}

/** Files in an S3-compatible bucket (AWS S3, MinIO, R2, …) through @aws-sdk/client-s3. */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly sse: 'AES256' | 'aws:kms' | 'none';

  constructor(opts: S3StorageOptions) {
    this.sse = opts.sse ?? 'AES256';
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      ...(opts.credentials ? { credentials: opts.credentials } : {}),
      forcePathStyle: opts.forcePathStyle ?? false,
      // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default
      // CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = opts.bucket;
    this.prefix = opts.prefix ?? '';
  }

  private objectKey(key: string): string {
    return `${this.prefix}${checkStorageKey(key)}`;
  }

  async put(key: string, data: Buffer, mime: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: mime,
        ContentLength: data.length,
        // The bucket encrypts too (S3_SSE; 'none' for servers without it). The bytes are already
        // AES-256-GCM under the site's own key.
        ...(this.sse !== 'none' ? { ServerSideEncryption: this.sse } : {}),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!(out.Body instanceof Readable)) {
        throw new Error('S3 answered without a readable body');
      }
      return { body: out.Body, size: out.ContentLength ?? 0 };
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async *list(): AsyncIterable<StoredKey> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key)
          yield { key: o.Key.slice(this.prefix.length), modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

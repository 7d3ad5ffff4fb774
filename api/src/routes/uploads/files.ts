// What the upload routes share: receiving one file from a multipart request, the file name to keep, and
// storing, releasing and streaming files (bytes in `app.storage`, rows in `app.uploads`).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../contract';
import { HttpError, isDatabaseUnavailable } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import type { DetectedType } from '../../services/file-types';
import type { FileKind } from '../../services/uploads';

export const UPLOAD_MESSAGES = {
  resumeInvalid: MESSAGES.resumeTooLargeOrUnsupported,
  imageTooLarge: MESSAGES.profileImageTooLarge,
  imageInvalid: 'Please upload a PNG, JPEG, GIF or WEBP image.',
  noFile: 'Please choose a file to upload.',
  ownOnly: 'You can only upload files to your own profile.',
  resumeForbidden: 'You are not allowed to view this resume.',
  savedResumeOwnOnly: 'You can only see your own saved resume.',
  resumeNotFound: 'Resume not found',
  imageNotFound: 'Profile image not found',
  resumeUploaded: MESSAGES.resumeUploaded,
  imageUploaded: MESSAGES.profileImageUploaded,
  resumeRemoved: 'Resume removed successfully',
  resumeAdded: 'Resume added.',
  resumeReplaced: 'Resume replaced.',
  resumeSaved: 'Resume saved.',
  incomplete: 'The upload was incomplete. Please try again.',
  quota: (mb: number) =>
    `Your files use all the storage an account has (${mb} MB). Remove a resume or your photo first.`,
} as const;

export interface Received {
  data: Buffer;
  filename: string;
  /** The form's text fields sent before the file (e.g. a resume's `name`). */
  fields: Record<string, string>;
}

/**
 * The one file of a multipart request (and its `userId` field, which must be the caller's). Too large,
 * too many parts or not multipart at all: 413/400 with `tooLarge`/`noFile`, never a 500.
 */
export async function receiveFile(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: string,
): Promise<Received> {
  const me = currentUser(request);
  if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  let part;
  let data: Buffer;
  try {
    // One byte over the limit is read, so an oversized file is seen as such even when the parser
    // truncates it silently (over a real socket busboy may not flag the truncation before the end).
    part = await request.file({ limits: { fileSize: maxBytes + 1 } });
    if (!part) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    data = await part.toBuffer();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
      throw new HttpError(413, tooLarge);
    }
    if (code.startsWith('FST_')) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
    if (isDatabaseUnavailable(e)) throw e;
    // The parser's own errors (a body cut short, a broken boundary): the client's request, not ours.
    throw new HttpError(400, UPLOAD_MESSAGES.incomplete);
  }
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (
      field &&
      !Array.isArray(field) &&
      field.type === 'field' &&
      typeof field.value === 'string'
    ) {
      fields[name] = field.value;
    }
  }
  const userId = fields.userId;
  if (userId !== undefined && userId !== '' && userId !== me.id) {
    throw new HttpError(403, UPLOAD_MESSAGES.ownOnly);
  }
  if (data.length > maxBytes) throw new HttpError(413, tooLarge);
  if (data.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  return { data, filename: part.filename ?? '', fields };
}

/** A file name safe to echo back: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (cleaned || fallback).slice(0, 200);
}

/** `inline` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file operations of the upload routes, over one app. */
export function fileOps(app: FastifyInstance) {
  const { config } = app;

  /** Refuses an upload that would take the user's stored files past UPLOAD_QUOTA_BYTES. */
  async function checkQuota(ownerId: string, replacing: string | null, size: number) {
    const used = await app.uploads.usedBytes(ownerId, replacing);
    if (used + size > config.UPLOAD_QUOTA_BYTES) {
      throw new HttpError(
        413,
        UPLOAD_MESSAGES.quota(Math.round(config.UPLOAD_QUOTA_BYTES / (1024 * 1024))),
      );
    }
  }

  /**
   * Stores the file (bytes, then its row, so every row has its bytes), then `attach`es it (points a
   * user or resume at its key). When `attach` throws, the file is removed again; a crash leaves at most
   * bytes, or a local disk's `*.tmp` file, that the orphan sweep removes.
   */
  async function storeFile<T>(
    ownerId: string,
    kind: FileKind,
    got: Received,
    type: DetectedType,
    attach: (key: string) => Promise<T>,
  ): Promise<T> {
    const folder = kind === 'resume' ? 'resumes' : 'images';
    const key = `${folder}/${ownerId}/${randomUUID()}.${type.ext}`;
    let attached = false;
    try {
      await app.storage.put(key, got.data, type.mime);
      await app.uploads.addFile({
        ownerId,
        kind,
        mime: type.mime,
        size: got.data.length,
        originalName: cleanFileName(got.filename, `file.${type.ext}`),
        storageKey: key,
        createdAt: app.now(),
      });
      const result = await attach(key);
      attached = true;
      return result;
    } finally {
      if (!attached) {
        await app.uploads.deleteFile(key);
        await app.storage.delete(key);
      }
    }
  }

  /** Removes a stored file unless a user, a resume or a referral request still points to it. */
  async function release(key: string | null) {
    if (!key) return;
    if (await app.uploads.usedByRequest(key)) return;
    if (await app.uploads.heldByUser(key)) return;
    await app.uploads.deleteFile(key);
    await app.storage.delete(key);
  }

  /** Sends a stored file inline (404 with `notFound` when its row or bytes are missing). */
  async function stream(reply: FastifyReply, key: string, notFound: string, name?: string) {
    const meta = await app.uploads.findFile(key);
    const object = meta ? await app.storage.get(key) : null;
    if (!meta || !object) throw new HttpError(404, notFound);
    reply
      .header('Content-Type', meta.mime)
      .header('Content-Length', String(object.size))
      .header('Content-Disposition', contentDisposition(name ?? meta.originalName))
      .header('Cache-Control', 'private, no-cache');
    return reply.send(object.body);
  }

  return { checkQuota, storeFile, release, stream };
}

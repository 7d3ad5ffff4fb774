import { randomUUID } from 'node:crypto';
import {
  errorResponses,
  idSchema,
  messageAnswer,
  MESSAGES,
  profileImageDownload,
  profileImageUploadAnswer,
  resumeDownload,
  resumeUploadAnswer,
  savedResumeAnswer,
  uploadForm,
  type ResumeUploadAnswer,
  type SavedResume,
} from '../../contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, isDatabaseUnavailable } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { detectImageType, detectResumeType, type DetectedType } from '../../services/file-types';
import type { FileKind } from '../../services/uploads';
import { profileLinkOf, resumeLinkOf } from '../../services/users';
import type { RouteApp } from '../route-app';

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
  incomplete: 'The upload was incomplete. Please try again.',
  quota: (mb: number) =>
    `Your files use all the storage an account has (${mb} MB). Remove your resume or photo first.`,
} as const;

/** A stored file no user or request points to is removed once it is older than this. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const userIdParams = z.object({ userId: idSchema });
const resumeQuery = z.object({ requestId: idSchema.optional(), v: z.string().max(64).optional() });
const imageQuery = z.object({ v: z.string().max(64).optional() });

interface Received {
  data: Buffer;
  filename: string;
}

/**
 * The one file of a multipart request (and its `userId` field, which must be the caller's). Too large,
 * too many parts or not multipart at all: 413/400 with `tooLarge`/`noFile`, never a 500.
 */
async function receiveFile(
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
  const field = part.fields.userId;
  const userId = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  if (userId !== undefined && userId !== '' && userId !== me.id) {
    throw new HttpError(403, UPLOAD_MESSAGES.ownOnly);
  }
  if (data.length > maxBytes) throw new HttpError(413, tooLarge);
  if (data.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  return { data, filename: part.filename ?? '' };
}

/** A file name safe to echo back: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (cleaned || fallback).slice(0, 200);
}

/** `inline` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Retention (RESUME_RETENTION_DAYS), then, once older than the grace period (an upload in flight is
 * younger): files that no user and no referral request points to (row and bytes), and stored objects
 * that no `files` row names (bytes stored by an upload that died before its row, a local disk's
 * half-written `*.tmp` files). Runs at start and every hour; answers how many it removed.
 */
export async function sweepOrphanUploads(app: FastifyInstance): Promise<number> {
  // Retention first: resumes only ended requests kept, past RESUME_RETENTION_DAYS, become orphans.
  await app.uploads.releaseOldRequestResumes(
    new Date(app.now().getTime() - app.config.RESUME_RETENTION_DAYS * 24 * 60 * 60 * 1000),
  );
  const cutoff = new Date(app.now().getTime() - ORPHAN_GRACE_MS);
  const orphans = await app.uploads.orphanKeys(cutoff);
  for (const key of orphans) {
    await app.uploads.deleteFile(key);
    await app.storage.delete(key);
  }
  return orphans.length + (await sweepStrayObjects(app, cutoff));
}

/** Removes the stored objects written before `cutoff` that no `files` row names; how many. */
async function sweepStrayObjects(app: FastifyInstance, cutoff: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const kept = await app.uploads.keysWithRows(batch);
    for (const key of batch.filter((k) => !kept.has(k))) {
      await app.storage.delete(key);
      removed++;
    }
    batch = [];
  };
  for await (const object of app.storage.list()) {
    if (object.modifiedAt >= cutoff) continue;
    batch.push(object.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}

/** Uploads per signed-in user (resume and photo together), then 429 with the wait. */
function uploadLimitOf(app: RouteApp) {
  const { config } = app;
  return app.rateLimit({
    groupId: 'upload',
    max: config.UPLOAD_MAX_PER_HOUR,
    timeWindow: 60 * 60 * 1000,
    keyGenerator: (request) => request.user?.id ?? `ip:${request.ip}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `You have uploaded too many files in the last hour. Please try again in ${context.after}.`,
      ),
  });
}

type UploadLimit = ReturnType<typeof uploadLimitOf>;

/** Refuses an upload that would take the user's stored files past UPLOAD_QUOTA_BYTES. */
async function checkQuota(app: RouteApp, ownerId: string, replacing: string | null, size: number) {
  const used = await app.uploads.usedBytes(ownerId, replacing);
  if (used + size > app.config.UPLOAD_QUOTA_BYTES) {
    throw new HttpError(
      413,
      UPLOAD_MESSAGES.quota(Math.round(app.config.UPLOAD_QUOTA_BYTES / (1024 * 1024))),
    );
  }
}

/**
 * Stores the file, then makes it the user's resume or photo. The bytes are stored before the row,
 * so every row has its bytes (a crash leaves at most bytes, or a local disk's `*.tmp` file, that the
 * orphan sweep removes). The switch locks the user's row and reads what it replaces under that
 * lock, so parallel uploads each release exactly the file they replaced and nothing is left behind.
 */
async function storeAndSwap(
  app: RouteApp,
  ownerId: string,
  kind: FileKind,
  got: Received,
  type: DetectedType,
  fields: (key: string) => Parameters<RouteApp['uploads']['swapUserFile']>[2],
) {
  const folder = kind === 'resume' ? 'resumes' : 'images';
  const key = `${folder}/${ownerId}/${randomUUID()}.${type.ext}`;
  let swapped = false;
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
    const { previous, user } = await app.uploads.swapUserFile(ownerId, kind, fields(key));
    swapped = true;
    await release(app, previous);
    return user;
  } finally {
    if (!swapped) {
      await app.uploads.deleteFile(key);
      await app.storage.delete(key);
    }
  }
}

/** Removes a stored file unless a user or a referral request still points to it. */
async function release(app: RouteApp, key: string | null) {
  if (!key) return;
  if (await app.uploads.usedByRequest(key)) return;
  if (await app.uploads.heldByUser(key)) return;
  await app.uploads.deleteFile(key);
  await app.storage.delete(key);
}

/** Sends a stored file (404 with `notFound` when it is gone), under its own name unless `name` is given. */
async function stream(
  app: RouteApp,
  reply: FastifyReply,
  key: string,
  notFound: string,
  name?: string,
) {
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

/** Sweeps the files nothing points to at start and every ORPHAN_GRACE_MS. */
function orphanSweepRoutine(app: RouteApp): void {
  let sweepTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    const sweep = () =>
      sweepOrphanUploads(app).catch((err: unknown) =>
        app.log.warn({ err }, 'orphan upload sweep failed'),
      );
    await sweep();
    sweepTimer = setInterval(() => void sweep(), ORPHAN_GRACE_MS);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (sweepTimer) clearInterval(sweepTimer);
  });
}

/** The caller's resume: uploading it and reading a candidate's. */
function resumeRoutes(app: RouteApp, uploadLimit: UploadLimit): void {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;

  /** The caller's resume: PDF, DOC or DOCX by content, at most UPLOAD_MAX_BYTES. */
  app.post(
    '/documentsUpload/resumeUpload',
    {
      bodyLimit: maxBytes + 1024 * 1024,
      onRequest: uploadLimit,
      schema: {
        tags: ['uploads'],
        summary: "Upload the caller's resume (PDF, DOC or DOCX by content)",
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 200: resumeUploadAnswer, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const got = await receiveFile(request, maxBytes, UPLOAD_MESSAGES.resumeInvalid);
      const type = detectResumeType(got.data);
      if (!type) throw new HttpError(400, UPLOAD_MESSAGES.resumeInvalid);
      await checkQuota(app, me.id, me.resume, got.data.length);
      const resumeName = cleanFileName(got.filename, `resume.${type.ext}`);
      const updated = await storeAndSwap(app, me.id, 'resume', got, type, (key) => ({
        resume: key,
        resumeName,
        resumeSize: got.data.length,
      }));
      const data: ResumeUploadAnswer = {
        resumeLink: resumeLinkOf(updated)!,
        resumeName,
        size: got.data.length,
      };
      return { success: true, message: UPLOAD_MESSAGES.resumeUploaded, data };
    },
  );

  /**
   * A candidate's resume, to its owner and to referrers who hold a pending or approved request from
   * them. With `requestId`, the resume that went with that request (to its sender; to its recipient
   * while it is pending or approved, 404 after a decline, expiry or withdraw).
   */
  app.get(
    '/documentsUpload/resume/:userId',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A resume, to its owner and to referrers who received a request from them',
        params: userIdParams,
        querystring: resumeQuery,
        response: { 200: resumeDownload, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { userId } = request.params;
      const { requestId } = request.query;
      if (requestId) {
        // The referrer's access ends with the request (declined, expired, withdrawn): 404 then.
        const found = await app.referrals.resumeOfRequest(requestId, userId, me.id);
        if (!found) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
        if (found.forbidden) throw new HttpError(403, UPLOAD_MESSAGES.resumeForbidden);
        if (!found.key) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
        // The candidate sees who opened it (docs/trust-and-safety.md).
        if (me.id !== userId) await app.referrals.logResumeOpen(me.id, { requestId });
        return stream(app, reply, found.key, UPLOAD_MESSAGES.resumeNotFound);
      }
      if (me.id !== userId && !(await app.referrals.hasOpenRequestFrom(userId, me.id))) {
        throw new HttpError(403, UPLOAD_MESSAGES.resumeForbidden);
      }
      const owner = await app.users.findById(userId);
      if (!owner?.resume) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
      if (me.id !== userId) await app.referrals.logResumeOpen(me.id, { senderId: userId });
      return stream(
        app,
        reply,
        owner.resume,
        UPLOAD_MESSAGES.resumeNotFound,
        owner.resumeName ?? undefined,
      );
    },
  );
}

/** The saved resume a referral request offers, and removing it. */
function savedResumeRoutes(app: RouteApp): void {
  /**
   * The caller's saved resume, which a referral request offers instead of a new upload: its file id,
   * name, size, upload time and link; null when there is none. Only one's own (403 otherwise).
   */
  app.get(
    '/documentsUpload/savedResume/:userId',
    {
      schema: {
        tags: ['uploads'],
        summary: "The caller's saved resume (name, size, upload time) for a referral request",
        params: userIdParams,
        response: { 200: savedResumeAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (request.params.userId !== me.id) {
        throw new HttpError(403, UPLOAD_MESSAGES.savedResumeOwnOnly);
      }
      const owner = await app.users.findById(me.id);
      const file = owner?.resume ? await app.uploads.findFile(owner.resume) : null;
      if (!owner || !file) return { success: true as const, data: null };
      const data: SavedResume = {
        _id: file.id,
        resumeName: owner.resumeName ?? file.originalName,
        size: owner.resumeSize ?? file.size,
        uploadedAt: file.createdAt.toISOString(),
        resumeLink: resumeLinkOf(owner)!,
      };
      return { success: true as const, data };
    },
  );

  /** Removes the caller's resume (requests already sent keep the copy they carried). */
  app.delete(
    '/documentsUpload/resume',
    {
      schema: {
        tags: ['uploads'],
        summary: "Remove the caller's resume (requests already sent keep their copy)",
        response: { 200: messageAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const previous = await app.uploads.clearResume(me.id);
      await release(app, previous);
      return { success: true, message: UPLOAD_MESSAGES.resumeRemoved };
    },
  );
}

/** The profile photo: uploading it and reading anyone's. */
function photoRoutes(app: RouteApp, uploadLimit: UploadLimit): void {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;

  /** The caller's profile photo: PNG, JPEG, GIF or WEBP by content, at most UPLOAD_MAX_BYTES. */
  app.post(
    '/documentsUpload/profileImgUpload',
    {
      bodyLimit: maxBytes + 1024 * 1024,
      onRequest: uploadLimit,
      schema: {
        tags: ['uploads'],
        summary: "Upload the caller's profile photo (PNG, JPEG, GIF or WEBP by content)",
        consumes: ['multipart/form-data'],
        body: uploadForm,
        response: { 200: profileImageUploadAnswer, ...errorResponses(400, 401, 403, 413, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const got = await receiveFile(request, maxBytes, UPLOAD_MESSAGES.imageTooLarge);
      const type = detectImageType(got.data);
      if (!type) throw new HttpError(400, UPLOAD_MESSAGES.imageInvalid);
      await checkQuota(app, me.id, me.profileImage, got.data.length);
      const updated = await storeAndSwap(app, me.id, 'profile_image', got, type, (key) => ({
        profileImage: key,
      }));
      return {
        success: true,
        message: UPLOAD_MESSAGES.imageUploaded,
        data: { profileImageLink: profileLinkOf(updated)! },
      };
    },
  );

  /** Profile photos are public: they appear on job and request cards. */
  app.get(
    '/documentsUpload/profileImage/:userId',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['uploads'],
        summary: 'A profile photo (public: it appears on job and request cards)',
        params: userIdParams,
        querystring: imageQuery,
        response: { 200: profileImageDownload, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const key = await app.uploads.profileImageKey(request.params.userId);
      if (!key) throw new HttpError(404, UPLOAD_MESSAGES.imageNotFound);
      return stream(app, reply, key, UPLOAD_MESSAGES.imageNotFound);
    },
  );
}

/** Resumes and profile photos: the files people upload, kept in the storage (src/plugins/storage.ts). */
const documentsUpload: FastifyPluginAsyncZod = async (app) => {
  const uploadLimit = uploadLimitOf(app);
  orphanSweepRoutine(app);
  resumeRoutes(app, uploadLimit);
  savedResumeRoutes(app);
  photoRoutes(app, uploadLimit);
};

export default documentsUpload;

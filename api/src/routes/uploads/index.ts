import {
  errorResponses,
  idSchema,
  messageAnswer,
  profileImageDownload,
  profileImageUploadAnswer,
  resumeDownload,
  resumeUploadAnswer,
  resumeNameOf,
  savedResumeAnswer,
  uploadForm,
  type ResumeUploadAnswer,
  type SavedResume,
} from '../../contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { detectImageType, detectResumeType } from '../../services/file-types';
import { profileLinkOf, resumeLinkOf } from '../../services/users';
import { cleanFileName, fileOps, receiveFile, UPLOAD_MESSAGES } from './files';
import { namedResumeRoutes } from './resumes';
import type { RouteApp } from '../route-app';

export { cleanFileName, UPLOAD_MESSAGES } from './files';

/** A stored file no user or request points to is removed once it is older than this. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

const userIdParams = z.object({ userId: idSchema });
const resumeQuery = z.object({ requestId: idSchema.optional(), v: z.string().max(64).optional() });
const imageQuery = z.object({ v: z.string().max(64).optional() });

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

/** The caller's default resume: uploading it and reading a candidate's. */
function resumeRoutes(app: RouteApp, uploadLimit: ReturnType<typeof uploadLimitOf>): void {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const { checkQuota, storeFile, release, stream } = fileOps(app);

  /**
   * The caller's default resume (PDF, DOC or DOCX by content, at most UPLOAD_MAX_BYTES): replaces its
   * file and name, or adds the first resume. The single-resume call the spec names; the named resumes
   * have their own (./resumes.ts).
   */
  app.post(
    '/documentsUpload/resumeUpload',
    {
      bodyLimit: maxBytes + 1024 * 1024,
      onRequest: uploadLimit,
      schema: {
        tags: ['uploads'],
        summary: "Upload the caller's default resume (PDF, DOC or DOCX by content)",
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
      const current = await app.resumes.findDefault(me.id);
      await checkQuota(me.id, current?.storageKey ?? null, got.data.length);
      const resumeName = cleanFileName(got.filename, `resume.${type.ext}`);
      const name = resumeNameOf(resumeName);
      const previous = await storeFile(me.id, 'resume', got, type, (key) =>
        app.resumes.putDefault(me.id, key, name, app.now()),
      );
      await release(previous);
      const data: ResumeUploadAnswer = {
        resumeLink: resumeLinkOf(me.id),
        resumeName,
        size: got.data.length,
      };
      return { success: true, message: UPLOAD_MESSAGES.resumeUploaded, data };
    },
  );

  /**
   * A candidate's default resume, to its owner and to referrers who hold a pending or approved request
   * from them. With `requestId`, the resume that went with that request (to its sender; to its recipient
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
        return stream(reply, found.key, UPLOAD_MESSAGES.resumeNotFound);
      }
      if (me.id !== userId && !(await app.referrals.hasOpenRequestFrom(userId, me.id))) {
        throw new HttpError(403, UPLOAD_MESSAGES.resumeForbidden);
      }
      const resume = await app.resumes.findDefault(userId);
      if (!resume) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
      if (me.id !== userId) await app.referrals.logResumeOpen(me.id, { senderId: userId });
      return stream(reply, resume.storageKey, UPLOAD_MESSAGES.resumeNotFound);
    },
  );
}

/** The default resume as the single-resume request dialog offers it, and removing it. */
function savedResumeRoutes(app: RouteApp): void {
  const { release } = fileOps(app);

  /**
   * The caller's default resume as the single-resume request dialog offered it: its id (a `resumeId`
   * for the request), file name, size, upload time and link; null when there is none. Only one's own
   * (403 otherwise).
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
      const resume = await app.resumes.findDefault(me.id);
      if (!resume) return { success: true as const, data: null };
      const data: SavedResume = {
        _id: resume.id,
        resumeName: resume.fileName,
        size: resume.size,
        uploadedAt: resume.uploadedAt.toISOString(),
        resumeLink: resumeLinkOf(me.id),
      };
      return { success: true as const, data };
    },
  );

  /**
   * Removes the caller's default resume (the oldest other one becomes the default; requests already
   * sent keep the copy they carried).
   */
  app.delete(
    '/documentsUpload/resume',
    {
      schema: {
        tags: ['uploads'],
        summary: "Remove the caller's default resume (requests already sent keep their copy)",
        response: { 200: messageAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await release(await app.resumes.remove(me.id, null));
      return { success: true, message: UPLOAD_MESSAGES.resumeRemoved };
    },
  );
}

/** The profile photo: uploading it and reading anyone's. */
function photoRoutes(app: RouteApp, uploadLimit: ReturnType<typeof uploadLimitOf>): void {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const { checkQuota, storeFile, release, stream } = fileOps(app);

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
      await checkQuota(me.id, me.profileImage, got.data.length);
      const { previous, user: updated } = await storeFile(
        me.id,
        'profile_image',
        got,
        type,
        (key) => app.uploads.swapProfileImage(me.id, key),
      );
      await release(previous);
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
      return stream(reply, key, UPLOAD_MESSAGES.imageNotFound);
    },
  );
}

/** Resumes (the default one and the named ones) and profile photos: the files people upload. */
const documentsUpload: FastifyPluginAsyncZod = async (app) => {
  const uploadLimit = uploadLimitOf(app);
  orphanSweepRoutine(app);
  namedResumeRoutes(app, { uploadLimit });
  resumeRoutes(app, uploadLimit);
  savedResumeRoutes(app);
  photoRoutes(app, uploadLimit);
};

export default documentsUpload;

import { randomUUID } from 'node:crypto';
import { idSchema, MESSAGES, type ResumeUploadAnswer } from '../../contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { files, referralRequests, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { detectImageType, detectResumeType, type DetectedType } from '../../services/fileTypes';
import { profileLinkOf, resumeLinkOf } from '../../services/users';

export const UPLOAD_MESSAGES = {
  resumeInvalid: MESSAGES.resumeTooLargeOrUnsupported,
  imageTooLarge: MESSAGES.profileImageTooLarge,
  imageInvalid: 'Please upload a PNG, JPEG, GIF or WEBP image.',
  noFile: 'Please choose a file to upload.',
  ownOnly: 'You can only upload files to your own profile.',
  resumeForbidden: 'You are not allowed to view this resume.',
  resumeNotFound: 'Resume not found',
  imageNotFound: 'Profile image not found',
  resumeUploaded: MESSAGES.resumeUploaded,
  imageUploaded: MESSAGES.profileImageUploaded,
  resumeRemoved: 'Resume removed successfully',
} as const;

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
    throw e;
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
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (cleaned || fallback).slice(0, 200);
}

/** `inline` with an ASCII fallback name and the UTF-8 one (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const documentsUpload: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.config.UPLOAD_MAX_BYTES;

  async function store(
    ownerId: string,
    kind: 'resume' | 'profile_image',
    got: Received,
    type: DetectedType,
  ) {
    const folder = kind === 'resume' ? 'resumes' : 'images';
    const key = `${folder}/${ownerId}/${randomUUID()}.${type.ext}`;
    await app.storage.put(key, got.data, type.mime);
    await app.db.insert(files).values({
      ownerId,
      kind,
      mime: type.mime,
      size: got.data.length,
      originalName: cleanFileName(got.filename, `file.${type.ext}`),
      storageKey: key,
      createdAt: app.now(),
    });
    return key;
  }

  /** Removes a stored file unless a referral request still carries it. */
  async function release(key: string | null) {
    if (!key) return;
    const used = await app.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(eq(referralRequests.resume, key))
      .limit(1);
    if (used[0]) return;
    await app.db.delete(files).where(eq(files.storageKey, key));
    await app.storage.delete(key);
  }

  async function stream(reply: FastifyReply, key: string, notFound: string, name?: string) {
    const meta = (await app.db.select().from(files).where(eq(files.storageKey, key)).limit(1))[0];
    const object = meta ? await app.storage.get(key) : null;
    if (!meta || !object) throw new HttpError(404, notFound);
    reply
      .header('Content-Type', meta.mime)
      .header('Content-Length', String(object.size))
      .header('Content-Disposition', contentDisposition(name ?? meta.originalName))
      .header('Cache-Control', 'private, no-cache');
    return reply.send(object.body);
  }

  /** The caller's resume: PDF, DOC or DOCX by content, at most UPLOAD_MAX_BYTES. */
  app.post(
    '/documentsUpload/resumeUpload',
    { bodyLimit: maxBytes + 1024 * 1024 },
    async (request) => {
      const me = currentUser(request);
      const got = await receiveFile(request, maxBytes, UPLOAD_MESSAGES.resumeInvalid);
      const type = detectResumeType(got.data);
      if (!type) throw new HttpError(400, UPLOAD_MESSAGES.resumeInvalid);
      const key = await store(me.id, 'resume', got, type);
      const resumeName = cleanFileName(got.filename, `resume.${type.ext}`);
      const updated = await app.users.update(me.id, {
        resume: key,
        resumeName,
        resumeSize: got.data.length,
      });
      await release(me.resume);
      const data: ResumeUploadAnswer = {
        resumeLink: resumeLinkOf(updated)!,
        resumeName,
        size: got.data.length,
      };
      return { success: true, message: UPLOAD_MESSAGES.resumeUploaded, data };
    },
  );

  /**
   * A candidate's resume, to its owner and to referrers who received a request from them. With
   * `requestId`, the resume that went with that request (to its sender and its recipient).
   */
  app.get(
    '/documentsUpload/resume/:userId',
    { schema: { params: userIdParams, querystring: resumeQuery } },
    async (request, reply) => {
      const me = currentUser(request);
      const { userId } = request.params;
      const { requestId } = request.query;
      if (requestId) {
        const row = (
          await app.db
            .select()
            .from(referralRequests)
            .where(and(eq(referralRequests.id, requestId), eq(referralRequests.senderId, userId)))
            .limit(1)
        )[0];
        if (!row) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
        if (me.id !== row.senderId && me.id !== row.recipientId) {
          throw new HttpError(403, UPLOAD_MESSAGES.resumeForbidden);
        }
        if (!row.resume) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
        return stream(reply, row.resume, UPLOAD_MESSAGES.resumeNotFound);
      }
      if (me.id !== userId) {
        const received = await app.db
          .select({ id: referralRequests.id })
          .from(referralRequests)
          .where(
            and(eq(referralRequests.senderId, userId), eq(referralRequests.recipientId, me.id)),
          )
          .limit(1);
        if (!received[0]) throw new HttpError(403, UPLOAD_MESSAGES.resumeForbidden);
      }
      const owner = await app.users.findById(userId);
      if (!owner?.resume) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
      return stream(
        reply,
        owner.resume,
        UPLOAD_MESSAGES.resumeNotFound,
        owner.resumeName ?? undefined,
      );
    },
  );

  /** Removes the caller's resume (requests already sent keep the copy they carried). */
  app.delete('/documentsUpload/resume', async (request) => {
    const me = currentUser(request);
    await app.users.update(me.id, { resume: null, resumeName: null, resumeSize: null });
    await release(me.resume);
    return { success: true, message: UPLOAD_MESSAGES.resumeRemoved };
  });

  /** The caller's profile photo: PNG, JPEG, GIF or WEBP by content, at most UPLOAD_MAX_BYTES. */
  app.post(
    '/documentsUpload/profileImgUpload',
    { bodyLimit: maxBytes + 1024 * 1024 },
    async (request) => {
      const me = currentUser(request);
      const got = await receiveFile(request, maxBytes, UPLOAD_MESSAGES.imageTooLarge);
      const type = detectImageType(got.data);
      if (!type) throw new HttpError(400, UPLOAD_MESSAGES.imageInvalid);
      const key = await store(me.id, 'profile_image', got, type);
      const updated = await app.users.update(me.id, { profileImage: key });
      if (me.profileImage) {
        await app.db.delete(files).where(eq(files.storageKey, me.profileImage));
        await app.storage.delete(me.profileImage);
      }
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
    { config: { auth: 'public' }, schema: { params: userIdParams, querystring: imageQuery } },
    async (request, reply) => {
      const row = (
        await app.db
          .select({ key: users.profileImage })
          .from(users)
          .where(eq(users.id, request.params.userId))
          .limit(1)
      )[0];
      if (!row?.key) throw new HttpError(404, UPLOAD_MESSAGES.imageNotFound);
      return stream(reply, row.key, UPLOAD_MESSAGES.imageNotFound);
    },
  );
};

export default documentsUpload;

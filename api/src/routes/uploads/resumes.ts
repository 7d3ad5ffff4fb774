// A candidate's named resumes (docs/decisions-candidate.md): up to RESUMES_MAX, one the default; list,
// add, replace the file, rename or make default, delete, and open one's own. Every route answers only the
// caller's own resumes: another user's resume id is 404, as if it did not exist.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  errorResponses,
  idSchema,
  messageAnswer,
  RESUMES_FULL_MESSAGE,
  namedResumeForm,
  resumeAnswer,
  resumeChangeBody,
  resumeDownload,
  resumeNameOf,
  resumeNameSchema,
  resumesAnswer,
  RESUMES_MAX,
} from '../../contract';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { detectResumeType } from '../../services/file-types';
import { toResume, type ResumeWithFile } from '../../services/resumes';
import { cleanFileName, fileOps, receiveFile, UPLOAD_MESSAGES, type Received } from './files';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const resumeParams = z.object({ resumeId: idSchema });

/** The name a multipart form gave (validated), else `fallback`'s. */
function nameFrom(got: Received, fallback: string | undefined): string | undefined {
  const given = got.fields.name;
  if (given === undefined || given.trim() === '') return fallback;
  const parsed = resumeNameSchema.safeParse(given);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message);
  return parsed.data;
}

/** What the named-resume routes share: the zod-typed instance, the upload size, the file steps, `mine`. */
function resumeKit(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const maxBytes = app.config.UPLOAD_MAX_BYTES;
  const ops = fileOps(parent);

  /** The caller's resume `id`, or 404 (someone else's too). */
  async function mine(ownerId: string, id: string): Promise<ResumeWithFile> {
    const resume = await app.resumes.find(id);
    if (!resume || resume.ownerId !== ownerId) {
      throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
    }
    return resume;
  }

  /** The resume as it now is, for an answer. */
  const reread = async (ownerId: string, id: string) => toResume(await mine(ownerId, id));
  return { app, maxBytes, ...ops, mine, reread };
}

type ResumeKit = ReturnType<typeof resumeKit>;
type UploadLimit = ReturnType<FastifyInstance['rateLimit']>;

export function namedResumeRoutes(
  parent: FastifyInstance,
  { uploadLimit }: { uploadLimit: UploadLimit },
): void {
  const kit = resumeKit(parent);
  listAndAddRoutes(kit, uploadLimit);
  replaceRoute(kit, uploadLimit);
  changeRoutes(kit);
  fileRoute(kit);
}

/** The caller's resumes, and adding one. */
function listAndAddRoutes(
  { app, maxBytes, checkQuota, storeFile, reread }: ResumeKit,
  uploadLimit: UploadLimit,
): void {
  app.get(
    '/documentsUpload/resumes',
    {
      schema: {
        tags: ['uploads'],
        summary: "The caller's named resumes, the default first",
        response: { 200: resumesAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { success: true as const, data: (await app.resumes.list(me.id)).map(toResume) };
    },
  );

  app.post(
    '/documentsUpload/resumes',
    {
      bodyLimit: maxBytes + 1024 * 1024,
      onRequest: uploadLimit,
      schema: {
        tags: ['uploads'],
        summary: `Add a named resume (at most ${RESUMES_MAX}; the first is the default)`,
        consumes: ['multipart/form-data'],
        body: namedResumeForm,
        response: { 200: resumeAnswer, ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      // Refused before the upload is read when already full (the add checks again under a lock).
      if ((await app.resumes.list(me.id)).length >= RESUMES_MAX) {
        throw new HttpError(400, RESUMES_FULL_MESSAGE);
      }
      const got = await receiveFile(request, maxBytes, UPLOAD_MESSAGES.resumeInvalid);
      const type = detectResumeType(got.data);
      if (!type) throw new HttpError(400, UPLOAD_MESSAGES.resumeInvalid);
      const name = nameFrom(got, resumeNameOf(cleanFileName(got.filename, 'Resume')))!;
      await checkQuota(me.id, null, got.data.length);
      const id = await storeFile(me.id, 'resume', got, type, (key) =>
        app.resumes.add(me.id, key, name, app.now()),
      );
      return {
        success: true as const,
        message: UPLOAD_MESSAGES.resumeAdded,
        data: await reread(me.id, id),
      };
    },
  );
}

/** A new file for one of the caller's resumes. */
function replaceRoute(
  { app, maxBytes, checkQuota, storeFile, release, mine, reread }: ResumeKit,
  uploadLimit: UploadLimit,
): void {
  app.put(
    '/documentsUpload/resumes/:resumeId/file',
    {
      bodyLimit: maxBytes + 1024 * 1024,
      onRequest: uploadLimit,
      schema: {
        tags: ['uploads'],
        summary: "Replace a resume's file (its name is kept unless one is sent)",
        consumes: ['multipart/form-data'],
        params: resumeParams,
        body: namedResumeForm,
        response: { 200: resumeAnswer, ...errorResponses(400, 401, 404, 413, 429) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { resumeId } = request.params;
      const current = await mine(me.id, resumeId);
      const got = await receiveFile(request, maxBytes, UPLOAD_MESSAGES.resumeInvalid);
      const type = detectResumeType(got.data);
      if (!type) throw new HttpError(400, UPLOAD_MESSAGES.resumeInvalid);
      const name = nameFrom(got, undefined);
      await checkQuota(me.id, current.storageKey, got.data.length);
      const previous = await storeFile(me.id, 'resume', got, type, async (key) => {
        const replaced = await app.resumes.replaceFile(me.id, resumeId, key, name);
        // Deleted meanwhile: the new file goes again.
        if (replaced === null) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
        return replaced;
      });
      await release(previous);
      return {
        success: true as const,
        message: UPLOAD_MESSAGES.resumeReplaced,
        data: await reread(me.id, resumeId),
      };
    },
  );
}

/** Renaming a resume or making it the default, and deleting one. */
function changeRoutes({ app, release, mine, reread }: ResumeKit): void {
  app.put(
    '/documentsUpload/resumes/:resumeId',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Rename a resume and/or make it the default (the fields sent change)',
        params: resumeParams,
        body: resumeChangeBody,
        response: { 200: resumeAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { resumeId } = request.params;
      if (!(await app.resumes.change(me.id, resumeId, request.body))) {
        throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
      }
      return {
        success: true as const,
        message: UPLOAD_MESSAGES.resumeSaved,
        data: await reread(me.id, resumeId),
      };
    },
  );

  app.delete(
    '/documentsUpload/resumes/:resumeId',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Delete a resume (requests already sent keep their copy)',
        params: resumeParams,
        response: { 200: messageAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { resumeId } = request.params;
      await mine(me.id, resumeId);
      const key = await app.resumes.remove(me.id, resumeId);
      if (key === null) throw new HttpError(404, UPLOAD_MESSAGES.resumeNotFound);
      await release(key);
      return { success: true, message: UPLOAD_MESSAGES.resumeRemoved };
    },
  );
}

/** A resume's file, to its owner. */
function fileRoute({ app, stream, mine }: ResumeKit): void {
  app.get(
    '/documentsUpload/resumes/:resumeId/file',
    {
      schema: {
        tags: ['uploads'],
        summary: "One of the caller's resumes, the file itself",
        params: resumeParams,
        response: { 200: resumeDownload, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const resume = await mine(me.id, request.params.resumeId);
      return stream(reply, resume.storageKey, UPLOAD_MESSAGES.resumeNotFound);
    },
  );
}

// The upload routes' answers and file downloads as schemas (zod). ./upload.ts keeps the plain helpers the
// browser's main bundle takes without zod, and re-exports these types.
import './zodConfig';
import { z } from 'zod';
import { binaryFile, envelope, idSchema, messageEnvelope } from './common';
import { IMAGE_MIME_TYPES, RESUME_MIME_TYPES } from './constants';

export const resumeUploadAnswerSchema = z.object({
  resumeLink: z.string(),
  resumeName: z.string(),
  size: z.number().int(),
});
export type ResumeUploadAnswer = z.infer<typeof resumeUploadAnswerSchema>;

export const profileImageUploadAnswerSchema = z.object({ profileImageLink: z.string() });
export type ProfileImageUploadAnswer = z.infer<typeof profileImageUploadAnswerSchema>;

/**
 * The caller's saved resume, as a referral request offers it (docs/decisions-candidate.md): the file's id
 * (sent back with the request), its name, size, when it was uploaded and where to view it.
 */
export const savedResumeSchema = z
  .object({
    _id: z.string().describe("The stored file's id: send it as `resumeId` with the request"),
    resumeName: z.string(),
    size: z.number().int(),
    uploadedAt: z.string().describe('ISO 8601, when this file was uploaded'),
    resumeLink: z.string(),
  })
  .meta({ id: 'SavedResume' });
export type SavedResume = z.infer<typeof savedResumeSchema>;

/** GET /documentsUpload/savedResume/:userId: the saved resume, or null when there is none. */
export const savedResumeAnswer = envelope(savedResumeSchema.nullable());

/** POST /documentsUpload/resumeUpload */
export const resumeUploadAnswer = messageEnvelope(resumeUploadAnswerSchema);
/** POST /documentsUpload/profileImgUpload */
export const profileImageUploadAnswer = messageEnvelope(profileImageUploadAnswerSchema);

/**
 * The multipart body of both uploads (`consumes: multipart/form-data`). It documents the form; the
 * handler reads the file part from the stream itself (size and type checked on the bytes), so nothing is
 * parsed into `body` and this never refuses a request (`catch`): a request that is not multipart gets
 * the handler's own 'Please choose a file to upload.'.
 */
export const uploadForm = z
  .object({
    file: binaryFile.describe('The file (one part)'),
    userId: idSchema.optional().describe("The caller's id (optional; another id is refused)"),
  })
  .optional()
  .catch(undefined);

const fileOf = (types: readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(types.map((t) => [t, { schema: binaryFile }])),
});

/** GET /documentsUpload/resume/:userId: the file itself, served inline. */
export const resumeDownload = fileOf(RESUME_MIME_TYPES, 'The resume (PDF, DOC or DOCX), inline');
/** GET /documentsUpload/profileImage/:userId: the image itself. */
export const profileImageDownload = fileOf(
  IMAGE_MIME_TYPES,
  'The profile photo (PNG, JPEG, GIF or WEBP)',
);

// The upload routes' answers and file downloads as schemas (zod). ./upload.ts keeps the plain helpers the
// browser's main bundle takes without zod, and re-exports these types.
import './zodConfig';
import { z } from 'zod';
import { binaryFile, envelope, idSchema, messageEnvelope } from './common';
import { IMAGE_MIME_TYPES, RESUME_MIME_TYPES, RESUME_NAME_MAX } from './constants';

export const resumeUploadAnswerSchema = z.object({
  resumeLink: z.string(),
  resumeName: z.string(),
  size: z.number().int(),
});
export type ResumeUploadAnswer = z.infer<typeof resumeUploadAnswerSchema>;

export const profileImageUploadAnswerSchema = z.object({ profileImageLink: z.string() });
export type ProfileImageUploadAnswer = z.infer<typeof profileImageUploadAnswerSchema>;

/**
 * The caller's default resume, as a referral request offered it before named resumes: its id
 * (sent back with the request), its name, size, when it was uploaded and where to view it.
 */
export const savedResumeSchema = z
  .object({
    _id: z.string().describe("The default resume's id: send it as `resumeId` with the request"),
    resumeName: z.string(),
    size: z.number().int(),
    uploadedAt: z.string().describe('ISO 8601, when this file was uploaded'),
    resumeLink: z.string(),
  })
  .meta({ id: 'SavedResume' });
export type SavedResume = z.infer<typeof savedResumeSchema>;

/** GET /documentsUpload/savedResume/:userId: the saved resume, or null when there is none. */
export const savedResumeAnswer = envelope(savedResumeSchema.nullable());

/**
 * One of the candidate's named resumes (docs/decisions-candidate.md): its id (send it as `resumeId` with a
 * referral request), the name they gave it, the file's own name, size and upload time, whether it is the
 * default (preselected in the request dialog) and where its owner views it.
 */
export const resumeSchema = z
  .object({
    _id: idSchema.describe("The resume's id: send it as `resumeId` with a referral request"),
    name: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    uploadedAt: z.string().describe('ISO 8601, when its current file was uploaded'),
    isDefault: z.boolean(),
    resumeLink: z.string(),
  })
  .meta({ id: 'Resume' });
export type Resume = z.infer<typeof resumeSchema>;

/** GET /documentsUpload/resumes: the caller's resumes, the default first, then oldest first. */
export const resumesAnswer = envelope(z.array(resumeSchema));
/** POST /documentsUpload/resumes, PUT …/:resumeId/file, PUT …/:resumeId: the resume as it now is. */
export const resumeAnswer = messageEnvelope(resumeSchema);

/** A resume's name: trimmed, 1 to RESUME_NAME_MAX characters. */
export const resumeNameSchema = z
  .string()
  .trim()
  .min(1, 'Please give the resume a name.')
  .max(RESUME_NAME_MAX, `A resume's name can have at most ${RESUME_NAME_MAX} characters.`);

/** PUT /documentsUpload/resumes/:resumeId: a new name, and/or make it the default. */
export const resumeChangeBody = z
  .object({
    name: resumeNameSchema.optional(),
    isDefault: z.literal(true).optional().describe('Makes it the default (the others stop being)'),
  })
  .refine((b) => b.name !== undefined || b.isDefault !== undefined, {
    message: 'Nothing to change.',
  });
export type ResumeChange = z.infer<typeof resumeChangeBody>;

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

/**
 * The multipart body of adding or replacing a named resume: the file and, before it, an optional name
 * (the file's name without its extension when absent on adding; the resume's own name kept on replacing).
 */
export const namedResumeForm = z
  .object({
    name: z.string().optional().describe("The resume's name (a part before the file)"),
    file: binaryFile.describe('The file (one part)'),
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

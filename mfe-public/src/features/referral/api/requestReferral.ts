import {
  MESSAGES,
  addResume,
  isApiError,
  replaceResumeFile,
  resumeNameOf,
  sendReferralRequest,
  type ReferralRequest,
} from '@referio/shared';

export interface ReferralInput {
  /** A new resume to upload first: saved as a new named resume, or replacing `replaceId`'s file. */
  file: File | null;
  replaceId?: string | null;
  /** Or one of the candidate's resumes (GET /documentsUpload/resumes): sent as is, nothing uploaded. */
  resumeId?: string | null;
  userId: string | null | undefined;
  targetUserId: string | null | undefined;
  jobPostId: string | null | undefined;
  /** The note to the referrer; blank sends none (the server trims it too). */
  note?: string;
  onProgress?: (percent: number) => void;
}

/** Thrown when a piece the request needs is missing (the modal says 'Missing required data!' inline). */
export class MissingDataError extends Error {
  constructor() {
    super(MESSAGES.missingRequiredData);
  }
}

/**
 * The referral request (spec document 2): with a new file, save it first (a new named resume, or the
 * replaced one's new file, named after the file), then send the request naming that resume; with one
 * of the candidate's resumes, send the request naming it, without an upload.
 */
export async function requestReferral(input: ReferralInput): Promise<ReferralRequest> {
  const { file, replaceId, userId, targetUserId, jobPostId, onProgress } = input;
  const note = input.note?.trim() ? { note: input.note.trim() } : {};
  if ((!file && !input.resumeId) || !userId || !targetUserId || !jobPostId) {
    throw new MissingDataError();
  }
  let resumeId = input.resumeId ?? '';
  if (file) {
    const saved = replaceId
      ? await replaceResumeFile(replaceId, file, resumeNameOf(file.name), onProgress)
      : await addResume(file, undefined, onProgress);
    resumeId = saved._id;
  }
  return sendReferralRequest({ jobPostId, targetUserId, userId, resumeId, ...note });
}

/**
 * What a failed upload or request says. The spec: 'You have already requested for this job' on any
 * failure. We keep that sentence, except when the server refused with a more specific reason
 * (a 4xx other than 409 "already requested", e.g. an unreadable resume or the user's own job, or the
 * saved resume replaced meanwhile): then its message is the truth (docs/decisions-public.md).
 */
export function referralFailureMessage(err: unknown): string {
  if (isApiError(err) && err.status === 409 && err.serverMessage === MESSAGES.savedResumeChanged) {
    return MESSAGES.savedResumeChanged;
  }
  if (
    isApiError(err) &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 409 &&
    err.status !== 401 &&
    err.serverMessage
  ) {
    return err.serverMessage;
  }
  return MESSAGES.alreadyRequested;
}

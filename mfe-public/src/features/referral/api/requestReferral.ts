import {
  MESSAGES,
  isApiError,
  resumeUpload,
  sendReferralRequest,
  type ReferralRequest,
} from '@referio/shared';

export interface ReferralInput {
  /** A new resume to upload first (it becomes the saved resume too). */
  file: File | null;
  /** Or the saved resume's id (GET /documentsUpload/savedResume): sent as is, nothing uploaded. */
  savedResumeId?: string | null;
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
 * The referral request (spec document 2): upload the chosen resume, then send the request; or, with the
 * saved resume, send the request naming it, without a new upload.
 */
export async function requestReferral(input: ReferralInput): Promise<ReferralRequest> {
  const { file, savedResumeId, userId, targetUserId, jobPostId, onProgress } = input;
  const note = input.note?.trim() ? { note: input.note.trim() } : {};
  if ((!file && !savedResumeId) || !userId || !targetUserId || !jobPostId) {
    throw new MissingDataError();
  }
  if (file) {
    await resumeUpload(file, userId, onProgress);
    return sendReferralRequest({ jobPostId, targetUserId, userId, ...note });
  }
  return sendReferralRequest({
    jobPostId,
    targetUserId,
    userId,
    resumeId: savedResumeId!,
    ...note,
  });
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

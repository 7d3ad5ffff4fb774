import {
  MESSAGES,
  isApiError,
  resumeUpload,
  sendReferralRequest,
  type ReferralRequest,
} from '@referio/shared';

export interface ReferralInput {
  file: File | null;
  userId: string | null | undefined;
  targetUserId: string | null | undefined;
  jobPostId: string | null | undefined;
  onProgress?: (percent: number) => void;
}

/** Thrown when a piece the request needs is missing (the page alerts 'Missing required data!'). */
export class MissingDataError extends Error {
  constructor() {
    super(MESSAGES.missingRequiredData);
  }
}

/** Upload the resume, then send the request: the two calls of the referral request (spec document 2). */
export async function requestReferral(input: ReferralInput): Promise<ReferralRequest> {
  const { file, userId, targetUserId, jobPostId, onProgress } = input;
  if (!file || !userId || !targetUserId || !jobPostId) throw new MissingDataError();
  await resumeUpload(file, userId, onProgress);
  return sendReferralRequest({ jobPostId, targetUserId, userId });
}

/**
 * What a failed upload or request says. The spec: 'You have already requested for this job' on any
 * failure. We keep that sentence, except when the server refused with a more specific reason
 * (a 4xx other than 409 "already requested", e.g. an unreadable resume or the user's own job):
 * then its message is the truth (docs/decisions-public.md).
 */
export function referralFailureMessage(err: unknown): string {
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

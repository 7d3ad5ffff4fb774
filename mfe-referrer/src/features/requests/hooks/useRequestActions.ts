import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  MESSAGES,
  afterReferralChange,
  messageWithReason,
  toast,
  updateReferralStatus,
  type DeclineReason,
} from '@referio/shared';

/**
 * Approve or decline one request (a decline with its reason, when one was chosen): the spec's toasts
 * (with the server's reason below when it refused, e.g. the request expired meanwhile), then the lists
 * and counts reload. An approval the server refuses with 403 (the referrer is not verified at the job's
 * company) goes to `onApproveRefused` with the server's message, which says what to verify.
 */
export function useRequestActions(
  onApproveRefused?: (id: string, message: string) => void,
): (
  id: string,
  status: 'approved' | 'declined',
  decline?: { reason: DeclineReason; note?: string },
) => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(
    async (id, status, decline) => {
      try {
        // The spec's call, `{ status }` alone, unless a reason was chosen.
        if (decline) await updateReferralStatus(id, status, decline);
        else await updateReferralStatus(id, status);
        toast.success(
          status === 'approved' ? MESSAGES.referralApproved : MESSAGES.referralDeclined,
        );
        return true;
      } catch (err) {
        if (
          status === 'approved' &&
          onApproveRefused &&
          err instanceof ApiError &&
          err.status === 403 &&
          err.serverMessage
        ) {
          onApproveRefused(id, err.serverMessage);
          return false;
        }
        console.error('[referio] referral status update failed', err);
        toast.error(
          messageWithReason(
            err,
            status === 'approved' ? MESSAGES.referralApproveFailed : MESSAGES.referralDeclineFailed,
          ),
        );
        return false;
      } finally {
        await afterReferralChange(queryClient);
      }
    },
    [queryClient, onApproveRefused],
  );
}

import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, MESSAGES, toast, updateReferralStatus } from '@referio/shared';
import { referrerKeys } from '../../lib/queryKeys';

/**
 * Approve or decline one request: the spec's toasts, then the lists and counts reload. An approval the
 * server refuses with 403 (the referrer is not verified at the job's company) goes to
 * `onApproveRefused` with the server's message, which says what to verify.
 */
export function useRequestActions(
  onApproveRefused?: (id: string, message: string) => void,
): (id: string, status: 'approved' | 'declined') => Promise<boolean> {
  const queryClient = useQueryClient();
  return useCallback(
    async (id, status) => {
      try {
        await updateReferralStatus(id, status);
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
          status === 'approved' ? MESSAGES.referralApproveFailed : MESSAGES.referralDeclineFailed,
        );
        return false;
      } finally {
        await queryClient.invalidateQueries({ queryKey: referrerKeys.all });
      }
    },
    [queryClient, onApproveRefused],
  );
}

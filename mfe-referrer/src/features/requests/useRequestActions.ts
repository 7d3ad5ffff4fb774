import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  messageWithReason,
  toast,
  updateReferralStatus,
  type DeclineReason,
} from '@referio/shared';
import { referrerKeys } from '../../lib/queryKeys';

/**
 * Approve or decline one request (a decline with its reason, when one was chosen): the spec's toasts
 * (with the server's reason below when it refused, e.g. the request expired meanwhile), then the lists
 * and counts reload.
 */
export function useRequestActions(): (
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
        console.error('[referio] referral status update failed', err);
        toast.error(
          messageWithReason(
            err,
            status === 'approved' ? MESSAGES.referralApproveFailed : MESSAGES.referralDeclineFailed,
          ),
        );
        return false;
      } finally {
        await queryClient.invalidateQueries({ queryKey: referrerKeys.all });
      }
    },
    [queryClient],
  );
}

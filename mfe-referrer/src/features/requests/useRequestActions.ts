import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, toast, updateReferralStatus, afterReferralChange } from '@referio/shared';

/** Approve or decline one request: the spec's toasts, then the lists and counts reload. */
export function useRequestActions(): (
  id: string,
  status: 'approved' | 'declined',
) => Promise<boolean> {
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
        console.error('[referio] referral status update failed', err);
        toast.error(
          status === 'approved' ? MESSAGES.referralApproveFailed : MESSAGES.referralDeclineFailed,
        );
        return false;
      } finally {
        await afterReferralChange(queryClient);
      }
    },
    [queryClient],
  );
}

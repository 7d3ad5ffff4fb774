import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, referralQueries, toast } from '@referio/shared';

/** The signed-in candidate's request counts from the server; 'Failed to fetch referral counts' on failure. */
export function useCandidateCounts(userId: string | undefined) {
  const query = useQuery({
    ...referralQueries.counts(userId, 'candidate'),
    // Requests change elsewhere (job details, the referrer): always refresh when the page opens.
    staleTime: 0,
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.countsFailed, { toastId: 'candidate-counts-failed' });
  }, [failed]);
  return query;
}

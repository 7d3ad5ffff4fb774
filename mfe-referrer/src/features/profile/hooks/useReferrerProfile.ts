import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  ROLE_REFERRER,
  getByIdReferer,
  toast,
  type Profile,
  type WorkEmailHistoryEntry,
} from '@referio/shared';
import { referrerKeys } from '../../../lib/queryKeys';

export type ReferrerProfileAnswer = Profile & { workEmailHistory?: WorkEmailHistoryEntry[] };

/** The referrer's profile with the work e-mail history; says so once when it cannot be loaded. */
export function useReferrerProfile(userId: string) {
  const profile = useQuery({
    queryKey: referrerKeys.profile(userId),
    queryFn: () => getByIdReferer(userId, ROLE_REFERRER) as Promise<ReferrerProfileAnswer>,
    enabled: !!userId,
  });
  useEffect(() => {
    if (profile.isError) toast.error(MESSAGES.profileLoadFailed, { toastId: 'rr-profile' });
  }, [profile.isError]);
  return profile;
}

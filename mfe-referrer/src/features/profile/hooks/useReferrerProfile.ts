import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES, profileQueries, toast } from '@referio/shared';

/** The referrer's profile with the work e-mail history; says so once when it cannot be loaded. */
export function useReferrerProfile(userId: string) {
  const profile = useQuery(profileQueries.referrer(userId));
  useEffect(() => {
    if (profile.isError) toast.error(MESSAGES.profileLoadFailed, { toastId: 'rr-profile' });
  }, [profile.isError]);
  return profile;
}

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  ROLE_APPLICANT,
  Spinner,
  afterProfileChange,
  profileQueries,
  toast,
  useCurrentUser,
} from '@referio/shared';
import { EmailPreferences } from '@referio/shared/forms';
import { BlockedUsers } from '@referio/shared/jobs';
import { ProfileForm, ProfilePhoto, useProfileSession } from '@referio/shared/profile';
import { ResumesSection } from '../../features/profile/components/ResumesSection';
import { JobAlerts } from '../../features/alerts/components/JobAlerts';
import '../candidate.css';

/**
 * The candidate's profile: photo, details (with what the avatar popover shows) and resumes; their job
 * alerts, e-mail preferences and blocked people.
 */
export default function Profile() {
  const user = useCurrentUser();
  const userId = user?._id;
  const roleId = user?.roleId[0] ?? ROLE_APPLICANT;
  const queryClient = useQueryClient();
  const profileQuery = profileQueries.candidate(userId, roleId);
  const profile = useQuery({
    ...profileQuery,
    // The profile may have changed in referrer mode or another tab: refresh whenever the page opens.
    staleTime: 0,
  });
  const failed = profile.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.profileLoadFailed, { toastId: 'profile-load-failed' });
  }, [failed]);

  const { syncUser, photo, setPhoto } = useProfileSession();

  return (
    <section className="cand-page" aria-labelledby="cand-profile-title">
      <header className="cand-page__header">
        <h1 id="cand-profile-title">Profile</h1>
        <p className="cand-page__welcome">What referrers see when you ask them for a referral.</p>
      </header>
      {!userId || profile.isPending ? (
        <Spinner label="Loading profile" />
      ) : profile.isError ? (
        <p role="alert" className="cand-error">
          {MESSAGES.profileLoadFailed}
        </p>
      ) : (
        <div className="rf-profile">
          <ProfilePhoto
            userId={userId}
            name={profile.data.fullName || user?.displayName || ''}
            photo={photo ?? profile.data.profileLink}
            onUploaded={setPhoto}
          />
          <ProfileForm
            key={profile.data._id}
            userId={userId}
            roleId={ROLE_APPLICANT}
            profile={profile.data}
            onSaved={(saved) => {
              queryClient.setQueryData(profileQuery.queryKey, saved);
              syncUser(saved);
            }}
          />
          <ResumesSection
            userId={userId}
            onChanged={() => void afterProfileChange(queryClient, userId)}
          />
        </div>
      )}
      <JobAlerts ready={Boolean(userId) && !profile.isPending} />
      <EmailPreferences />
      <BlockedUsers />
    </section>
  );
}

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
  useSessionStore,
  type Profile as ProfileData,
  EmailPreferences,
} from '@referio/shared';
import { ProfileForm } from '../../features/profile/ProfileForm';
import { ProfilePhoto } from '../../features/profile/ProfilePhoto';
import { ResumeSection } from '../../features/profile/ResumeSection';
import '../candidate.css';

/** The candidate's profile: photo, details (with what the avatar popover shows) and resume. */
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

  const storedPhoto = useSessionStore((s) => s.profileImageLink);
  const setProfileImageLink = useSessionStore((s) => s.setProfileImageLink);
  const setUser = useSessionStore((s) => s.setUser);

  /** The session user follows the saved profile, so the avatar popover shows it at once. */
  const syncUser = (p: Partial<ProfileData>) => {
    const current = useSessionStore.getState().currentUserInfo?.data;
    if (!current) return;
    setUser({
      ...current,
      ...(p.fullName !== undefined
        ? { fullName: p.fullName, displayName: p.fullName || current.displayName }
        : {}),
      ...(p.email !== undefined ? { email: p.email } : {}),
      ...(p.overAllExperience !== undefined ? { overAllExperience: p.overAllExperience } : {}),
      ...(p.summary !== undefined ? { summary: p.summary } : {}),
      ...(p.skills !== undefined ? { skills: p.skills } : {}),
      ...(p.profileLink !== undefined ? { profileLink: p.profileLink } : {}),
    });
  };

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
        <div className="cand-profile">
          <ProfilePhoto
            userId={userId}
            name={profile.data.fullName || user?.displayName || ''}
            photo={storedPhoto ?? profile.data.profileLink}
            onUploaded={(link) => {
              setProfileImageLink(link);
              syncUser({ profileLink: link });
            }}
          />
          <ProfileForm
            key={profile.data._id}
            userId={userId}
            profile={profile.data}
            onSaved={(saved) => {
              queryClient.setQueryData(profileQuery.queryKey, saved);
              syncUser(saved);
            }}
          />
          <ResumeSection
            userId={userId}
            profile={profile.data}
            onChanged={() => void afterProfileChange(queryClient, userId)}
          />
        </div>
      )}
      <EmailPreferences />
    </section>
  );
}

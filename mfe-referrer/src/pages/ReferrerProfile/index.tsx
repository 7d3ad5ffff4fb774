import { useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  ROLE_REFERRER,
  Spinner,
  afterProfileChange,
  useCurrentUser,
} from '@referio/shared';
import { EmailPreferences } from '@referio/shared/forms';
import { BlockedUsers } from '@referio/shared/jobs';
import { ProfileForm, ProfilePhoto, useProfileSession } from '@referio/shared/profile';
import { useReferrerProfile } from '../../features/profile/hooks/useReferrerProfile';
import { WorkEmailHistory } from '../../features/profile/components/WorkEmailHistory';
import '../../referrer.css';

/** 'referrarProfile': the candidate profile's fields without the resume, plus position and the work e-mail history. */
export default function ReferrerProfile() {
  const user = useCurrentUser();
  const userId = user?._id ?? '';
  const queryClient = useQueryClient();
  const profile = useReferrerProfile(userId);
  const { syncUser, photo, setPhoto } = useProfileSession();

  return (
    <section className="rr-page" aria-labelledby="rr-profile-title">
      <h1 id="rr-profile-title">Profile</h1>
      {!profile.data ? (
        profile.isError ? (
          <p>{MESSAGES.profileLoadFailed}</p>
        ) : (
          <Spinner label="Loading profile" />
        )
      ) : (
        <div className="rf-profile">
          <ProfilePhoto
            userId={userId}
            name={profile.data.fullName || user?.displayName || ''}
            photo={photo ?? profile.data.profileLink ?? null}
            onUploaded={setPhoto}
          />
          <ProfileForm
            key={profile.data._id}
            userId={userId}
            roleId={ROLE_REFERRER}
            profile={profile.data}
            withPosition
            onSaved={(saved) => {
              syncUser(saved);
              void afterProfileChange(queryClient, userId);
            }}
          />
          <WorkEmailHistory history={profile.data.workEmailHistory ?? []} />
        </div>
      )}
      {profile.data && <EmailPreferences />}
      {profile.data && <BlockedUsers />}
    </section>
  );
}

import { useCallback } from 'react';
import { useSessionStore, type Profile } from '@referio/shared';

/**
 * What a profile page tells the session once a save or an upload succeeded: the stored user follows the
 * saved profile (so the avatar popover shows it at once), and a new photo replaces the stored one.
 */
export function useProfileSession(): {
  syncUser: (saved: Partial<Profile>) => void;
  photo: string | null;
  setPhoto: (link: string) => void;
} {
  const setUser = useSessionStore((s) => s.setUser);
  const photo = useSessionStore((s) => s.profileImageLink);
  const setProfileImageLink = useSessionStore((s) => s.setProfileImageLink);

  const syncUser = useCallback(
    (p: Partial<Profile>) => {
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
    },
    [setUser],
  );

  const setPhoto = useCallback(
    (link: string) => {
      setProfileImageLink(link);
      syncUser({ profileLink: link });
    },
    [setProfileImageLink, syncUser],
  );

  return { syncUser, photo, setPhoto };
}

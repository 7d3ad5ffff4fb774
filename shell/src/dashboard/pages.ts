// Dashboard inner pages: the spec's keys, their sidebar labels per mode, and the remote module each shows.
import type { DashboardPageKey, RoleName } from '@referio/shared';
import { remoteModules, type RemoteModuleId } from '../routes/paths';

export type DashboardMode = 'candidate' | 'referrer';

export const modeOfRole = (role: RoleName): DashboardMode =>
  role === 'referer' ? 'referrer' : 'candidate';
export const roleOfMode = (mode: DashboardMode): RoleName =>
  mode === 'referrer' ? 'referer' : 'user';

export const pageModules: Record<DashboardPageKey, RemoteModuleId> = {
  userdashboard: remoteModules.UserDashboard,
  explore: remoteModules.Explore,
  myReferralRequests: remoteModules.MyReferralRequests,
  profile: remoteModules.Profile,
  upgradToPremium: remoteModules.UpgradeToPremium,
  referrarDashboard: remoteModules.ReferrerDashboard,
  referralRequests: remoteModules.ReferralRequests,
  jobPosts: remoteModules.JobPosts,
  giverefferal: remoteModules.GiveReferral,
  referrarProfile: remoteModules.ReferrerProfile,
  chat: remoteModules.Chat,
};

export interface SidebarItem {
  key: DashboardPageKey;
  label: string;
}

/** Exactly the spec's sidebar, in its order (document 1 §2 "Dashboard shell"). */
export const sidebarItems: Record<DashboardMode, readonly SidebarItem[]> = {
  candidate: [
    { key: 'userdashboard', label: 'Dashboard' },
    { key: 'explore', label: 'Explore' },
    { key: 'myReferralRequests', label: 'My Referral Requests' },
    { key: 'profile', label: 'Profile' },
    { key: 'chat', label: 'Chat' },
    { key: 'upgradToPremium', label: 'Upgrade To Premium' },
  ],
  referrer: [
    { key: 'referrarDashboard', label: 'Referrer Dashboard' },
    { key: 'referralRequests', label: 'Referral Requests' },
    { key: 'jobPosts', label: 'Job Posts' },
    { key: 'giverefferal', label: 'Give Referral' },
    { key: 'referrarProfile', label: 'Profile' },
    { key: 'chat', label: 'Chat' },
  ],
};

export const defaultPage: Record<DashboardMode, DashboardPageKey> = {
  candidate: 'userdashboard',
  referrer: 'referrarDashboard',
};

export const profilePage: Record<DashboardMode, DashboardPageKey> = {
  candidate: 'profile',
  referrer: 'referrarProfile',
};

export function belongsToMode(key: DashboardPageKey, mode: DashboardMode): boolean {
  return sidebarItems[mode].some((item) => item.key === key);
}

/** The mode badge of the top bar. */
export const modeBadge: Record<DashboardMode, string> = {
  candidate: 'Candidate mode activated',
  referrer: 'Referrer mode activated',
};

/**
 * The switch-role action, read from the spec's two labels: in candidate mode it reads 'Find a Applicant'
 * and switches to referrer mode; in referrer mode it reads 'Find a Referrer' and switches to candidate
 * mode (docs/decisions-shell.md).
 */
export const switchRole: Record<DashboardMode, { label: string; to: DashboardMode }> = {
  candidate: { label: 'Find a Applicant', to: 'referrer' },
  referrer: { label: 'Find a Referrer', to: 'candidate' },
};

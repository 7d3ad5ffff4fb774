import type { DashboardPageKey } from '@referio/shared';

type IconName = DashboardPageKey | 'switch' | 'logout';

// 24×24 outline paths, drawn with currentColor.
const PATHS: Record<IconName, string> = {
  userdashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  referrarDashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  explore: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm5 12 5 5',
  myReferralRequests: 'M4 5h16v14H4zM4 9h16M8 13h5M8 16h8',
  referralRequests: 'M4 5h16v14H4zM4 9h16M8 13h5M8 16h8',
  jobPosts: 'M4 8h16v12H4zM9 8V5h6v3M4 13h16',
  giverefferal: 'M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  referrarProfile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0',
  chat: 'M4 5h16v11H9l-5 4z',
  upgradToPremium: 'M3 8l4 4 5-7 5 7 4-4-2 11H5z',
  switch: 'M4 8h13l-3-3m6 11H7l3 3',
  logout: 'M10 4H5v16h5m4-12 4 4-4 4m4-4H9',
};

export function SidebarIcon({ page }: { page: IconName }) {
  return (
    <svg
      className="dash__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[page]} />
    </svg>
  );
}

/** A top-bar glyph: one 24×24 outline path drawn with currentColor, `size` pixels wide. */
export function BarIcon({ d, size = 22 }: { d: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

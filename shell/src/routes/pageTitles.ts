// The titles of the pages whose remotes do not set one themselves: the dashboard's inner pages, job
// creation, the operators' console and the not-found page. Public pages set theirs (mfe-public/src/ssr/heads.ts),
// in the same form: '<page> — Referio'.
import { DEFAULT_HEAD, type DashboardPageKey, type PageHead } from '@referio/shared';

export const siteTitle = (page: string) => `${page} — Referio`;

/** What each dashboard page is called in the browser tab and announced as. */
export const dashboardPageTitles: Record<DashboardPageKey, string> = {
  userdashboard: 'Dashboard',
  explore: 'Explore jobs',
  myReferralRequests: 'My referral requests',
  profile: 'Profile',
  chat: 'Chat',
  upgradToPremium: 'Upgrade to Premium',
  referrarDashboard: 'Referrer dashboard',
  referralRequests: 'Referral requests',
  jobPosts: 'Job posts',
  giverefferal: 'Give a referral',
  referrarProfile: 'Referrer profile',
};

const head = (page: string): PageHead => ({
  title: siteTitle(page),
  description: DEFAULT_HEAD.description,
});

export const dashboardHead = (key: DashboardPageKey): PageHead => head(dashboardPageTitles[key]);

/** Shell routes whose remote page sets no title. */
export const shellRouteHeads = {
  createJobPost: head('Post a job'),
  admin: head('Operators console'),
  notFound: head('Page not found'),
} as const satisfies Record<string, PageHead>;

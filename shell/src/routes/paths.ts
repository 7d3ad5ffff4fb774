// The one typed route table: every URL of the site, the remote page module it shows, and whether the
// site header and footer are shown around it. Remote pages are loaded lazily by these ids.

/** Every page module the remotes expose (docs/foundation-interfaces.md). */
export const remoteModules = {
  Landing: 'mfe_public/Landing',
  SignIn: 'mfe_public/SignIn',
  SignUp: 'mfe_public/SignUp',
  CompanyList: 'mfe_public/CompanyList',
  JobDetails: 'mfe_public/JobDetails',
  CompanyPage: 'mfe_public/CompanyPage',
  BecomeReferrer: 'mfe_public/BecomeReferrer',
  ContactUs: 'mfe_public/ContactUs',
  Premium: 'mfe_public/Premium',
  PrivacyPolicy: 'mfe_public/PrivacyPolicy',
  TermsAndConditions: 'mfe_public/TermsAndConditions',
  RefundPolicy: 'mfe_public/RefundPolicy',
  Suspended: 'mfe_public/Suspended',
  UserDashboard: 'mfe_candidate/UserDashboard',
  Explore: 'mfe_candidate/Explore',
  MyReferralRequests: 'mfe_candidate/MyReferralRequests',
  Profile: 'mfe_candidate/Profile',
  UpgradeToPremium: 'mfe_candidate/UpgradeToPremium',
  ReferrerDashboard: 'mfe_referrer/ReferrerDashboard',
  ReferralRequests: 'mfe_referrer/ReferralRequests',
  JobPosts: 'mfe_referrer/JobPosts',
  GiveReferral: 'mfe_referrer/GiveReferral',
  ReferrerProfile: 'mfe_referrer/ReferrerProfile',
  CreateJobPost: 'mfe_referrer/CreateJobPost',
  Chat: 'mfe_chat/Chat',
  AdminConsole: 'mfe_admin/AdminConsole',
} as const;

export type RemoteModuleId = (typeof remoteModules)[keyof typeof remoteModules];

/** What a route renders: a remote page, the dashboard frame (which picks its own inner page), or nothing found. */
export type RouteTarget =
  { kind: 'remote'; module: RemoteModuleId } | { kind: 'dashboard' } | { kind: 'notFound' };

export interface RouteDef {
  path: string;
  target: RouteTarget;
  /** The page needs a stored session; without one the shell sends the user to /sign-in. */
  requiresSession?: boolean;
  /** Operators only: the shell asks the API before loading the page (RequireOperator). */
  operatorOnly?: boolean;
  /**
   * The server renders it for a visitor with a session too: the same page for everyone, whose personal parts
   * (the header's account menu) come with the app (docs/islands.md).
   */
  forEveryone?: boolean;
}

const remote = (module: RemoteModuleId): RouteTarget => ({ kind: 'remote', module });

export const routes = {
  root: { path: '/', target: remote(remoteModules.Landing), forEveryone: true },
  home: { path: '/home', target: remote(remoteModules.Landing), forEveryone: true },
  signIn: { path: '/sign-in', target: remote(remoteModules.SignIn) },
  signUp: { path: '/sign-up', target: remote(remoteModules.SignUp) },
  companyList: { path: '/company-list', target: remote(remoteModules.CompanyList) },
  jobDetails: { path: '/job-details/:id', target: remote(remoteModules.JobDetails) },
  /** A company's page: `/company/<id>/<slug>`, the slug optional (docs/decisions-public.md). */
  company: { path: '/company/:id/:slug?', target: remote(remoteModules.CompanyPage) },
  dashboard: { path: '/dashboard', target: { kind: 'dashboard' }, requiresSession: true },
  dashboardPage: { path: '/dashboard/:page', target: { kind: 'dashboard' }, requiresSession: true },
  becomeReferrer: { path: '/become-a-referral', target: remote(remoteModules.BecomeReferrer) },
  createJobPost: {
    path: '/create-job-post',
    target: remote(remoteModules.CreateJobPost),
    requiresSession: true,
  },
  contactUs: { path: '/contact-us', target: remote(remoteModules.ContactUs) },
  premium: { path: '/premium', target: remote(remoteModules.Premium) },
  privacyPolicy: { path: '/privacy-policy', target: remote(remoteModules.PrivacyPolicy) },
  termsAndConditions: {
    path: '/terms-and-conditions',
    target: remote(remoteModules.TermsAndConditions),
  },
  refundPolicy: { path: '/refund-cancellation-policy', target: remote(remoteModules.RefundPolicy) },
  suspended: { path: '/suspended', target: remote(remoteModules.Suspended) },
  admin: {
    path: '/admin',
    target: remote(remoteModules.AdminConsole),
    requiresSession: true,
    operatorOnly: true,
  },
  notFound: { path: '*', target: { kind: 'notFound' } },
} as const satisfies Record<string, RouteDef>;

/**
 * The spec's list of pages without the site header and footer. /create-job, /referrar-signin and
 * /create-referrar are not routes of ours (they show 'Page not found'), but the spec names them, so
 * the chrome stays hidden there too.
 */
export const PATHS_WITHOUT_CHROME: readonly string[] = [
  '/dashboard',
  '/sign-in',
  '/sign-up',
  '/create-job',
  '/create-job-post',
  '/referrar-signin',
  '/create-referrar',
  '/privacy-policy',
  '/terms-and-conditions',
  '/refund-cancellation-policy',
];

export function showsSiteChrome(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  const path = lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return false;
  return !PATHS_WITHOUT_CHROME.includes(path);
}

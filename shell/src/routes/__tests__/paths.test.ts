import { matchPath } from 'react-router-dom';
import { paths } from '@referio/shared';
import { PATHS_WITHOUT_CHROME, routes, showsSiteChrome } from '../paths';

describe('the route table', () => {
  it.each([
    ['/', 'mfe_public/Landing'],
    ['/home', 'mfe_public/Landing'],
    ['/sign-in', 'mfe_public/SignIn'],
    ['/sign-up', 'mfe_public/SignUp'],
    ['/company-list', 'mfe_public/CompanyList'],
    ['/job-details/:id', 'mfe_public/JobDetails'],
    ['/company/:id/:slug?', 'mfe_public/CompanyPage'],
    ['/become-a-referral', 'mfe_public/BecomeReferrer'],
    ['/create-job-post', 'mfe_referrer/CreateJobPost'],
    ['/contact-us', 'mfe_public/ContactUs'],
    ['/premium', 'mfe_public/Premium'],
    ['/privacy-policy', 'mfe_public/PrivacyPolicy'],
    ['/terms-and-conditions', 'mfe_public/TermsAndConditions'],
    ['/refund-cancellation-policy', 'mfe_public/RefundPolicy'],
    ['/suspended', 'mfe_public/Suspended'],
  ])('maps %s to the remote page module %s', (path, module) => {
    const route = Object.values(routes).find((r) => r.path === path);
    expect(route?.target).toEqual({ kind: 'remote', module });
  });

  it('gives /dashboard and /dashboard/:page to the dashboard frame, behind the session guard', () => {
    expect(routes.dashboard).toMatchObject({
      path: '/dashboard',
      target: { kind: 'dashboard' },
      requiresSession: true,
    });
    expect(routes.dashboardPage).toMatchObject({
      path: '/dashboard/:page',
      target: { kind: 'dashboard' },
      requiresSession: true,
    });
  });

  it('sends every other URL to the not-found page', () => {
    expect(routes.notFound).toEqual({ path: '*', target: { kind: 'notFound' } });
  });

  it('builds links that match the table', () => {
    expect(paths.jobDetails('a b')).toBe('/job-details/a%20b');
    expect(paths.dashboardPage('chat')).toBe('/dashboard/chat');
    expect(paths.refundPolicy()).toBe(routes.refundPolicy.path);
  });

  it('has a route for every link of the shared typed paths', () => {
    const built = [
      ...Object.values(paths).map((make) => (make as (arg: string) => string)('x')),
      paths.signIn(),
      paths.companyList(),
    ];
    for (const link of built) {
      const pathname = link.split('?')[0] ?? link;
      const route = Object.values(routes).find(
        (r) => r.path !== '*' && matchPath(r.path, pathname) !== null,
      );
      expect({ link, route: route?.path }).toEqual({ link, route: expect.any(String) });
    }
  });
});

describe('the site header and footer', () => {
  it.each([
    ...PATHS_WITHOUT_CHROME,
    '/dashboard/explore',
    '/dashboard/chat',
    '/sign-in/',
    '/Sign-In',
  ])('are hidden on %s', (path) => {
    expect(showsSiteChrome(path)).toBe(false);
  });

  it.each([
    '/',
    '/home',
    '/company-list',
    '/job-details/42',
    '/become-a-referral',
    '/contact-us',
    '/premium',
    '/nope',
  ])('are shown on %s', (path) => {
    expect(showsSiteChrome(path)).toBe(true);
  });
});

import { SITE_PATH_PREFIXES, paths } from '..';

describe('the typed site paths', () => {
  it('builds the plain addresses', () => {
    expect(paths.home()).toBe('/');
    expect(paths.signUp()).toBe('/sign-up');
    expect(paths.createJobPost()).toBe('/create-job-post');
    expect(paths.refundPolicy()).toBe('/refund-cancellation-policy');
  });

  it('escapes ids and page keys', () => {
    expect(paths.jobDetails('a b/c')).toBe('/job-details/a%20b%2Fc');
    expect(paths.dashboardPage('chat')).toBe('/dashboard/chat');
  });

  it('adds the query only when it has a value', () => {
    expect(paths.signIn()).toBe('/sign-in');
    expect(paths.signIn('/job-details/1?x=2')).toBe('/sign-in?next=%2Fjob-details%2F1%3Fx%3D2');
    expect(paths.companyList()).toBe('/company-list');
    expect(paths.companyList({ company: '' })).toBe('/company-list');
    expect(paths.companyList({ company: 'c 1' })).toBe('/company-list?company=c%201');
  });

  it('lists the first segment of every address it builds', () => {
    const built = Object.values(paths)
      .map((make) => (make as (arg: string) => string)('x'))
      .filter((p) => p !== '/');
    for (const p of built) {
      expect(SITE_PATH_PREFIXES).toContain(p.slice(1).split(/[/?]/)[0]);
    }
  });
});

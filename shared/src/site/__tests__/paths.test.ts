import { SITE_PATH_PREFIXES, companySlug, paths } from '..';

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

  it("builds a company's address from its id and a readable slug of its name", () => {
    expect(paths.company('c-1', 'Acme Corp')).toBe('/company/c-1/acme-corp');
    expect(paths.company('c 1', 'Birch & Co.')).toBe('/company/c%201/birch-co');
    expect(paths.company('c-1')).toBe('/company/c-1');
    expect(paths.company('c-1', '!!!')).toBe('/company/c-1');
    expect(companySlug('  Société Générale  ')).toBe('societe-generale');
    expect(companySlug('ＡＣＭＥ　Labs')).toBe('acme-labs');
    expect(companySlug('Яндекс')).toBe('яндекс');
    expect(paths.company('c-1', 'Яндекс')).toBe(
      '/company/c-1/%D1%8F%D0%BD%D0%B4%D0%B5%D0%BA%D1%81',
    );
    expect(companySlug('x'.repeat(80))).toHaveLength(60);
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

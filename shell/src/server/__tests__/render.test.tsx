/**
 * @jest-environment node
 */
import { useQuery } from '@tanstack/react-query';
import { matchPage, renderPage, type ServerPage } from '../render';

function FakeCompanies() {
  const query = useQuery({ queryKey: ['fake'], queryFn: () => Promise.resolve(['never fetched']) });
  return <h1>{query.data ? query.data.join(', ') : 'loading'}</h1>;
}

const page: ServerPage = {
  component: FakeCompanies,
  prefetch: async (client) => {
    await client.prefetchQuery({ queryKey: ['fake'], queryFn: () => ['Amber Cloud', 'Birch'] });
  },
};

describe("the shell's server render", () => {
  it.each([
    ['/', 'mfe_public/Landing', true],
    ['/home', 'mfe_public/Landing', true],
    ['/company-list', 'mfe_public/CompanyList', false],
    ['/premium/', 'mfe_public/Premium', false],
    ['/job-details/abc', 'mfe_public/JobDetails', false],
    ['/sign-in', 'mfe_public/SignIn', false],
    ['/sign-up', 'mfe_public/SignUp', false],
  ])(
    'matches %s to the remote page %s (rendered for a session too: %s)',
    (path, module, forEveryone) => {
      const [remote, name] = module.split('/');
      expect(matchPage(path)).toEqual({
        kind: 'remote',
        module,
        remote,
        expose: `./${name}`,
        forEveryone,
      });
    },
  );

  it.each(['/dashboard', '/dashboard/chat', '/create-job-post'])(
    'leaves %s (signed-in pages) to the browser',
    (path) => {
      expect(matchPage(path)).toEqual({ kind: 'browser' });
    },
  );

  it.each(['/nope', '/create-job', '/company-list/x'])('knows %s is no page', (path) => {
    expect(matchPage(path)).toEqual({ kind: 'notFound' });
  });

  it("renders the site's chrome around the page with the data it prefetched, and hands that data on", async () => {
    const out = await renderPage({
      url: new URL('http://localhost/company-list'),
      module: 'mfe_public/CompanyList',
      page,
    });
    expect(out.status).toBe(200);
    expect(out.html).toContain('<h1>Amber Cloud, Birch</h1>');
    expect(out.html).toContain('aria-label="Main"');
    expect(out.html).toContain('Create free account');
    expect(out.html).toContain('Quick links');
    expect(out.html).not.toContain('<script');
    expect(out.state.queries.map((q) => q.queryKey)).toEqual([['fake']]);
  });

  it('renders the policy pages without the header and footer, as the browser does', async () => {
    const out = await renderPage({
      url: new URL('http://localhost/privacy-policy'),
      module: 'mfe_public/PrivacyPolicy',
      page: { component: () => <h1>Privacy Policy</h1> },
    });
    expect(out.html).toContain('<h1>Privacy Policy</h1>');
    expect(out.html).not.toContain('aria-label="Main"');
  });

  it('renders an unknown path as the Page not found screen with status 404', async () => {
    const out = await renderPage({ url: new URL('http://localhost/nope') });
    expect(out.status).toBe(404);
    expect(out.html).toContain('Page not found');
    expect(out.html).toContain('Go to the home page');
  });
});

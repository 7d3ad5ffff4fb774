import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider, dehydrate } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type Company, type JobPost } from '@referio/shared';
import { api, makeCompanyPage, makeJob } from '@referio/shared/test-utils';
import { pages, sitemap } from '..';

const company = (name: string): Company => ({
  _id: `c-${name}`,
  companyName: name,
  logo: null,
  industry: 'Software',
  jobCount: 2,
});

const job = {
  _id: 'job-1',
  userId: 'u-1',
  jobTitle: 'Platform Engineer',
  companyName: 'Amber Cloud',
  jobLocation: 'Remote',
  address: 'Pune',
  companyLogo: '',
  industry: 'Software',
  experience: '3-5',
  jobType: 'Full-time',
  salaryRange: '12-18',
  requiredSkills: ['Go'],
  jobDescription: [],
  notes: [],
  status: 'active',
  totalReferrals: 0,
  referralBonus: 0,
  createdAt: new Date().toISOString(),
  isApplied: false,
  verifiedAtCompany: null,
} as unknown as JobPost;

beforeEach(() => {
  api.getAllCompany.mockResolvedValue({
    data: [company('Amber Cloud'), company('Birch & Co'), { ...company('Cedar'), jobCount: 0 }],
    total: 3,
  });
  api.getSimilarJobs.mockResolvedValue({ basis: 'similar', data: [] });
  api.getAllTestimonials.mockResolvedValue([]);
  api.getAllJobPost.mockResolvedValue({ data: [job], total: 1 });
});

/**
 * What the shell's server does with a page: its data first, then HTML from that data only (no fetch).
 * `route` is the page's route pattern where it reads its parameters; `origin`, the site's address.
 */
async function serverHtml(
  name: string,
  path: string,
  { route, origin = 'http://localhost' }: { route?: string; origin?: string } = {},
) {
  const page = pages[name]!;
  const url = new URL(path, origin);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await page.prefetch?.(client, url);
  const Page = page.component;
  const html = renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {route ? (
          <Routes>
            <Route path={route} element={<Page />} />
          </Routes>
        ) : (
          <Page />
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { html, head: page.head(url, dehydrate(client)), client };
}

describe("mfe-public's server render module", () => {
  it('renders the landing with its hero and the companies of the grid, fetched before the render', async () => {
    const { html, head } = await serverHtml('./Landing', '/home');
    expect(html).toContain('Get referred to the job you want');
    expect(html).toContain('Amber Cloud');
    expect(html).toContain('Birch &amp; Co');
    expect(html).not.toContain('Loading companies');
    expect(head.canonical).toBe('/');
  });

  it('renders the first page of jobs of /company-list, and a search as that company’s page', async () => {
    const all = await serverHtml('./CompanyList', '/company-list?page=1');
    expect(all.html).toContain('Platform Engineer');
    expect(all.head.canonical).toBe('/company-list');
    expect(api.getAllJobPost).toHaveBeenCalledWith({ search: '', start: 0, limit: 9 });

    const one = await serverHtml('./CompanyList', '/company-list?search=Amber%20Cloud&page=2');
    expect(one.head.title).toBe('Amber Cloud jobs — Referio');
    expect(one.head.canonical).toBe('/company-list?search=Amber+Cloud&page=2');
    expect(api.getAllJobPost).toHaveBeenLastCalledWith({
      search: 'Amber Cloud',
      start: 9,
      limit: 9,
    });
  });

  it('names the company on a company page (?company=, the tiles’ and the sitemap’s link)', async () => {
    const id = '7d1c6f1e-0000-4000-8000-000000000001';
    api.getAllJobPost.mockResolvedValue({
      data: [job],
      total: 1,
      company: { _id: id, companyName: 'Amber Cloud' },
    });
    const { head } = await serverHtml('./CompanyList', `/company-list?company=${id}`);
    expect(head.title).toBe('Amber Cloud jobs — Referio');
    expect(head.description).toContain('Open jobs at Amber Cloud');
    expect(head.canonical).toBe(`/company-list?company=${id}`);
    expect(api.getAllJobPost).toHaveBeenLastCalledWith(expect.objectContaining({ company: id }));
  });

  it('leaves a query whose call failed out of the data, so the browser asks again', async () => {
    api.getAllJobPost.mockRejectedValue(new Error('down'));
    const { html, client } = await serverHtml('./CompanyList', '/company-list');
    expect(html).toContain('Browse Companies');
    expect(dehydrate(client).queries.map((q) => q.queryKey[0])).not.toContain('jobPost');
  });

  it.each([
    ['./BecomeReferrer', '/become-a-referral', 'Become a Referrer'],
    ['./Premium', '/premium', 'Early access: all premium features are free'],
    ['./PrivacyPolicy', '/privacy-policy', 'Who sees your resume'],
    ['./TermsAndConditions', '/terms-and-conditions', 'Terms and Conditions'],
    ['./RefundPolicy', '/refund-cancellation-policy', 'Refund and Cancellation Policy'],
  ])('renders %s with its content', async (name, path, text) => {
    const { html } = await serverHtml(name, path);
    expect(html).toContain(text);
  });

  it.each([
    ['./SignIn', '/sign-in', 'Sign In', 'LOGIN', 'Register for free', '/sign-up'],
    ['./SignUp', '/sign-up', 'Sign Up', 'Sign Up', 'Sign in', '/sign-in'],
  ])(
    'renders %s as a form that works before the app: the type, the e-mail, the button, the other page with next',
    async (name, path, title, submit, other, otherPath) => {
      api.getAuthConfig.mockResolvedValue({ googleClientId: 'client-1.apps' });
      const { html, head } = await serverHtml(name, `${path}?next=%2Fjob-details%2Fj-1`);
      expect(html).toContain(`>${title}</h1>`);
      // Applicant is the type chosen in the HTML itself, before the form library runs.
      expect(html).toContain('<input type="radio" name="roleId" checked="" value="0"/>');
      expect(html).toContain('<input type="radio" name="roleId" value="1"/>');
      expect(html).toMatch(/<input[^>]* type="email"[^>]* name="email"/);
      expect(html).toContain(`type="submit"`);
      expect(html).toContain(`>${submit}</`);
      expect(html).toMatch(
        new RegExp(`href="${otherPath}\\?next=%2Fjob-details%2Fj-1"[^>]*>${other}</a>`),
      );
      // The Google button's place when the server offers Google.
      expect(html).toContain('or continue with');
      expect(head.canonical).toBe(path);
    },
  );

  it('renders sign-in without the Google button when the server does not offer Google or does not answer', async () => {
    api.getAuthConfig.mockResolvedValue({ googleClientId: null });
    expect((await serverHtml('./SignIn', '/sign-in')).html).not.toContain('or continue with');
    api.getAuthConfig.mockRejectedValue(new Error('down'));
    const { html, client } = await serverHtml('./SignIn', '/sign-in');
    expect(html).toContain('LOGIN');
    expect(html).not.toContain('or continue with');
    expect(dehydrate(client).queries).toEqual([]);
  });

  it('gives every page a title and a description of its own', () => {
    const heads = Object.values(pages).map((p) => p.head(new URL('http://localhost/')));
    expect(new Set(heads.map((h) => h.title)).size).toBe(heads.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(heads.length);
    for (const h of heads) expect(h.description.length).toBeGreaterThan(40);
  });

  it('lists the public pages and the page of each company with open jobs for the sitemap', async () => {
    const paths = await sitemap();
    expect(paths).toEqual(expect.arrayContaining(['/', '/company-list', '/premium']));
    expect(paths).toContain('/company/c-Birch%20%26%20Co/birch-co');
    expect(paths).toContain('/company/c-Amber%20Cloud/amber-cloud');
    expect(paths.some((p) => p.includes('Cedar'))).toBe(false);
  });

  describe('a company page', () => {
    const ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
    const companyHtml = (path: string) =>
      serverHtml('./CompanyPage', path, {
        route: '/company/:id/:slug?',
        origin: 'https://referio.example',
      });

    it('renders the company, its referrers’ domains and its first jobs, with its own head', async () => {
      api.getCompany.mockResolvedValue(
        makeCompanyPage({
          _id: ID,
          companyName: 'Amber Cloud',
          domains: [
            { domain: 'amber.example', confirmed: true, referrers: 1 },
            { domain: 'amber-jobs.example', confirmed: false, referrers: 1 },
          ],
        }),
      );
      const { html, head } = await companyHtml(`/company/${ID}/old-name?page=2`);
      expect(api.getCompany).toHaveBeenCalledWith(ID);
      expect(api.getAllJobPost).toHaveBeenCalledWith({
        search: '',
        start: 9,
        limit: 9,
        company: ID,
      });
      expect(html).toContain('Amber Cloud');
      expect(html).toContain('Platform Engineer');
      expect(html).toContain('Verified at Amber Cloud · @amber.example');
      expect(html).toContain('Verified · @amber-jobs.example');
      expect(html).not.toContain('Verified at Amber Cloud · @amber-jobs.example');
      expect(head.title).toBe('Amber Cloud: jobs and referrals — Referio');
      expect(head.description).toContain('3 open jobs at Amber Cloud');
      // The canonical address has the company's own slug, whatever the link had.
      expect(head.canonical).toBe(`/company/${ID}/amber-cloud?page=2`);
      expect(head.status).toBeUndefined();
    });

    it('answers an unknown company with 404 and "Company not found"', async () => {
      api.getCompany.mockResolvedValue(null);
      const { html, head } = await companyHtml(`/company/${ID}`);
      expect(html).toContain('Company not found');
      expect(head).toMatchObject({ status: 404, title: 'Company not found — Referio' });
    });

    it('fails the render when the API does not answer, so the page renders in the browser', async () => {
      api.getCompany.mockRejectedValue(new Error('down'));
      await expect(companyHtml(`/company/${ID}`)).rejects.toThrow('down');
    });
  });

  describe('a job page', () => {
    const JOB_ID = '7d1c6f1e-0000-4000-8000-0000000000aa';
    const path = `/job-details/${JOB_ID}`;
    const jobHtml = () =>
      serverHtml('./JobDetails', path, {
        route: '/job-details/:id',
        origin: 'https://referio.example',
      });

    it('renders the job with its own head, share image and JobPosting', async () => {
      api.getPublicJob.mockResolvedValue({
        ...job,
        _id: JOB_ID,
        jobDescription: ['Run the </script> platform.'],
        updatedAt: '2025-03-01T00:00:00.000Z',
      });
      const { html, head } = await jobHtml();
      expect(html).toContain('Platform Engineer');
      expect(html).toContain('Get Referrals from Employee');
      expect(head.title).toBe('Platform Engineer at Amber Cloud — Referio');
      expect(head.canonical).toBe(path);
      expect(head.image).toBe(`/og/job/${JOB_ID}.png`);
      expect(head.status).toBeUndefined();
      expect(head.jsonLd).toMatchObject({
        '@type': 'JobPosting',
        title: 'Platform Engineer',
        jobLocationType: 'TELECOMMUTE',
        url: `https://referio.example${path}`,
      });
    });

    it('renders the similar jobs under the job', async () => {
      api.getPublicJob.mockResolvedValue({ ...job, _id: JOB_ID, updatedAt: '' });
      api.getSimilarJobs.mockResolvedValue({
        basis: 'similar',
        data: [makeJob({ jobTitle: 'Site Reliability Engineer' })],
      });
      const { html } = await jobHtml();
      expect(api.getSimilarJobs).toHaveBeenCalledWith(JOB_ID, 4);
      expect(html).toContain('Similar jobs');
      expect(html).toContain('Site Reliability Engineer');
    });

    it('answers an unknown job with 404 and "Job not found", and the newest jobs under it', async () => {
      api.getPublicJob.mockResolvedValue(null);
      api.getSimilarJobs.mockImplementation(async (id) =>
        id
          ? { basis: 'newest', data: [] }
          : { basis: 'newest', data: [makeJob({ jobTitle: 'Data Analyst' })] },
      );
      const { html, head } = await jobHtml();
      expect(api.getSimilarJobs).toHaveBeenCalledWith(null, 4);
      expect(html).toContain('Recent jobs');
      expect(html).toContain('Data Analyst');
      expect(html).toContain('Job not found');
      expect(html).not.toContain('Try again');
      expect(head).toMatchObject({ status: 404, title: 'Job not found — Referio' });
      expect(head.jsonLd).toBeUndefined();
    });

    it('fails the render when the API does not answer, so the page renders in the browser', async () => {
      api.getPublicJob.mockRejectedValue(new Error('down'));
      await expect(jobHtml()).rejects.toThrow('down');
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore, type JobPost } from '@referio/shared';
import CompanyPage from '..';
import { api, COMPANY_ID, makeCompanyPage, makeJob, renderPage } from '@referio/shared/test-utils';

const PATH = '/company/:id/:slug?';
const location = () => screen.getByTestId('location').textContent;

/** The company's `total` open jobs, answered a page at a time as the API would (9 per page). */
function serveJobs(total: number) {
  api.getAllJobPost.mockImplementation(async (body = {}) => {
    const start = Number(body.start ?? 0);
    const count = Math.max(0, Math.min(9, total - start));
    const data: JobPost[] = Array.from({ length: count }, (_, k) =>
      makeJob({ _id: `job-${start + k}`, jobTitle: `Job ${start + k + 1}` }),
    );
    return { data, total, company: { _id: COMPANY_ID, companyName: 'Acme' } };
  });
}

beforeEach(() => useSessionStore.getState().signOut());

describe('a company page', () => {
  it('shows the name, the counts and the open jobs of the company, newest first from the server', async () => {
    api.getCompany.mockResolvedValue(makeCompanyPage({ openJobs: 12, referrers: 2 }));
    serveJobs(12);
    renderPage(<CompanyPage />, { url: `/company/${COMPANY_ID}/acme`, path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeInTheDocument();
    expect(api.getCompany).toHaveBeenCalledWith(COMPANY_ID);
    const counts = screen.getByText('Open jobs', { selector: 'dt' }).closest('dl')!;
    expect(counts).toHaveTextContent('Open jobs12');
    expect(counts).toHaveTextContent('Referrers2');
    const jobs = await screen.findByRole('list', { name: 'Open jobs at Acme' });
    expect(within(jobs).getAllByRole('article')).toHaveLength(9);
    expect(api.getAllJobPost).toHaveBeenCalledWith({
      search: '',
      start: 0,
      limit: 9,
      company: COMPANY_ID,
    });
    // On its own page the company's name is not a link to it.
    expect(within(jobs).queryByRole('link', { name: 'Acme' })).not.toBeInTheDocument();
    expect(document.title).toBe('Acme: jobs and referrals — Referio');
  });

  it('pages its jobs on the server, the page kept in the address', async () => {
    const user = userEvent.setup();
    api.getCompany.mockResolvedValue(makeCompanyPage({ openJobs: 12 }));
    serveJobs(12);
    renderPage(<CompanyPage />, { url: `/company/${COMPANY_ID}/acme`, path: PATH });
    const pages = await screen.findByRole('navigation', { name: 'Job pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'Job 10' })).toBeInTheDocument();
    expect(api.getAllJobPost).toHaveBeenLastCalledWith({
      search: '',
      start: 9,
      limit: 9,
      company: COMPANY_ID,
    });
    expect(location()).toBe(`/company/${COMPANY_ID}/acme?page=2`);
  });

  it("shows a confirmed domain as the company's and a claimed one only as the domain's own", async () => {
    api.getCompany.mockResolvedValue(
      makeCompanyPage({
        referrers: 3,
        domains: [
          { domain: 'acme.example', confirmed: true, referrers: 2 },
          { domain: 'acme-jobs.example', confirmed: false, referrers: 1 },
        ],
      }),
    );
    serveJobs(1);
    renderPage(<CompanyPage />, { url: `/company/${COMPANY_ID}/acme`, path: PATH });
    const list = await screen.findByRole('list', { name: 'Verified domains' });
    const [confirmed, claimed] = within(list).getAllByRole('listitem');
    expect(confirmed).toHaveTextContent('Verified at Acme · @acme.example2 referrers');
    expect(claimed).toHaveTextContent('Verified · @acme-jobs.example1 referrer');
    expect(claimed).not.toHaveTextContent('Verified at Acme');
    expect(claimed).toHaveTextContent(
      'Referio has not confirmed that acme-jobs.example belongs to Acme.',
    );
  });

  it('puts the company’s own slug in the address when the link had another', async () => {
    api.getCompany.mockResolvedValue(makeCompanyPage({ companyName: 'Acme Labs' }));
    serveJobs(0);
    renderPage(<CompanyPage />, { url: `/company/${COMPANY_ID}/old-name?page=1`, path: PATH });
    await screen.findByRole('heading', { level: 1, name: 'Acme Labs' });
    await waitFor(() => expect(location()).toBe(`/company/${COMPANY_ID}/acme-labs?page=1`));
    expect(await screen.findByText('No open jobs at Acme Labs right now.')).toBeInTheDocument();
  });

  it("says 'Company not found' with the way to the jobs for an unknown company", async () => {
    api.getCompany.mockResolvedValue(null);
    renderPage(<CompanyPage />, { url: `/company/${COMPANY_ID}`, path: PATH });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Company not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute(
      'href',
      '/company-list',
    );
    expect(document.title).toBe('Company not found — Referio');
    expect(api.getAllJobPost).not.toHaveBeenCalled();
  });
});

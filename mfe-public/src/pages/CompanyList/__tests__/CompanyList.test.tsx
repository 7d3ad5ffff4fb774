import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore, type JobPost } from '@referio/shared';
import CompanyList from '..';
import { api, renderPage, USER_ID, makeJob, makeSession } from '@referio/shared/test-utils';

beforeEach(() => api.getJobAlerts.mockResolvedValue([]));

/** A server with `total` jobs: answers each page as the API would (9 per page). */
function serve(total: number, title = (i: number) => `Job ${i + 1}`) {
  api.getAllJobPost.mockImplementation(async (body = {}) => {
    const start = Number(body.start ?? 0);
    const limit = Number(body.limit ?? 9);
    const count = Math.max(0, Math.min(limit, total - start));
    const data: JobPost[] = Array.from({ length: count }, (_, k) =>
      makeJob({ _id: `job-${start + k}`, jobTitle: title(start + k) }),
    );
    return { data, total };
  });
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  useSessionStore.getState().signOut();
  api.getJobSuggestions.mockResolvedValue([]);
});

describe('the company and job list', () => {
  it('asks the server for the first 9 jobs and numbers the pages with two digits', async () => {
    serve(20);
    renderPage(<CompanyList />, { url: '/company-list' });
    expect(await screen.findByRole('heading', { name: 'Job 1' })).toBeInTheDocument();
    expect(api.getAllJobPost).toHaveBeenCalledWith({ search: '', start: 0, limit: 9 });
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('article')).toHaveLength(
      9,
    );
    const pages = screen.getByRole('navigation', { name: 'Job pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveTextContent('01');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveTextContent('03');
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('sends the signed-in user id so the server can mark applied jobs', async () => {
    useSessionStore.getState().signIn(makeSession());
    serve(1);
    renderPage(<CompanyList />, { url: '/company-list' });
    await screen.findByRole('heading', { name: 'Job 1' });
    expect(api.getAllJobPost).toHaveBeenCalledWith({
      search: '',
      start: 0,
      limit: 9,
      userId: USER_ID,
    });
  });

  it('offers a job alert for the search and filters once there are some', async () => {
    useSessionStore.getState().signIn(makeSession());
    serve(1);
    const { unmount } = renderPage(<CompanyList />, { url: '/company-list' });
    await screen.findByRole('heading', { name: 'Job 1' });
    expect(screen.queryByRole('button', { name: /alert/i })).not.toBeInTheDocument();
    unmount();
    renderPage(<CompanyList />, { url: '/company-list?search=react&location=Remote' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Get alerts for this search' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Get job alerts' });
    expect(within(dialog).getByText(/^New jobs for/)).toHaveTextContent(
      'New jobs for "react" · Remote, by e-mail.',
    );
  });

  it('keeps the page in the page query parameter, and Back returns to the previous page', async () => {
    const user = userEvent.setup();
    serve(20);
    renderPage(<CompanyList />, { url: '/company-list', back: true });
    await screen.findByRole('heading', { name: 'Job 1' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(location()).toBe('/company-list?page=2');
    expect(await screen.findByRole('heading', { name: 'Job 10' })).toBeInTheDocument();
    expect(api.getAllJobPost).toHaveBeenLastCalledWith({ search: '', start: 9, limit: 9 });
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe('/company-list');
    expect(await screen.findByRole('heading', { name: 'Job 1' })).toBeInTheDocument();
  });

  it('opens on the page the URL names (a reload keeps the page)', async () => {
    serve(30);
    renderPage(<CompanyList />, { url: '/company-list?page=3' });
    expect(await screen.findByRole('heading', { name: 'Job 19' })).toBeInTheDocument();
    expect(api.getAllJobPost).toHaveBeenCalledWith({ search: '', start: 18, limit: 9 });
  });

  it('searches on the server 500 ms after the typing stops, and a new search starts again at page 1', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      serve(20);
      renderPage(<CompanyList />, { url: '/company-list?page=2' });
      await screen.findByRole('heading', { name: 'Job 10' });

      await user.type(screen.getByPlaceholderText('Browse companies & Job Roles'), 'acme');
      act(() => jest.advanceTimersByTime(499));
      expect(api.getAllJobPost).not.toHaveBeenCalledWith(
        expect.objectContaining({ search: 'acme' }),
      );

      act(() => jest.advanceTimersByTime(1));
      await waitFor(() =>
        expect(api.getAllJobPost).toHaveBeenLastCalledWith({
          search: 'acme',
          start: 0,
          limit: 9,
        }),
      );
      expect(location()).toBe('/company-list?search=acme');
      // Only the settled text was searched, never the letters on the way.
      expect(api.getAllJobPost).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'a' }));
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps a search sent with Enter before the typing settled', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      serve(3);
      renderPage(<CompanyList />, { url: '/company-list' });
      await screen.findByRole('heading', { name: 'Job 1' });
      await user.type(screen.getByPlaceholderText('Browse companies & Job Roles'), 'acme{Enter}');
      expect(location()).toBe('/company-list?search=acme');
      act(() => jest.advanceTimersByTime(2000));
      expect(location()).toBe('/company-list?search=acme');
    } finally {
      jest.useRealTimers();
    }
  });

  it("says 'No jobs match your search' when nothing matches", async () => {
    serve(0);
    renderPage(<CompanyList />, { url: '/company-list?search=zzz' });
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Browse companies & Job Roles')).toHaveValue('zzz');
    expect(screen.queryByRole('navigation', { name: 'Job pages' })).not.toBeInTheDocument();
  });

  it("toasts 'Error fetching jobs. Please try again later.' when the list fails", async () => {
    api.getAllJobPost.mockRejectedValue(new ApiError('boom', 500));
    renderPage(<CompanyList />, { url: '/company-list' });
    // Once in the toast, once in the page's own empty state.
    expect(await screen.findAllByText('Error fetching jobs. Please try again later.')).toHaveLength(
      2,
    );
    expect(screen.getByText('Jobs could not be loaded')).toBeInTheDocument();
  });

  it('filters by job type and location type on the server, in the URL, shown as chips; Back removes the last one', async () => {
    const user = userEvent.setup();
    serve(20);
    renderPage(<CompanyList />, { url: '/company-list?search=react&page=2', back: true });
    await screen.findByRole('heading', { name: 'Job 10' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'Contract');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location type' }), 'Remote');
    expect(location()).toBe('/company-list?search=react&jobType=Contract&location=Remote');
    await waitFor(() =>
      expect(api.getAllJobPost).toHaveBeenLastCalledWith({
        search: 'react',
        start: 0,
        limit: 9,
        jobType: 'Contract',
        location: 'Remote',
      }),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Job type: Contract')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe('/company-list?search=react&jobType=Contract');
    expect(screen.getByRole('combobox', { name: 'Location type' })).toHaveValue('');
  });

  it('names the company of a company filter in its chip, as the server answers it', async () => {
    api.getAllJobPost.mockResolvedValue({
      data: [makeJob({ _id: 'j1', jobTitle: 'Globex Role' })],
      total: 1,
      company: { _id: '3f1e5c2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b', companyName: 'Globex' },
    });
    renderPage(<CompanyList />, {
      url: '/company-list?company=3f1e5c2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    });
    await screen.findByRole('heading', { name: 'Globex Role' });
    expect(api.getAllJobPost).toHaveBeenCalledWith({
      search: '',
      start: 0,
      limit: 9,
      company: '3f1e5c2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
    });
    expect(screen.getByRole('button', { name: 'Remove filter Company: Globex' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Globex: its page and referrers' })).toHaveAttribute(
      'href',
      '/company/3f1e5c2a-8b7d-4e6f-9a0b-1c2d3e4f5a6b/globex',
    );
  });

  it("links each card's company name to the company's page", async () => {
    const user = userEvent.setup();
    api.getAllJobPost.mockResolvedValue({
      data: [makeJob({ _id: 'j1', jobTitle: 'Acme Role', companyName: 'Acme Corp' })],
      total: 1,
    });
    renderPage(<CompanyList />, { url: '/company-list' });
    const card = await screen.findByRole('article', { name: 'Acme Role' });
    await user.click(within(card).getByRole('link', { name: 'Acme Corp' }));
    expect(location()).toMatch(/^\/company\/[0-9a-f-]{36}\/acme-corp$/);
  });

  it('shows a bounded total as "1,000+ jobs" with page numbers up to the bound', async () => {
    api.getAllJobPost.mockResolvedValue({
      data: [makeJob({ _id: 'j1', jobTitle: 'Common Role' })],
      total: 1000,
      totalCapped: true,
    });
    renderPage(<CompanyList />, { url: '/company-list' });
    await screen.findByRole('heading', { name: 'Common Role' });
    expect(await screen.findByText('1,000+ jobs found')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Job pages' });
    expect(within(pages).getByRole('button', { name: 'Page 112' })).toBeInTheDocument();
  });
});

describe("the list's search suggestions", () => {
  beforeEach(() =>
    api.getJobSuggestions.mockResolvedValue([
      { kind: 'skill', label: 'React', jobs: 30 },
      { kind: 'company', label: 'Redwood Labs', companyId: 'c-1', jobs: 4 },
    ]),
  );
  const box = () => screen.getByRole('combobox', { name: 'Search companies and job roles' });

  it('searches a picked word at once', async () => {
    const user = userEvent.setup();
    serve(3);
    renderPage(<CompanyList />, { url: '/company-list?jobType=Contract' });
    await user.type(box(), 're');
    await user.click(await screen.findByRole('option', { name: 'React, Skill' }));
    expect(location()).toBe('/company-list?jobType=Contract&search=React');
    expect(box()).toHaveValue('React');
    await waitFor(() =>
      expect(api.getAllJobPost).toHaveBeenLastCalledWith({
        search: 'React',
        start: 0,
        limit: 9,
        jobType: 'Contract',
      }),
    );
  });

  it('lists a picked company by its filter in place of the search, other filters kept', async () => {
    const user = userEvent.setup();
    serve(20);
    renderPage(<CompanyList />, { url: '/company-list?jobType=Contract&search=re&page=2' });
    // The box holds the URL's search: its suggestions show once it has the focus.
    await user.click(box());
    await screen.findByRole('option', { name: 'Redwood Labs, Company' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location()).toBe('/company-list?jobType=Contract&company=c-1');
    expect(box()).toHaveValue('');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Explore from '../Explore';
import {
  api,
  FakeEventSource,
  makeJob,
  USER_ID,
  renderPage,
  makeSession,
} from '@referio/shared/test-utils';

beforeEach(() => {
  api.savedAmong.mockResolvedValue([]);
  api.getJobAlerts.mockResolvedValue([]);
});

describe('Explore', () => {
  it('asks the server for the first nine jobs of the candidate and pages through the total', async () => {
    api.getAllJobPost.mockImplementation(async (body = {}) => ({
      data: Array.from({ length: 9 }, (_, i) =>
        makeJob({ jobTitle: `Job ${Number(body.start ?? 0) + i + 1}` }),
      ),
      total: 20,
    }));
    renderPage(<Explore />, { session: makeSession() });

    expect(await screen.findByText('Job 1')).toBeInTheDocument();
    expect(api.getAllJobPost).toHaveBeenLastCalledWith({
      search: '',
      start: 0,
      limit: 9,
      userId: USER_ID,
    });
    const pages = screen.getByRole('navigation', { name: 'Job pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveTextContent('03');

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Job 10')).toBeInTheDocument();
    expect(api.getAllJobPost).toHaveBeenLastCalledWith({
      search: '',
      start: 9,
      limit: 9,
      userId: USER_ID,
    });
  });

  it('searches once the typing pauses and starts again at the first page', async () => {
    api.getAllJobPost.mockResolvedValue({ data: [makeJob({ jobTitle: 'Any job' })], total: 30 });
    renderPage(<Explore />, { session: makeSession() });
    await screen.findByText('Any job');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(api.getAllJobPost).toHaveBeenLastCalledWith(expect.objectContaining({ start: 9 })),
    );

    api.getAllJobPost.mockResolvedValue({ data: [], total: 0 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'rust');
    expect(api.getAllJobPost).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'rust' }));
    await waitFor(
      () =>
        expect(api.getAllJobPost).toHaveBeenLastCalledWith({
          search: 'rust',
          start: 0,
          limit: 9,
          userId: USER_ID,
        }),
      { timeout: 2000 },
    );
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(api.getAllJobPost.mock.calls.filter(([b]) => b?.search?.startsWith('r'))).toHaveLength(
      1,
    );
  });

  it('filters on the server from the URL and the selects, combined with the search', async () => {
    api.getAllJobPost.mockResolvedValue({ data: [makeJob({ jobTitle: 'Remote job' })], total: 1 });
    renderPage(<Explore />, {
      session: makeSession(),
      url: '/dashboard/explore?search=react&industry=it',
    });
    await screen.findByText('Remote job');
    expect(api.getAllJobPost).toHaveBeenLastCalledWith({
      search: 'react',
      start: 0,
      limit: 9,
      userId: USER_ID,
      industry: 'it',
    });
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('react');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Location type' }),
      'Remote',
    );
    await waitFor(() =>
      expect(api.getAllJobPost).toHaveBeenLastCalledWith({
        search: 'react',
        start: 0,
        limit: 9,
        userId: USER_ID,
        industry: 'it',
        location: 'Remote',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Industry: IT' }));
    await waitFor(() =>
      expect(api.getAllJobPost).toHaveBeenLastCalledWith({
        search: 'react',
        start: 0,
        limit: 9,
        userId: USER_ID,
        location: 'Remote',
      }),
    );
    expect(screen.getByText('1 job found')).toBeInTheDocument();
  });
});

describe('Explore: saved jobs', () => {
  it('hearts a job on its card (a toggle named after the job), and takes it back', async () => {
    const job = makeJob({ jobTitle: 'Data Engineer', companyName: 'Globex' });
    api.getAllJobPost.mockResolvedValue({ data: [job], total: 1 });
    api.savedAmong.mockResolvedValue([]);
    api.saveJob.mockResolvedValue({ jobPostId: job._id, saved: true });
    api.unsaveJob.mockResolvedValue({ jobPostId: job._id, saved: false });
    renderPage(<Explore />);
    const heart = await screen.findByRole('button', { name: 'Save Data Engineer at Globex' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(api.savedAmong).toHaveBeenCalledWith([job._id]);

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(api.saveJob).toHaveBeenCalledWith(job._id);
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(api.unsaveJob).toHaveBeenCalledWith(job._id);
  });

  it('puts the heart back and says why when saving fails', async () => {
    const job = makeJob({ jobTitle: 'Data Engineer', companyName: 'Globex' });
    api.getAllJobPost.mockResolvedValue({ data: [job], total: 1 });
    api.saveJob.mockRejectedValue(new Error('offline'));
    renderPage(<Explore />);
    const heart = await screen.findByRole('button', { name: 'Save Data Engineer at Globex' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByText('The job could not be saved.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('lists the saved jobs in their own tab, paged on the server, with their hearts pressed', async () => {
    const saved = Array.from({ length: 10 }, (_, i) => ({
      job: makeJob({ jobTitle: `Saved ${i + 1}` }),
      savedAt: '2026-03-01T10:00:00.000Z',
    }));
    api.getSavedJobs.mockImplementation(async (page) => ({
      success: true,
      data: page === 1 ? saved : [saved[0]!],
      total: 11,
      start: (page - 1) * 10,
      limit: 10,
    }));
    api.savedAmong.mockImplementation(async (ids) => [...ids]);
    renderPage(<Explore />, { url: '/dashboard/explore?tab=saved' });
    expect(screen.getByRole('tab', { name: 'Saved jobs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Saved 10')).toBeInTheDocument();
    expect(screen.getByText('11 saved jobs')).toBeInTheDocument();
    expect(api.getSavedJobs).toHaveBeenLastCalledWith(1);
    expect(api.getAllJobPost).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Save Saved/ })[0]).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const pages = screen.getByRole('navigation', { name: 'Saved job pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.getSavedJobs).toHaveBeenLastCalledWith(2));
  });

  it('says how to save a job when there is none yet', async () => {
    api.getSavedJobs.mockResolvedValue({ success: true, data: [], total: 0, start: 0, limit: 10 });
    renderPage(<Explore />, { url: '/dashboard/explore?tab=saved' });
    expect(await screen.findByText('No saved jobs yet')).toBeInTheDocument();
    expect(screen.getByText('Tap the heart on a job to keep it here.')).toBeInTheDocument();
  });

  it('shows a saved job as its poster changed it, without a reload', async () => {
    const kept = {
      job: makeJob({ jobTitle: 'Data Engineer' }),
      savedAt: '2026-03-01T10:00:00.000Z',
    };
    const edited = { ...kept, job: { ...kept.job, jobTitle: 'Senior Data Engineer' } };
    const answer = (data: (typeof kept)[]) => ({
      success: true as const,
      data,
      total: data.length,
      start: 0,
      limit: 10,
    });
    api.getSavedJobs.mockResolvedValue(answer([kept]));
    api.savedAmong.mockImplementation(async (ids) => [...ids]);
    renderPage(<Explore />, { url: '/dashboard/explore?tab=saved', session: makeSession() });
    expect(await screen.findByText('Data Engineer')).toBeInTheDocument();

    // The poster edits it: the API tells this tab's stream that the saved jobs changed.
    api.getSavedJobs.mockResolvedValue(answer([edited]));
    act(() => FakeEventSource.latest().emit('changed', { topics: ['savedJobs'] }));
    expect(await screen.findByText('Senior Data Engineer')).toBeInTheDocument();
  });
});

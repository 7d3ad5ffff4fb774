import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  getAllJobPost,
  getJobAlerts,
  getSavedJobs,
  saveJob,
  savedAmong,
  unsaveJob,
} from '@referio/shared';
import Explore from '../Explore';
import {
  FakeEventSource,
  makeJob,
  USER_ID,
  renderPage,
  makeSession,
} from '@referio/shared/test-utils';
import type * as TestUtils from '@referio/shared/test-utils';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi([
      'getAllJobPost',
      'savedAmong',
      'saveJob',
      'unsaveJob',
      'getSavedJobs',
      'getJobAlerts',
    ]),
);
const mockedJobs = jest.mocked(getAllJobPost);
const mockedSavedAmong = jest.mocked(savedAmong);
const mockedSave = jest.mocked(saveJob);
const mockedUnsave = jest.mocked(unsaveJob);
const mockedSavedPage = jest.mocked(getSavedJobs);

beforeEach(() => {
  mockedSavedAmong.mockResolvedValue([]);
  jest.mocked(getJobAlerts).mockResolvedValue([]);
});

describe('Explore', () => {
  it('asks the server for the first nine jobs of the candidate and pages through the total', async () => {
    mockedJobs.mockImplementation(async (body = {}) => ({
      data: Array.from({ length: 9 }, (_, i) =>
        makeJob({ jobTitle: `Job ${Number(body.start ?? 0) + i + 1}` }),
      ),
      total: 20,
    }));
    renderPage(<Explore />, { session: makeSession() });

    expect(await screen.findByText('Job 1')).toBeInTheDocument();
    expect(mockedJobs).toHaveBeenLastCalledWith({
      search: '',
      start: 0,
      limit: 9,
      userId: USER_ID,
    });
    const pages = screen.getByRole('navigation', { name: 'Job pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toHaveTextContent('03');

    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Job 10')).toBeInTheDocument();
    expect(mockedJobs).toHaveBeenLastCalledWith({
      search: '',
      start: 9,
      limit: 9,
      userId: USER_ID,
    });
  });

  it('searches once the typing pauses and starts again at the first page', async () => {
    mockedJobs.mockResolvedValue({ data: [makeJob({ jobTitle: 'Any job' })], total: 30 });
    renderPage(<Explore />, { session: makeSession() });
    await screen.findByText('Any job');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(mockedJobs).toHaveBeenLastCalledWith(expect.objectContaining({ start: 9 })),
    );

    mockedJobs.mockResolvedValue({ data: [], total: 0 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'rust');
    expect(mockedJobs).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'rust' }));
    await waitFor(
      () =>
        expect(mockedJobs).toHaveBeenLastCalledWith({
          search: 'rust',
          start: 0,
          limit: 9,
          userId: USER_ID,
        }),
      { timeout: 2000 },
    );
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    expect(mockedJobs.mock.calls.filter(([b]) => b?.search?.startsWith('r'))).toHaveLength(1);
  });

  it('filters on the server from the URL and the selects, combined with the search', async () => {
    mockedJobs.mockResolvedValue({ data: [makeJob({ jobTitle: 'Remote job' })], total: 1 });
    renderPage(<Explore />, {
      session: makeSession(),
      url: '/dashboard/explore?search=react&industry=it',
    });
    await screen.findByText('Remote job');
    expect(mockedJobs).toHaveBeenLastCalledWith({
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
      expect(mockedJobs).toHaveBeenLastCalledWith({
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
      expect(mockedJobs).toHaveBeenLastCalledWith({
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
    mockedJobs.mockResolvedValue({ data: [job], total: 1 });
    mockedSavedAmong.mockResolvedValue([]);
    mockedSave.mockResolvedValue({ jobPostId: job._id, saved: true });
    mockedUnsave.mockResolvedValue({ jobPostId: job._id, saved: false });
    renderPage(<Explore />);
    const heart = await screen.findByRole('button', { name: 'Save Data Engineer at Globex' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(mockedSavedAmong).toHaveBeenCalledWith([job._id]);

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(mockedSave).toHaveBeenCalledWith(job._id);
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(mockedUnsave).toHaveBeenCalledWith(job._id);
  });

  it('puts the heart back and says why when saving fails', async () => {
    const job = makeJob({ jobTitle: 'Data Engineer', companyName: 'Globex' });
    mockedJobs.mockResolvedValue({ data: [job], total: 1 });
    mockedSave.mockRejectedValue(new Error('offline'));
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
    mockedSavedPage.mockImplementation(async (page) => ({
      success: true,
      data: page === 1 ? saved : [saved[0]!],
      total: 11,
      start: (page - 1) * 10,
      limit: 10,
    }));
    mockedSavedAmong.mockImplementation(async (ids) => [...ids]);
    renderPage(<Explore />, { url: '/dashboard/explore?tab=saved' });
    expect(screen.getByRole('tab', { name: 'Saved jobs' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Saved 10')).toBeInTheDocument();
    expect(screen.getByText('11 saved jobs')).toBeInTheDocument();
    expect(mockedSavedPage).toHaveBeenLastCalledWith(1);
    expect(mockedJobs).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Save Saved/ })[0]).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const pages = screen.getByRole('navigation', { name: 'Saved job pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(mockedSavedPage).toHaveBeenLastCalledWith(2));
  });

  it('says how to save a job when there is none yet', async () => {
    mockedSavedPage.mockResolvedValue({ success: true, data: [], total: 0, start: 0, limit: 10 });
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
    mockedSavedPage.mockResolvedValue(answer([kept]));
    mockedSavedAmong.mockImplementation(async (ids) => [...ids]);
    renderPage(<Explore />, { url: '/dashboard/explore?tab=saved', session: makeSession() });
    expect(await screen.findByText('Data Engineer')).toBeInTheDocument();

    // The poster edits it: the API tells this tab's stream that the saved jobs changed.
    mockedSavedPage.mockResolvedValue(answer([edited]));
    act(() => FakeEventSource.latest().emit('changed', { topics: ['savedJobs'] }));
    expect(await screen.findByText('Senior Data Engineer')).toBeInTheDocument();
  });
});

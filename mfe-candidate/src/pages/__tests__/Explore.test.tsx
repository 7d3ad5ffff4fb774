import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getAllJobPost } from '@referio/shared';
import Explore from '../Explore';
import { makeJob, USER_ID, renderPage, makeSession } from '@referio/shared/test-utils';
import type * as TestUtils from '@referio/shared/test-utils';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi(['getAllJobPost']),
);
const mockedJobs = jest.mocked(getAllJobPost);

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

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import UserDashboard from '../UserDashboard';
import {
  api,
  makeJob,
  USER_ID,
  renderPage,
  makeSession,
  makeCounts,
} from '@referio/shared/test-utils';

beforeEach(() => api.savedAmong.mockResolvedValue([]));

describe('the candidate dashboard', () => {
  it('welcomes the candidate by full name and shows the four counts the server sent', async () => {
    api.getCandidateCount.mockResolvedValue(
      makeCounts({ total: 7, approved: 2, pending: 4, declined: 1 }),
    );
    api.getJobsByCandidate.mockResolvedValue({ success: true, data: [] });
    renderPage(<UserDashboard />, { session: makeSession() });

    expect(screen.getByText('Welcome, Ana Rao!')).toBeInTheDocument();
    const counts = screen.getByRole('list', { name: 'Your referral requests' });
    await waitFor(() => expect(within(counts).getByText('7')).toBeInTheDocument());
    const card = (label: string) => within(counts).getByText(label).closest('li') as HTMLElement;
    expect(card('Total Requests')).toHaveTextContent('7');
    expect(card('Approved Requests')).toHaveTextContent('2');
    expect(card('Pending Requests')).toHaveTextContent('4');
    expect(card('Rejected Requests')).toHaveTextContent('1');
    expect(api.getCandidateCount).toHaveBeenCalledWith(USER_ID);
  });

  it('tells the candidate when the counts cannot be loaded', async () => {
    api.getCandidateCount.mockRejectedValue(new Error('down'));
    api.getJobsByCandidate.mockResolvedValue({ success: true, data: [] });
    renderPage(<UserDashboard />, { session: makeSession() });
    expect(await screen.findByText('Failed to fetch referral counts')).toBeInTheDocument();
  });

  it('lists six jobs you may like with three skills each and opens a job in a details modal', async () => {
    api.getCandidateCount.mockResolvedValue(makeCounts());
    const requiredSkills = ['React', 'TypeScript', 'CSS', 'Testing', 'GraphQL'];
    const jobs = Array.from({ length: 8 }, (_, i) =>
      makeJob({ jobTitle: `Job ${i + 1}`, requiredSkills }),
    );
    api.getJobsByCandidate.mockResolvedValue({ success: true, data: jobs });
    renderPage(<UserDashboard />, { session: makeSession() });

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    const first = cards[0]!;
    const skills = within(first).getByRole('list', { name: 'Skills' });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React', 'TypeScript', 'CSS', '+2 more']);

    await userEvent.click(within(first).getByRole('button', { name: /See Details/ }));
    const dialog = screen.getByRole('dialog', { name: 'Job 1' });
    expect(within(dialog).getByText('₹12-18 LPA')).toBeInTheDocument();
    expect(within(dialog).getByText('GraphQL')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Request a Referral' })).toHaveAttribute(
      'href',
      `/job-details/${jobs[0]!._id}`,
    );
  });
});

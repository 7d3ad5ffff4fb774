import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@referio/shared';
import ReferrerDashboard from '..';
import { api, renderPage, makeCounts } from '@referio/shared/test-utils';
import { requestToMe, signInAs } from '../../../test/persona';

beforeEach(() => {
  api.getMatchSummary.mockResolvedValue({
    status: 'read',
    matched: ['React'],
    missing: ['Go'],
    years: 4,
    jobExperience: '3-6',
  });
  signInAs();
  api.getResponsiveness.mockResolvedValue({
    received: 10,
    answered: 8,
    medianAnswerSeconds: 30 * 3600,
  });
  api.getAllReferralRequestsData.mockResolvedValue([
    requestToMe({
      senderId: { ...requestToMe().senderId, skills: ['React', 'Go', 'SQL', 'AWS'] },
    }),
  ]);
});

describe('the referrer dashboard', () => {
  it('welcomes the referrer and shows the four counts', async () => {
    api.getRefererCount.mockResolvedValue(
      makeCounts({ total: 7, approved: 3, pending: 2, declined: 2 }),
    );
    renderPage(<ReferrerDashboard />);
    expect(screen.getByRole('heading', { name: 'Welcome, Ravi Menon!' })).toBeInTheDocument();
    const tiles = screen.getByRole('list', { name: 'Referral counts' });
    expect(await within(tiles).findByText('7')).toBeInTheDocument();
    expect(within(tiles).getByText('Approved Referrals').nextSibling).toHaveTextContent('3');
    expect(within(tiles).getByText('Declined Referrals').nextSibling).toHaveTextContent('2');
  });

  it('lists pending requests with 3 skills, a Pending button, and "View all" to the requests page', async () => {
    api.getRefererCount.mockResolvedValue(makeCounts({ total: 1, pending: 1 }));
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferrerDashboard />);
    const card = await screen.findByRole('article', { name: 'Request from Priya Shah' });
    expect(within(card).getByText('+1 more')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Pending/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'View all' }));
    expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
      '/dashboard/referralRequests',
    );
  });

  it('says "Failed to fetch referral counts" when the counts cannot be loaded', async () => {
    api.getRefererCount.mockRejectedValue(new ApiError('Server error', 500));
    renderPage(<ReferrerDashboard />);
    expect(await screen.findByText('Failed to fetch referral counts')).toBeInTheDocument();
  });

  it('shows the referrer’s own response record, as candidates see it on the job cards', async () => {
    api.getRefererCount.mockResolvedValue(makeCounts({ total: 10, approved: 5, declined: 5 }));
    renderPage(<ReferrerDashboard />);
    const record = screen.getByRole('region', { name: 'Your response record' });
    expect(await within(record).findByTestId('own-responsiveness')).toHaveTextContent(
      'You usually answer within 2 days · 80% answered (8 of 10 requests in the last 90 days).',
    );
    expect(api.getResponsiveness).toHaveBeenCalledWith(expect.any(String));
  });

  it('tells a new referrer how many answers it takes to show figures', async () => {
    api.getRefererCount.mockResolvedValue(makeCounts({ total: 1, approved: 1 }));
    api.getResponsiveness.mockResolvedValue({ received: 1, answered: 1, medianAnswerSeconds: 600 });
    renderPage(<ReferrerDashboard />);
    expect(await screen.findByTestId('own-responsiveness')).toHaveTextContent(
      'Candidates see you as a New referrer until you have answered 3 requests (1 answered in the last 90 days).',
    );
  });
});

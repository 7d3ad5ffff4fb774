import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@referio/shared';
import { AskAnotherReferrer } from '../AskAnotherReferrer';
import {
  api,
  makeJob,
  makeRequest,
  USER_ID,
  renderPage,
  makeSession,
} from '@referio/shared/test-utils';

const OTHER_REFERRER = '5a5a5a5a-1111-4222-8333-444455556666';

describe('Ask another referrer at {company}', () => {
  it('opens a dialog of other referrers’ jobs; one click sends a request to the chosen one', async () => {
    const declined = makeRequest('declined');
    const same = makeJob({
      jobTitle: 'Platform Engineer',
      companyName: 'Globex',
      userId: OTHER_REFERRER,
      responsiveness: { received: 5, answered: 4, medianAnswerSeconds: 30 * 3600 },
    });
    const other = makeJob({ jobTitle: 'SRE', companyName: 'Globex', userId: OTHER_REFERRER });
    api.getHandoff.mockResolvedValue({
      requestId: declined._id,
      companyName: 'Globex',
      jobs: [same, other],
    });
    api.sendReferralRequest.mockResolvedValue(makeRequest('pending'));
    const user = userEvent.setup({ delay: null });
    renderPage(<AskAnotherReferrer request={declined} />, { session: makeSession() });

    const opener = screen.getByRole('button', { name: 'Ask another referrer at Globex' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Other referrers at Globex' });
    expect(api.getHandoff).toHaveBeenCalledWith(declined._id);
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Platform Engineer');
    expect(items[0]).toHaveTextContent('Usually answers within 2 days · 80% answered');
    expect(items[1]).toHaveTextContent('SRE');

    await user.click(within(items[0]!).getByRole('button', { name: 'Ask for a referral' }));
    expect(api.sendReferralRequest).toHaveBeenCalledWith({
      jobPostId: same._id,
      targetUserId: OTHER_REFERRER,
      userId: USER_ID,
    });
    expect(await within(items[0]!).findByRole('status')).toHaveTextContent('Request sent');
    expect(within(items[1]!).getByRole('button', { name: 'Ask for a referral' })).toBeEnabled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('says so when no other referrer at the company has a job', async () => {
    const declined = makeRequest('declined');
    api.getHandoff.mockResolvedValue({ requestId: declined._id, companyName: 'Globex', jobs: [] });
    const user = userEvent.setup({ delay: null });
    renderPage(<AskAnotherReferrer request={declined} />, { session: makeSession() });
    await user.click(screen.getByRole('button', { name: 'Ask another referrer at Globex' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('No other referrers at Globex yet')).toBeInTheDocument();
  });

  it('shows the server’s reason when a request cannot be sent', async () => {
    const declined = makeRequest('declined');
    api.getHandoff.mockResolvedValue({
      requestId: declined._id,
      companyName: 'Globex',
      jobs: [makeJob({ companyName: 'Globex', userId: OTHER_REFERRER })],
    });
    api.sendReferralRequest.mockRejectedValue(
      new ApiError(
        'Request failed',
        400,
        'Please upload your resume before requesting a referral.',
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<AskAnotherReferrer request={declined} />, { session: makeSession() });
    await user.click(screen.getByRole('button', { name: 'Ask another referrer at Globex' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Ask for a referral' }));
    expect(
      await screen.findByText('Please upload your resume before requesting a referral.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ask for a referral' })).toBeEnabled();
  });

  it('is not offered on pending or approved requests', () => {
    renderPage(
      <>
        <AskAnotherReferrer request={makeRequest('pending')} />
        <AskAnotherReferrer request={makeRequest('approved')} />
      </>,
      { session: makeSession() },
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

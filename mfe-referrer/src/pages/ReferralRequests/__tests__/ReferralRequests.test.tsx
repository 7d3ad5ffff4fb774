import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore, type ReferralStatus } from '@referio/shared';
import ReferralRequests from '..';
import { api, FakeEventSource, USER_ID, renderPage, makeCounts } from '@referio/shared/test-utils';
import { requestToMe, signInAs, workEmailVerified } from '../../../test/persona';

const pending = requestToMe();
const approved = requestToMe({ _id: 'a1b2c3d4-0000-4000-8000-000000000003', status: 'approved' });

function serve(byStatus: Partial<Record<ReferralStatus, ReturnType<typeof requestToMe>[]>>) {
  api.getAllReferralRequestsData.mockImplementation(async ({ status }) => byStatus[status] ?? []);
}

beforeEach(() => {
  api.getRefererCount.mockResolvedValue(
    makeCounts({ total: 3, approved: 1, pending: 1, declined: 1 }),
  );
  serve({ pending: [pending], approved: [approved] });
  api.updateReferralStatus.mockResolvedValue({ ...pending, status: 'approved' });
  api.getMatchSummary.mockResolvedValue({
    status: 'read',
    matched: ['React', 'TypeScript'],
    missing: ['Go'],
    years: 5,
    jobExperience: '3-6',
  });
  api.workEmailVerify.mockResolvedValue({ success: true, message: 'OTP sent to your work email' });
});

/** The work-email dialog's first step: the address typed in, 'Send OTP'. */
async function sendCode(user: ReturnType<typeof userEvent.setup>, modal: HTMLElement) {
  await user.type(within(modal).getByLabelText('Work Email'), 'ravi@acme-corp.com');
  await user.click(within(modal).getByRole('button', { name: 'Send OTP' }));
}

async function approveFirst(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Approve Priya Shah' }));
  const confirm = screen.getByRole('dialog', { name: 'Confirm Approval' });
  await user.click(within(confirm).getByRole('button', { name: 'Yes, Continue' }));
}

/** A referrer without a work e-mail approves the first request and sends a code from the dialog that opens. */
async function sendCodeOnApprove() {
  signInAs({ workEmailAdded: false });
  const user = userEvent.setup({ delay: null });
  renderPage(<ReferralRequests />);
  await approveFirst(user);
  const modal = screen.getByRole('dialog', { name: 'Verify Work Email' });
  await sendCode(user, modal);
  return { user, modal };
}

describe('referral requests', () => {
  it('shows the tabs with counts and a pending card with sender, job, experience, skills and resume', async () => {
    signInAs({ workEmailAdded: true });
    renderPage(<ReferralRequests />);
    const card = await screen.findByRole('article', { name: 'Request from Priya Shah' });
    expect(within(card).getByText('Frontend Engineer')).toBeInTheDocument();
    expect(within(card).getByText('Experience: 4 years')).toBeInTheDocument();
    expect(within(card).getByText('2 hours ago')).toBeInTheDocument();
    expect(within(card).getByText('GraphQL')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /View Resume/ })).toHaveAttribute(
      'href',
      pending.senderId.resumeLink,
    );
    expect(screen.getByRole('tab', { name: 'Pending 1' })).toHaveAttribute('aria-selected', 'true');
    expect(api.getAllReferralRequestsData).toHaveBeenCalledWith({
      userId: USER_ID,
      roleId: 1,
      status: 'pending',
    });
  });

  it("shows how the request's resume meets the job on its card", async () => {
    signInAs({ workEmailAdded: true });
    renderPage(<ReferralRequests />);
    const card = await screen.findByRole('article', { name: 'Request from Priya Shah' });
    const match = within(card).getByRole('group', { name: 'Resume match' });
    await waitFor(() =>
      expect(match).toHaveTextContent('Matches 2 of 3 skills: React, TypeScript; missing: Go'),
    );
    expect(match).toHaveTextContent('About 5 years of experience (job asks 3–6 years)');
    expect(api.getMatchSummary).toHaveBeenCalledWith(pending._id);
  });

  it('says a resume could not be read, or the summary not loaded, and the card works as before', async () => {
    api.getMatchSummary.mockImplementation(async (id) => {
      if (id === pending._id) throw new ApiError('Server error', 500);
      return { status: 'no_text', matched: [], missing: [], years: null, jobExperience: '3-6' };
    });
    serve({ pending: [pending, { ...approved, status: 'pending' }] });
    signInAs({ workEmailAdded: true });
    const user = userEvent.setup();
    renderPage(<ReferralRequests />);
    const cards = await screen.findAllByRole('article', { name: 'Request from Priya Shah' });
    await waitFor(() =>
      expect(within(cards[0]!).getByRole('group', { name: 'Resume match' })).toHaveTextContent(
        'The match summary could not be loaded.',
      ),
    );
    expect(within(cards[1]!).getByRole('group', { name: 'Resume match' })).toHaveTextContent(
      "Couldn't read this resume: the PDF has no text (a scanned page?).",
    );
    await user.click(within(cards[0]!).getByRole('button', { name: 'Approve Priya Shah' }));
    expect(screen.getByRole('dialog', { name: 'Confirm Approval' })).toBeVisible();
  });

  it("shows no match on a closed request (its resume is no longer the referrer's to read)", async () => {
    serve({ declined: [requestToMe({ status: 'declined' })] });
    signInAs({ workEmailAdded: true });
    const user = userEvent.setup();
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('tab', { name: /Declined/ }));
    const card = await screen.findByRole('article', { name: 'Request from Priya Shah' });
    expect(within(card).queryByRole('group', { name: 'Resume match' })).toBeNull();
    expect(api.getMatchSummary).not.toHaveBeenCalled();
  });

  it('shows a request that arrives, and drops one withdrawn, with the counts, without a reload', async () => {
    signInAs({ workEmailAdded: true });
    renderPage(<ReferralRequests />);
    expect(await screen.findByRole('article', { name: 'Request from Priya Shah' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Pending 1' })).toBeInTheDocument();

    // A second candidate asks: the API tells this tab's stream that the requests changed.
    const arrived = requestToMe({
      _id: 'a1b2c3d4-0000-4000-8000-000000000009',
      senderId: {
        ...pending.senderId,
        _id: 'c0ffee00-0000-4000-8000-000000000009',
        fullName: 'Omar Dev',
      },
    });
    serve({ pending: [arrived, pending], approved: [approved] });
    api.getRefererCount.mockResolvedValue(
      makeCounts({ total: 4, approved: 1, pending: 2, declined: 1 }),
    );
    act(() => FakeEventSource.latest().emit('changed', { topics: ['referrals'] }));
    expect(await screen.findByRole('article', { name: 'Request from Omar Dev' })).toBeVisible();
    expect(await screen.findByRole('tab', { name: 'Pending 2' })).toBeInTheDocument();

    // Priya withdraws hers.
    serve({ pending: [arrived], approved: [approved] });
    api.getRefererCount.mockResolvedValue(
      makeCounts({ total: 3, approved: 1, pending: 1, declined: 1 }),
    );
    act(() => FakeEventSource.latest().emit('changed', { topics: ['referrals'] }));
    expect(await screen.findByRole('tab', { name: 'Pending 1' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Request from Priya Shah' })).toBeNull(),
    );
  });

  it("shows only one job's requests when opened from Give Referral, and all of them again on request", async () => {
    signInAs({ workEmailAdded: true });
    const user = userEvent.setup({ delay: null });
    const jobId = pending.jobPostId._id;
    renderPage(<ReferralRequests />, {
      url: `/dashboard/referralRequests?job=${jobId}&title=Frontend%20Engineer`,
    });
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Showing the requests for Frontend Engineer.',
    );
    expect(api.getAllReferralRequestsData).toHaveBeenCalledWith({
      userId: USER_ID,
      roleId: 1,
      status: 'pending',
      jobPostId: jobId,
    });
    expect(screen.getByRole('tab', { name: 'Pending' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all requests' }));
    await waitFor(() =>
      expect(api.getAllReferralRequestsData).toHaveBeenLastCalledWith({
        userId: USER_ID,
        roleId: 1,
        status: 'pending',
      }),
    );
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('approves at once after "Confirm Approval" when the work e-mail is verified', async () => {
    signInAs({ workEmailAdded: true });
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await approveFirst(user);
    expect(await screen.findByText('Referral approved')).toBeInTheDocument();
    expect(api.updateReferralStatus).toHaveBeenCalledWith(pending._id, 'approved');
    expect(screen.queryByRole('dialog', { name: 'Verify Work Email' })).not.toBeInTheDocument();
  });

  it('holds the approval until a work e-mail is verified, then approves the held request', async () => {
    signInAs({ workEmailAdded: false });
    api.workEmailVerifyOtp.mockResolvedValue(workEmailVerified());
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await approveFirst(user);

    const modal = screen.getByRole('dialog', { name: 'Verify Work Email' });
    expect(api.updateReferralStatus).not.toHaveBeenCalled();
    await user.click(within(modal).getByRole('button', { name: 'Send OTP' }));
    expect(within(modal).getByText('Please enter a valid work email')).toBeInTheDocument();
    expect(api.workEmailVerify).not.toHaveBeenCalled();

    await sendCode(user, modal);
    expect(await screen.findByText('OTP sent to your work email')).toBeInTheDocument();
    expect(api.workEmailVerify).toHaveBeenCalledWith({
      workEmail: 'ravi@acme-corp.com',
      id: USER_ID,
    });

    const verifyButton = within(modal).getByRole('button', { name: 'Verify & Approve' });
    expect(verifyButton).toBeDisabled();
    await user.type(within(modal).getByLabelText('Digit 1 of 4'), '4821');

    await waitFor(() =>
      expect(api.updateReferralStatus).toHaveBeenCalledWith(pending._id, 'approved'),
    );
    expect(api.workEmailVerifyOtp).toHaveBeenCalledWith({
      id: USER_ID,
      workEmail: 'ravi@acme-corp.com',
      otp: '4821',
    });
    expect(useSessionStore.getState().currentUserInfo?.data.workEmailAdded).toBe(true);
    expect(await screen.findByText('Work email verified successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Verify Work Email' })).not.toBeInTheDocument();
  });

  it("names the request's company in the modal, and opens it with the server's reason when the work e-mail is at another company", async () => {
    signInAs({ workEmailAdded: true });
    const refusal =
      'Your verified work email ravi@globex.com is not at Acme Corp. Verify your work email at acme-corp.com to approve referral requests for it.';
    api.updateReferralStatus.mockRejectedValueOnce(new ApiError('Forbidden', 403, refusal));
    api.workEmailVerifyOtp.mockResolvedValue(workEmailVerified({ companies: ['Acme Corp'] }));
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await approveFirst(user);

    const modal = await screen.findByRole('dialog', { name: 'Verify Work Email' });
    expect(within(modal).getByRole('alert')).toHaveTextContent(refusal);
    expect(
      within(modal).getByText(
        'Approving referrals for Acme Corp needs a verified work email at Acme Corp: an address at its email domain. We will send a code to it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Failed to approve referral')).not.toBeInTheDocument();

    await sendCode(user, modal);
    await user.type(await within(modal).findByLabelText('Digit 1 of 4'), '4821');
    expect(await screen.findByText('This address verifies you at Acme Corp.')).toBeInTheDocument();
    await waitFor(() => expect(api.updateReferralStatus).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Referral approved')).toBeInTheDocument();
  });

  it('shows the server message when the code is wrong and approves nothing', async () => {
    api.workEmailVerifyOtp.mockRejectedValue(
      new ApiError('Invalid OTP. Please try again.', 400, 'Wrong code.'),
    );
    const { user, modal } = await sendCodeOnApprove();
    await user.type(await within(modal).findByLabelText('Digit 1 of 4'), '1111');
    await waitFor(() => expect(api.workEmailVerifyOtp).toHaveBeenCalled());
    expect(api.updateReferralStatus).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Verify Work Email' })).toBeInTheDocument();
  });

  it('"Change Email" goes back to the e-mail step with the address kept', async () => {
    const { user, modal } = await sendCodeOnApprove();
    await user.click(await within(modal).findByRole('button', { name: 'Change Email' }));
    expect(within(modal).getByLabelText('Work Email')).toHaveValue('ravi@acme-corp.com');
  });

  it('keeps the code step after Cancel, so the code already sent can still be entered', async () => {
    api.workEmailVerifyOtp.mockResolvedValue(workEmailVerified({ message: 'ok' }));
    const { user, modal: first } = await sendCodeOnApprove();
    await within(first).findByLabelText('Digit 1 of 4');
    await user.click(within(first).getByRole('button', { name: 'Cancel' }));

    await approveFirst(user);
    const modal = screen.getByRole('dialog', { name: 'Verify Work Email' });
    expect(within(modal).getByText('ravi@acme-corp.com')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('Digit 1 of 4'), '4821');
    await waitFor(() =>
      expect(api.updateReferralStatus).toHaveBeenCalledWith(pending._id, 'approved'),
    );
    expect(api.workEmailVerify).toHaveBeenCalledTimes(1);
  });

  it('shows a refused code inside the modal and clears it when the right code is in', async () => {
    api.workEmailVerifyOtp
      .mockRejectedValueOnce(new ApiError('Invalid OTP', 400, 'Wrong code.'))
      .mockResolvedValueOnce(workEmailVerified({ message: 'ok' }));
    const { user, modal } = await sendCodeOnApprove();
    await user.type(await within(modal).findByLabelText('Digit 1 of 4'), '1111');
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Wrong code.');
    expect(screen.queryByText('Wrong code.', { selector: '.Toastify *' })).toBeNull();

    await user.click(within(modal).getByRole('button', { name: 'Verify & Approve' }));
    expect(await screen.findByText('Work email verified successfully')).toBeInTheDocument();
    expect(screen.queryByText('Wrong code.')).toBeNull();
  });

  it("keeps the code step's buttons on one row: Change Email sits beside the address", async () => {
    const { modal } = await sendCodeOnApprove();
    const change = await within(modal).findByRole('button', { name: 'Change Email' });
    expect(change.closest('footer, .rf-modal__footer')).toBeNull();
  });

  it('declines after "Confirm Decline" and says so', async () => {
    signInAs();
    api.updateReferralStatus.mockResolvedValue({ ...pending, status: 'declined' });
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('button', { name: 'Decline Priya Shah' }));
    const confirm = screen.getByRole('dialog', { name: 'Confirm Decline' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Decline' }));
    expect(await screen.findByText('Referral declined')).toBeInTheDocument();
    expect(api.updateReferralStatus).toHaveBeenCalledWith(pending._id, 'declined');
  });

  it('declines with a listed reason, or Other with a note of at most 280 characters', async () => {
    signInAs();
    api.updateReferralStatus.mockResolvedValue({ ...pending, status: 'declined' });
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('button', { name: 'Decline Priya Shah' }));
    let confirm = screen.getByRole('dialog', { name: 'Confirm Decline' });
    const reasons = within(confirm).getByRole('group', {
      name: 'Reason (optional, shown to the candidate)',
    });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Role already filled',
      'Experience does not match',
      'Skills do not match',
      'Cannot refer for this role',
      'Other',
    ]);
    await user.click(within(reasons).getByRole('radio', { name: 'Skills do not match' }));
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Decline' }));
    expect(await screen.findByText('Referral declined')).toBeInTheDocument();
    expect(api.updateReferralStatus).toHaveBeenLastCalledWith(pending._id, 'declined', {
      reason: 'skills_mismatch',
    });

    // Other: the note is required, and kept to 280 characters.
    await user.click(await screen.findByRole('button', { name: 'Decline Priya Shah' }));
    confirm = screen.getByRole('dialog', { name: 'Confirm Decline' });
    expect(within(confirm).getByRole('radio', { name: 'Skills do not match' })).not.toBeChecked();
    await user.click(within(confirm).getByRole('radio', { name: 'Other' }));
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Decline' }));
    expect(
      await within(confirm).findByText('Please write a note for the reason Other.'),
    ).toBeInTheDocument();
    expect(api.updateReferralStatus).toHaveBeenCalledTimes(1);
    const note = within(confirm).getByRole('textbox', { name: /Note/ });
    expect(note).toHaveAttribute('maxLength', '280');
    await user.type(note, 'We hire in Berlin only.');
    expect(within(confirm).getByText('257 characters left')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Decline' }));
    await waitFor(() =>
      expect(api.updateReferralStatus).toHaveBeenLastCalledWith(pending._id, 'declined', {
        reason: 'other',
        note: 'We hire in Berlin only.',
      }),
    );
  });

  it('shows a declined request with the reason given, and without its resume link', async () => {
    signInAs();
    const declined = requestToMe({
      _id: 'a1b2c3d4-0000-4000-8000-000000000009',
      status: 'declined',
      declineReason: 'cannot_refer',
      senderId: { ...pending.senderId, resumeLink: null },
    });
    serve({ pending: [], declined: [declined] });
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('tab', { name: /^Declined/ }));
    const card = await screen.findByRole('article', { name: 'Request from Priya Shah' });
    expect(card).toHaveTextContent('Your reason: Cannot refer for this role');
    expect(within(card).queryByRole('link', { name: /View Resume/ })).toBeNull();
    expect(within(card).getByText('Declined', { selector: '.rf-badge' })).toBeInTheDocument();
  });

  it('says "Failed to decline referral" when the update fails', async () => {
    signInAs();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    api.updateReferralStatus.mockRejectedValue(new ApiError('Server error', 500));
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('button', { name: 'Decline Priya Shah' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Decline' }));
    expect(await screen.findByText('Failed to decline referral')).toBeInTheDocument();
  });

  it('an approved request opens its chat with "Go to Chat"', async () => {
    signInAs({ workEmailAdded: true });
    api.createChat.mockResolvedValue({
      _id: 'chat-1',
      user: {
        _id: approved.senderId._id,
        fullName: 'Priya Shah',
        email: '',
        profileLink: null,
        verifiedDomain: null,
        verifiedCompanyName: null,
        verifiedAtCompany: null,
      },
      lastMessage: '',
      time: new Date().toISOString(),
      unread: 0,
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('tab', { name: 'Approved 1' }));
    await user.click(await screen.findByRole('button', { name: 'Go to Chat with Priya Shah' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Current path' })).toHaveTextContent(
        '/dashboard/chat',
      ),
    );
    expect(api.createChat).toHaveBeenCalledWith({
      userId: approved.senderId._id,
      referrerId: USER_ID,
    });
    expect(useSessionStore.getState().activeChatId).toBe('chat-1');
  });

  it('shows "No declined requests found" for an empty tab', async () => {
    signInAs();
    const user = userEvent.setup({ delay: null });
    renderPage(<ReferralRequests />);
    await user.click(await screen.findByRole('tab', { name: 'Declined 1' }));
    expect(await screen.findAllByText('No declined requests found')).not.toHaveLength(0);
  });
});

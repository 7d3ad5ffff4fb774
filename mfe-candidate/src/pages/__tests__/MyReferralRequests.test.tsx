import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore, type ReferralRequest, type ReferralStatus } from '@referio/shared';
import MyReferralRequests from '../MyReferralRequests';
import {
  api,
  FakeEventSource,
  makeRequest,
  REFERRER_ID,
  USER_ID,
  renderPage,
  makeSession,
} from '@referio/shared/test-utils';

/** Answers as the API does: withdrawn requests are their own list and count, outside the total. */
function serve(lists: Partial<Record<ReferralStatus, ReferralRequest[]>>) {
  api.getCandidateCount.mockResolvedValue({
    total: Object.entries(lists)
      .filter(([status]) => status !== 'withdrawn')
      .reduce((n, [, l]) => n + l.length, 0),
    pending: lists.pending?.length ?? 0,
    approved: lists.approved?.length ?? 0,
    declined: lists.declined?.length ?? 0,
    expired: lists.expired?.length ?? 0,
    withdrawn: lists.withdrawn?.length ?? 0,
  });
  api.getAllReferralRequestsData.mockImplementation(async ({ status }) => lists[status] ?? []);
}

describe('My Referral Requests', () => {
  it("opens the tab a notification's link names and brings its request into view, focused", async () => {
    const approved = [makeRequest('approved'), makeRequest('approved')];
    serve({ pending: [makeRequest('pending')], approved });
    const target = approved[1]!;
    renderPage(<MyReferralRequests />, {
      session: makeSession(),
      url: `/dashboard/myReferralRequests?status=approved&request=${target._id}`,
    });
    const tabs = screen.getByRole('tablist', { name: 'Requests by status' });
    expect(await within(tabs).findByRole('tab', { name: 'Approved Requests 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const cards = await screen.findAllByRole('article');
    const linked = cards[1]!.closest('[data-linked="true"]');
    expect(linked).toHaveAttribute('aria-current', 'true');
    expect(linked).toHaveFocus();
    expect(cards[0]!.closest('[data-linked="true"]')).toBeNull();
  });

  it('shows the five tabs with their counts and the pending requests first', async () => {
    const pending = makeRequest('pending');
    serve({ pending: [pending], approved: [makeRequest('approved'), makeRequest('approved')] });
    renderPage(<MyReferralRequests />, { session: makeSession() });

    const tabs = screen.getByRole('tablist', { name: 'Requests by status' });
    expect(
      await within(tabs).findByRole('tab', { name: 'Approved Requests 2' }),
    ).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Pending Requests 1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(tabs).getByRole('tab', { name: 'Declined Requests 0' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'No response 0' })).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Withdrawn 0' })).toBeInTheDocument();

    const card = await screen.findByRole('article', {
      name: `${pending.jobPostId.jobTitle} at Globex`,
    });
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText('05 Mar 2026')).toBeInTheDocument();
    expect(within(card).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(card).getByText('Full-time')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Withdraw']);
    expect(api.getAllReferralRequestsData).toHaveBeenCalledWith({
      userId: USER_ID,
      roleId: 0,
      status: 'pending',
    });
  });

  it("opens the chat with the referrer from an approved request's 'Go to Chat'", async () => {
    serve({ approved: [makeRequest('approved')] });
    api.createChat.mockResolvedValue({
      _id: 'chat-1',
      user: {
        _id: REFERRER_ID,
        fullName: 'Ravi Kumar',
        email: 'ravi@globex.test',
        profileLink: null,
        verifiedDomain: 'globex.test',
        verifiedCompanyName: 'Globex',
        verifiedAtCompany: 'confirmed',
      },
      lastMessage: '',
      time: new Date().toISOString(),
      unread: 0,
    });
    renderPage(<MyReferralRequests />, { session: makeSession() });

    await userEvent.click(await screen.findByRole('tab', { name: /Approved Requests/ }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Go to Chat with Ravi Kumar' }),
    );

    expect(api.createChat).toHaveBeenCalledWith({ userId: USER_ID, referrerId: REFERRER_ID });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/chat');
    expect(useSessionStore.getState().activeChatId).toBe('chat-1');
    expect(useSessionStore.getState().activePage).toBe('chat');
  });

  it("says 'Failed to create chat' when the chat cannot be opened and stays on the page", async () => {
    serve({ approved: [makeRequest('approved')] });
    api.createChat.mockRejectedValue(new Error('down'));
    renderPage(<MyReferralRequests />, { session: makeSession() });

    await userEvent.click(await screen.findByRole('tab', { name: /Approved Requests/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Go to Chat/ }));

    expect(await screen.findByText('Failed to create chat')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/page');
    expect(useSessionStore.getState().activeChatId).toBeNull();
  });

  it("shows each card's timeline: sent, who opened the resume and when, and the answer", async () => {
    const opened = {
      name: 'Ravi Kumar',
      at: '2026-03-06T12:00:00.000Z',
      firstAt: '2026-03-06T09:00:00.000Z',
    };
    const waiting = makeRequest('pending', { resumeOpened: opened });
    const answered = makeRequest('approved', {
      resumeOpened: opened,
      updatedAt: '2026-03-07T12:00:00.000Z',
    });
    serve({ pending: [waiting], approved: [answered] });
    renderPage(<MyReferralRequests />, { session: makeSession() });
    const stepsOf = async (r: ReferralRequest) => {
      const card = await screen.findByRole('article', {
        name: `${r.jobPostId.jobTitle} at Globex`,
      });
      const list = within(card).getByRole('list', { name: 'Request timeline' });
      return within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    };
    expect(await stepsOf(waiting)).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Done: Resume opened by Ravi Kumar on 06 Mar 2026',
      'Current step: Waiting for an answer, expires on 01 Jan 2099',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: /Approved Requests/ }));
    expect(await stepsOf(answered)).toEqual([
      'Done: Requested on 05 Mar 2026',
      'Done: Resume opened by Ravi Kumar on 06 Mar 2026',
      'Done: Approved on 07 Mar 2026',
    ]);
  });

  it("shows a disabled 'Declined' on declined requests", async () => {
    serve({ declined: [makeRequest('declined')] });
    renderPage(<MyReferralRequests />, { session: makeSession() });
    await userEvent.click(await screen.findByRole('tab', { name: /Declined Requests/ }));
    const button = await screen.findByRole('button', { name: 'Declined' });
    expect(button).toBeDisabled();
  });

  it("says 'No pending requests found' inline when a tab has none, never as a toast", async () => {
    serve({});
    renderPage(<MyReferralRequests />, { session: makeSession() });
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No pending requests found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Approved Requests/ }));
    expect(
      await within(screen.getByRole('tabpanel')).findByText('No approved requests found'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: /Pending Requests/ }));
    expect(
      await within(screen.getByRole('tabpanel')).findByText('No pending requests found'),
    ).toBeInTheDocument();
    // Once each, in the panel: no toast repeats it.
    expect(screen.getAllByText(/No (pending|approved) requests found/)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('withdraws a pending request after the confirm dialog, then reloads the lists and counts: it shows under its own "Withdrawn" tab (not "No response", not the total) with the hand-off', async () => {
    const pending = makeRequest('pending');
    serve({ pending: [pending] });
    const withdrawn: ReferralRequest = {
      ...pending,
      status: 'withdrawn',
      updatedAt: '2026-03-06T08:00:00.000Z',
    };
    api.withdrawReferralRequest.mockImplementation(async () => {
      serve({ withdrawn: [withdrawn] });
      return withdrawn;
    });
    renderPage(<MyReferralRequests />, { session: makeSession() });
    await userEvent.click(
      await screen.findByRole('button', {
        name: `Withdraw the request for ${pending.jobPostId.jobTitle} at Globex`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Request' });
    expect(dialog).toHaveTextContent('Ravi Kumar will no longer see it');
    // Cancel leaves it be.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.withdrawReferralRequest).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: /^Withdraw the request/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Withdraw' }),
    );
    expect(api.withdrawReferralRequest).toHaveBeenCalledWith(pending._id);
    expect(await screen.findByText('Referral request withdrawn')).toBeInTheDocument();
    expect(
      await within(screen.getByRole('tabpanel')).findByText('No pending requests found'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Requests 0' })).toBeInTheDocument();

    expect(screen.getByRole('tab', { name: 'No response 0' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('tab', { name: 'Withdrawn 1' }));
    const card = await screen.findByRole('article', {
      name: `${pending.jobPostId.jobTitle} at Globex`,
    });
    expect(within(card).getByText('Withdrawn', { selector: '.rf-badge' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Withdrawn: you took this request back on 06 Mar 2026.');
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ask another referrer at Globex']);
    expect(api.getAllReferralRequestsData).toHaveBeenCalledWith({
      userId: USER_ID,
      roleId: 0,
      status: 'withdrawn',
    });
  });

  it("says the server's reason when a withdraw is refused (answered or expired meanwhile)", async () => {
    serve({ pending: [makeRequest('pending')] });
    const { ApiError } = jest.requireActual('@referio/shared');
    api.withdrawReferralRequest.mockRejectedValue(
      new ApiError('409', 409, 'This request has already been approved.'),
    );
    renderPage(<MyReferralRequests />, { session: makeSession() });
    await userEvent.click(await screen.findByRole('button', { name: /^Withdraw the request/ }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, Withdraw' }),
    );
    expect(await screen.findByText(/This request has already been approved\./)).toBeInTheDocument();
  });

  it("shows the referrer's reason on a declined card", async () => {
    serve({
      declined: [
        makeRequest('declined', { declineReason: 'role_filled' }),
        makeRequest('declined', { declineReason: 'other', declineNote: 'We hire in Berlin only.' }),
        makeRequest('declined'),
      ],
    });
    renderPage(<MyReferralRequests />, { session: makeSession() });
    await userEvent.click(await screen.findByRole('tab', { name: /Declined Requests/ }));
    const cards = await screen.findAllByRole('article');
    expect(cards[0]).toHaveTextContent('Reason: Role already filled');
    expect(cards[1]).toHaveTextContent('Reason: We hire in Berlin only.');
    expect(cards[2]).not.toHaveTextContent('Reason:');
  });

  it('lists expired requests under "No response", with the hand-off as the next step', async () => {
    const expired = makeRequest('expired', { expiresAt: '2026-03-12T10:00:00.000Z' });
    serve({ expired: [expired] });
    renderPage(<MyReferralRequests />, {
      session: makeSession(),
      url: `/dashboard/myReferralRequests?status=expired&request=${expired._id}`,
    });
    expect(await screen.findByRole('tab', { name: 'No response 1' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByText('No response', { selector: '.rf-badge' })).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'No response: Ravi Kumar did not answer before 12 Mar 2026. You can request this job again.',
    );
    // No Withdraw or Go to Chat: the one action is asking another referrer at the company.
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([`Ask another referrer at ${expired.jobPostId.companyName}`]);
    expect(api.getAllReferralRequestsData).toHaveBeenCalledWith({
      userId: USER_ID,
      roleId: 0,
      status: 'expired',
    });
  });

  it("follows the referrer's answer live: the tabs' counts and the cards change without a reload", async () => {
    const [first, second] = [makeRequest('pending'), makeRequest('pending')];
    serve({ pending: [first!, second!] });
    renderPage(<MyReferralRequests />, { session: makeSession() });
    const tabs = screen.getByRole('tablist', { name: 'Requests by status' });
    expect(
      await within(tabs).findByRole('tab', { name: 'Pending Requests 2' }),
    ).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Approved Requests 0' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);

    // The referrer approves the first: the API tells this tab's stream that the requests changed.
    serve({ pending: [second!], approved: [{ ...first!, status: 'approved' }] });
    act(() => FakeEventSource.latest().emit('changed', { topics: ['referrals'] }));
    expect(
      await within(tabs).findByRole('tab', { name: 'Pending Requests 1' }),
    ).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Approved Requests 1' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
  });
});

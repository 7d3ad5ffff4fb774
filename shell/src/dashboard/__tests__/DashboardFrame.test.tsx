import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSessionStore } from '@referio/shared';
import { api } from '@referio/shared/test-utils';
import {
  findPage,
  makeSession,
  pageText,
  mockedLoadRemote,
  referrerSession,
  renderApp,
  resetApp,
  signInAs,
} from '../../test/helpers';
import type * as Notifications from '../../../../shared/src/api/notifications';

// The bell (its own tests: NotificationsBell.test.tsx) finds no notifications here.
jest.mock('../../../../shared/src/api/notifications', () => {
  const actual = jest.requireActual<typeof Notifications>(
    '../../../../shared/src/api/notifications',
  );
  return {
    ...actual,
    notificationQueries: {
      ...actual.notificationQueries,
      list: (userId: string | undefined) => ({
        ...actual.notificationQueries.list(userId),
        queryFn: async () => ({ items: [], unread: 0 }),
      }),
    },
  };
});

const CANDIDATE_LABELS = [
  'Dashboard',
  'Explore',
  'My Referral Requests',
  'Profile',
  'Chat',
  'Upgrade To Premium',
];
const REFERRER_LABELS = [
  'Referrer Dashboard',
  'Referral Requests',
  'Job Posts',
  'Give Referral',
  'Profile',
  'Chat',
];

const sidebarLabels = () =>
  within(screen.getByRole('navigation', { name: 'Dashboard pages' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(() => {
  resetApp();
  api.getMe.mockImplementation(async () => ({ ...useSessionStore.getState().applicantUser! }));
  api.logout.mockResolvedValue({ success: true, message: 'Logged out' });
  api.getReferrerChats.mockResolvedValue([]);
});

describe('the dashboard guard', () => {
  it('sends a signed-out visitor to /sign-in and clears the stored session keys', async () => {
    window.localStorage.setItem('activePage', 'explore');
    window.localStorage.setItem('selectedJobId', 'job-1');
    renderApp('/dashboard/explore');
    expect(await findPage('mfe_public/SignIn')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/sign-in');
    expect(window.localStorage.getItem('activePage')).toBeNull();
    expect(window.localStorage.getItem('selectedJobId')).toBeNull();
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('mfe_candidate/Explore');
  });

  it('sends a signed-out visitor of a deep link to /sign-in with the link to come back to', async () => {
    renderApp('/dashboard/referralRequests?status=pending&request=r1');
    expect(await findPage('mfe_public/SignIn')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('next')).toBe(
      '/dashboard/referralRequests?status=pending&request=r1',
    );
  });

  it('sends the user to /sign-in when the session ends while the dashboard is open', async () => {
    signInAs();
    renderApp('/dashboard/explore');
    await findPage('mfe_candidate/Explore');
    act(() => useSessionStore.getState().signOut());
    expect(await findPage('mfe_public/SignIn')).toBeInTheDocument();
  });
});

describe('the dashboard pages', () => {
  it('/dashboard restores the stored active page', async () => {
    signInAs();
    useSessionStore.getState().setActivePage('myReferralRequests');
    renderApp('/dashboard');
    expect(await findPage('mfe_candidate/MyReferralRequests')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/myReferralRequests');
  });

  it("/dashboard opens the mode's default page when nothing is stored", async () => {
    signInAs(referrerSession());
    renderApp('/dashboard');
    expect(await findPage('mfe_referrer/ReferrerDashboard')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/referrarDashboard');
  });

  it('stores every inner page as the active page, and the back button returns to the previous one', async () => {
    signInAs();
    renderApp('/dashboard/userdashboard');
    await findPage('mfe_candidate/UserDashboard');
    await userEvent.click(screen.getByRole('link', { name: 'Explore' }));
    expect(await findPage('mfe_candidate/Explore')).toBeInTheDocument();
    expect(window.localStorage.getItem('activePage')).toBe('explore');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');

    window.history.back();
    expect(await findPage('mfe_candidate/UserDashboard')).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem('activePage')).toBe('userdashboard'));
  });

  it("sends a page of the other mode to the current mode's default page", async () => {
    signInAs();
    renderApp('/dashboard/jobPosts');
    expect(await findPage('mfe_candidate/UserDashboard')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/userdashboard');
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('mfe_referrer/JobPosts');
  });

  it('shows a not-found page with the way back for a dashboard page that does not exist', async () => {
    signInAs();
    renderApp('/dashboard/nosuchpage');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/nosuchpage');
    expect(document.title).toBe('Page not found — Referio');
    // The frame stays: the sidebar, with no page marked as current.
    expect(sidebarLabels()).toEqual(CANDIDATE_LABELS);
    expect(
      within(screen.getByRole('navigation', { name: 'Dashboard pages' })).queryByRole('link', {
        current: 'page',
      }),
    ).toBeNull();
    expect(window.localStorage.getItem('activePage')).not.toBe('nosuchpage');
    await userEvent.click(screen.getByRole('link', { name: 'Back to your dashboard' }));
    expect(await findPage('mfe_candidate/UserDashboard')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/userdashboard');
  });

  it('shows no site header or footer', async () => {
    signInAs();
    renderApp('/dashboard/chat');
    await findPage('mfe_chat/Chat');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('the sidebar', () => {
  it('lists the candidate pages in candidate mode', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    expect(sidebarLabels()).toEqual(CANDIDATE_LABELS);
    expect(screen.getByRole('button', { name: 'Find a Applicant' })).toBeInTheDocument();
  });

  it("starts loading a page's code when the pointer or the focus reaches its link, then shows it at once", async () => {
    const user = userEvent.setup();
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard pages' }));
    expect(mockedLoadRemote).not.toHaveBeenCalledWith('mfe_candidate/Explore');
    await user.hover(nav.getByRole('link', { name: 'Explore' }));
    await waitFor(() => expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_candidate/Explore'));
    act(() => nav.getByRole('link', { name: 'Profile' }).focus());
    await waitFor(() => expect(mockedLoadRemote).toHaveBeenCalledWith('mfe_candidate/Profile'));
    await user.click(nav.getByRole('link', { name: 'Explore' }));
    // Its code is in: the page is there with the click, no spinner in between.
    expect(screen.getByRole('heading', { name: pageText('mfe_candidate/Explore') })).toBeVisible();
  });

  it('lists the referrer pages in referrer mode', async () => {
    signInAs(referrerSession());
    renderApp('/dashboard');
    await findPage('mfe_referrer/ReferrerDashboard');
    expect(sidebarLabels()).toEqual(REFERRER_LABELS);
    expect(screen.getByRole('button', { name: 'Find a Referrer' })).toBeInTheDocument();
  });

  it('opens and closes as a drawer with a toggle that says whether it is open', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    const toggle = screen.getByRole('button', { name: 'Open sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-sidebar');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('switching role', () => {
  it('asks first, then updates the role, the badge and the page', async () => {
    signInAs();
    api.updateRole.mockResolvedValue(referrerSession());
    renderApp('/dashboard/explore');
    await findPage('mfe_candidate/Explore');
    expect(screen.getByText('Candidate mode activated')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Find a Applicant' }));
    const dialog = screen.getByRole('dialog', { name: 'Find a Applicant' });
    expect(api.updateRole).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, switch' }));

    expect(await screen.findByText('Referrer mode activated')).toBeInTheDocument();
    expect(api.updateRole).toHaveBeenCalledWith(makeSession().data._id, { role: 1 });
    expect(await findPage('mfe_referrer/ReferrerDashboard')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard/referrarDashboard');
    expect(useSessionStore.getState().role).toBe('referer');
    expect(window.localStorage.getItem('role')).toBe('referer');
    expect(sidebarLabels()).toEqual(REFERRER_LABELS);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches back to candidate mode from referrer mode', async () => {
    signInAs(referrerSession());
    api.updateRole.mockResolvedValue(makeSession());
    renderApp('/dashboard');
    await findPage('mfe_referrer/ReferrerDashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Find a Referrer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, switch' }));
    expect(await screen.findByText('Candidate mode activated')).toBeInTheDocument();
    expect(api.updateRole).toHaveBeenCalledWith(makeSession().data._id, { role: 0 });
    expect(await findPage('mfe_candidate/UserDashboard')).toBeInTheDocument();
  });

  it('does nothing when cancelled', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Find a Applicant' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.updateRole).not.toHaveBeenCalled();
    expect(screen.getByText('Candidate mode activated')).toBeInTheDocument();
  });

  it("says 'Something went wrong. Please try again.' when the server refuses, and keeps the mode", async () => {
    signInAs();
    api.updateRole.mockRejectedValue(new ApiError('boom', 500));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Find a Applicant' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, switch' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Candidate mode activated')).toBeInTheDocument();
    expect(useSessionStore.getState().role).toBe('user');
  });
});

describe('logging out from the dashboard', () => {
  it('asks first, then ends the session and goes home', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await findPage('mfe_public/Landing')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(api.logout).toHaveBeenCalled();
    expect(window.localStorage.getItem('applicantUser')).toBeNull();
  });
});

describe('the top bar', () => {
  it('shows a red dot on the messages button while chats have unread messages, and opens the chat', async () => {
    signInAs();
    const peer = {
      _id: 'p1',
      fullName: 'Ravi',
      email: 'ravi@acme.com',
      profileLink: null,
      verifiedDomain: null,
      verifiedCompanyName: null,
      verifiedAtCompany: null,
    };
    const time = '2026-03-05T10:00:00.000Z';
    api.getReferrerChats.mockResolvedValue([
      { _id: 'c1', user: peer, lastMessage: 'Hi', time, unread: 2 },
      { _id: 'c2', user: peer, lastMessage: 'Yo', time, unread: 1 },
    ]);
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    const button = await screen.findByRole('button', { name: 'Messages (3 unread)' });
    expect(api.getReferrerChats).toHaveBeenCalledWith(makeSession().data._id);
    expect(screen.getByTestId('unread-messages-dot')).toBeInTheDocument();
    await userEvent.click(button);
    expect(await findPage('mfe_chat/Chat')).toBeInTheDocument();
  });

  it('shows no messages dot when everything is read', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    await waitFor(() => expect(api.getReferrerChats).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-messages-dot')).not.toBeInTheDocument();
  });

  it('has a home button', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await findPage('mfe_public/Landing')).toBeInTheDocument();
  });

  it('opens a profile card from the avatar, whose View profile goes to the profile page', async () => {
    signInAs();
    renderApp('/dashboard');
    await findPage('mfe_candidate/UserDashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Account: Ana Rao' }));
    const card = screen.getByRole('region', { name: 'Ana Rao' });
    expect(card).toHaveTextContent('Exp: 4+ Years');
    expect(card).toHaveTextContent('Frontend engineer who likes design systems.');
    expect(within(card).getByRole('list', { name: 'Skills' })).toHaveTextContent('React');
    expect(card).toHaveTextContent('AR');
    await userEvent.click(within(card).getByRole('button', { name: 'View profile' }));
    expect(await findPage('mfe_candidate/Profile')).toBeInTheDocument();
    expect(window.localStorage.getItem('activePage')).toBe('profile');
  });

  it("opens the referrer's profile page from the avatar in referrer mode", async () => {
    signInAs(referrerSession());
    renderApp('/dashboard');
    await findPage('mfe_referrer/ReferrerDashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Account: Ana Rao' }));
    await userEvent.click(screen.getByRole('button', { name: 'View profile' }));
    expect(await findPage('mfe_referrer/ReferrerProfile')).toBeInTheDocument();
  });
});

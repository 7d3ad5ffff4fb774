import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiError,
  apiClient,
  useSessionStore,
  type AppNotification,
  type JobPost,
  type NotificationsAnswer,
} from '@referio/shared';
import {
  findPage,
  makeSession,
  referrerSession,
  renderApp,
  resetApp,
  signInAs,
} from '../../test/helpers';
import { api, FakeEventSource } from '@referio/shared/test-utils';
import type * as TestUtils from '@referio/shared/test-utils';

// The bell's calls go through the real API functions and query options; only the HTTP layer is fake.
jest.mock('../../../../shared/src/api/client', () => ({
  ...jest.requireActual<object>('../../../../shared/src/api/client'),
  apiClient: { get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() },
}));
jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi(['getMe', 'updateRole', 'getReferrerChats']),
);

const job = (id: string, jobTitle: string): JobPost =>
  ({
    _id: id,
    jobTitle,
    companyName: 'Acme',
    jobType: 'Full-time',
    address: 'Bengaluru',
    createdAt: '2026-03-05T10:00:00.000Z',
  }) as JobPost;

const requestArrived: AppNotification = {
  _id: 'n-1',
  kind: 'referral_requested',
  createdAt: new Date().toISOString(),
  read: false,
  text: 'Cara Cand asked you for a referral for Platform Engineer at Acme.',
  link: '/dashboard/referralRequests?status=pending&request=req-1',
  jobs: [job('job-1', 'Platform Engineer')],
};
const matches: AppNotification = {
  _id: 'n-2',
  kind: 'job_matches',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  read: false,
  text: '2 new jobs match your skills.',
  link: '/job-details/job-2',
  jobs: [job('job-2', 'Frontend Engineer'), job('job-3', 'Data Analyst')],
};
const oldRead: AppNotification = { ...requestArrived, _id: 'n-3', read: true };

const answer = (items: AppNotification[]): NotificationsAnswer => ({
  items,
  unread: items.filter((i) => !i.read).length,
});

const http = jest.mocked(apiClient);
const ok = <T,>(data: T) =>
  ({ data: { success: true, data } }) as unknown as Awaited<ReturnType<typeof apiClient.get>>;
let inbox: NotificationsAnswer;
const getNotifications = jest.fn<Promise<NotificationsAnswer>, []>();
const markNotificationsRead = jest.fn();
const markAllNotificationsRead = jest.fn();

beforeEach(() => {
  resetApp();
  inbox = answer([]);
  getNotifications.mockImplementation(async () => inbox);
  http.get.mockImplementation((async (url: string) => {
    if (url === '/notifications') return ok(await getNotifications());
    throw new Error(`unexpected GET ${url}`);
  }) as typeof http.get);
  http.post.mockImplementation((async (url: string, body?: unknown) => {
    if (url === '/notifications/markRead') {
      markNotificationsRead((body as { ids: string[] }).ids);
      return ok({ marked: 1 });
    }
    if (url === '/notifications/markAllRead') {
      markAllNotificationsRead();
      return ok({ marked: 1 });
    }
    throw new Error(`unexpected POST ${url}`);
  }) as typeof http.post);
  api.getMe.mockImplementation(async () => ({ ...useSessionStore.getState().applicantUser! }));
  api.getReferrerChats.mockResolvedValue([]);
});

const setInbox = (a: NotificationsAnswer) => {
  inbox = a;
};

async function openDashboard(path = '/dashboard') {
  renderApp(path);
  await waitFor(() => expect(getNotifications).toHaveBeenCalled());
}

it("shows 'No notifications' and no dot when there are none", async () => {
  signInAs();
  await openDashboard();
  expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
    'No notifications',
  );
  expect(markNotificationsRead).not.toHaveBeenCalled();
});

it("shows 'No notifications' when the call fails", async () => {
  signInAs();
  getNotifications.mockRejectedValue(new ApiError('Not found', 404));
  await openDashboard();
  await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
    'No notifications',
  );
});

it('shows the unread count in the dot and the name, and opening the panel marks what it shows read', async () => {
  signInAs(referrerSession());
  setInbox(answer([requestArrived, matches, oldRead]));
  await openDashboard();
  const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
  expect(screen.getByTestId('notification-dot')).toHaveTextContent('2');

  setInbox(answer([requestArrived, matches, oldRead].map((i) => ({ ...i, read: true }))));
  await userEvent.click(bell);
  expect(markNotificationsRead).toHaveBeenCalledWith(['n-1', 'n-2']);
  expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Notifications (none unread)' })).toBeInTheDocument();

  const panel = screen.getByRole('region', { name: 'Notifications' });
  expect(panel).toHaveStyle({ maxHeight: '400px' });
  const items = within(panel)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.classList.contains('dash__notification-list'));
  expect(items.map((li) => li.querySelector('a')?.textContent)).toEqual([
    requestArrived.text,
    matches.text,
    oldRead.text,
  ]);
  expect(items[0]).toHaveTextContent('New:');
  expect(items[2]).not.toHaveTextContent('New:');
  expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', requestArrived.link);
});

it("lists a job match's jobs in the spec's layout, and 'View More' stores the job and opens it", async () => {
  signInAs();
  setInbox(answer([matches]));
  await openDashboard();
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
  const jobs = screen.getByRole('list', { name: 'Matching jobs' });
  const first = within(jobs).getAllByRole('listitem')[0]!;
  for (const text of ['Frontend Engineer', 'Acme', 'Full-time', 'Bengaluru', '05 Mar 2026'])
    expect(first).toHaveTextContent(text);
  await userEvent.click(within(first).getByRole('button', { name: /View More/ }));
  expect(await findPage('mfe_public/JobDetails')).toBeInTheDocument();
  expect(window.location.pathname).toBe('/job-details/job-2');
  expect(window.localStorage.getItem('selectedJobId')).toBe('job-2');
});

it("'Mark all as read' clears the dot", async () => {
  signInAs(referrerSession());
  const many = Array.from({ length: 25 }, (_, i) => ({ ...requestArrived, _id: `n-${i}` }));
  setInbox({ items: many.slice(0, 20), unread: 25 });
  await openDashboard();
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications (25 unread)' }));
  // Opening marked the 20 shown; 5 more are unread.
  expect(screen.getByTestId('notification-dot')).toHaveTextContent('5');
  setInbox({ items: many.slice(0, 20), unread: 0 });
  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(markAllNotificationsRead).toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument());
});

it('fetches again when the live stream says something arrived', async () => {
  signInAs();
  await openDashboard();
  expect(FakeEventSource.instances).toHaveLength(1); // one stream for the bell and the messages button
  setInbox(answer([requestArrived]));
  act(() => FakeEventSource.instances[0]!.emit('notification'));
  expect(
    await screen.findByRole('button', { name: 'Notifications (1 unread)' }),
  ).toBeInTheDocument();
});

it("follows a link into the other mode's page by switching the mode, and stays on that page", async () => {
  signInAs(makeSession());
  api.updateRole.mockResolvedValue(referrerSession());
  await openDashboard('/dashboard/referralRequests?status=pending&request=req-1');
  expect(await findPage('mfe_referrer/ReferralRequests')).toBeInTheDocument();
  expect(api.updateRole).toHaveBeenCalledWith(makeSession().data._id, { role: 1 });
  expect(window.location.pathname + window.location.search).toBe(
    '/dashboard/referralRequests?status=pending&request=req-1',
  );
  expect(useSessionStore.getState().role).toBe('referer');
});

it('opens the chat a chat notification names', async () => {
  signInAs();
  await openDashboard('/dashboard/chat?chat=chat-9');
  expect(await findPage('mfe_chat/Chat')).toBeInTheDocument();
  expect(useSessionStore.getState().activeChatId).toBe('chat-9');
});

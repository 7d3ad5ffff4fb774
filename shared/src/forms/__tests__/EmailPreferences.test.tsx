import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../api/client';
import { MAIL_PREFERENCE_DEFAULTS } from '../../contract/notificationKinds';
import { useSessionStore } from '../../session/sessionStore';
import { makeSession } from '../../test-utils/fixtures';
import { EmailPreferences } from '../EmailPreferences';

jest.mock('../../api/client', () => ({
  ...jest.requireActual<object>('../../api/client'),
  apiClient: { get: jest.fn(), post: jest.fn(), put: jest.fn(), delete: jest.fn() },
}));
const http = jest.mocked(apiClient);
const ok = (data: unknown) =>
  ({ data: { success: true, data } }) as unknown as Awaited<ReturnType<typeof apiClient.get>>;

// What the API answers a person who never chose: every kind but job matches.
const DEFAULTS = { ...MAIL_PREFERENCE_DEFAULTS };

function renderPrefs() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <EmailPreferences />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSessionStore.getState().signOut();
  useSessionStore.getState().signIn(makeSession());
  http.get.mockResolvedValue(ok(DEFAULTS));
});

it('shows one checkbox per kind, all on but job matches by default', async () => {
  renderPrefs();
  const jobs = await screen.findByRole('checkbox', { name: /New job posts match my skills/ });
  await waitFor(() => expect(jobs).toBeEnabled());
  expect(jobs).not.toBeChecked();
  expect(
    screen.getByRole('checkbox', { name: 'A candidate asks me for a referral' }),
  ).toBeChecked();
  expect(
    screen.getByRole('checkbox', {
      name: 'A referral request to me expires tomorrow without an answer',
    }),
  ).toBeChecked();
  expect(
    screen.getByRole('checkbox', { name: 'My referral request expired without an answer' }),
  ).toBeChecked();
  expect(screen.getAllByRole('checkbox')).toHaveLength(7);
  expect(http.get).toHaveBeenCalledWith('/notifications/preferences');
});

it('saves a change at once and shows what the server kept', async () => {
  renderPrefs();
  const chat = await screen.findByRole('checkbox', { name: /A chat message arrives/ });
  await waitFor(() => expect(chat).toBeEnabled());
  http.put.mockResolvedValue(ok({ ...DEFAULTS, chat_message: false }));
  await userEvent.click(chat);
  expect(http.put).toHaveBeenCalledWith('/notifications/preferences', { chat_message: false });
  await waitFor(() => expect(chat).not.toBeChecked());
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import {
  useSessionStore,
  type Chat,
  type ChatMessage,
  type SessionResponse,
} from '@referio/shared';
import { ChatView } from '../components/ChatView';
import { api, FakeEventSource, makeSession, USER_ID } from '@referio/shared/test-utils';

const ME = USER_ID;
const session: SessionResponse = makeSession({ skills: [] });
const chat = (id: string, name: string, email: string, extra: Partial<Chat> = {}): Chat => ({
  _id: id,
  user: {
    _id: `peer-${id}`,
    fullName: name,
    email,
    profileLink: null,
    verifiedDomain: null,
    verifiedCompanyName: null,
    verifiedAtCompany: null,
  },
  lastMessage: '',
  time: '2025-03-10T09:00:00.000Z',
  unread: 0,
  ...extra,
});
const message = (id: string, chatId: string, senderId: string, content: string, at = 0) =>
  ({
    _id: id,
    chatId,
    sender: senderId === ME ? 'Ana Rao' : 'Peer',
    senderId,
    content,
    createdAt: new Date(Date.UTC(2025, 2, 10, 9, 0, at)).toISOString(),
  }) satisfies ChatMessage;

const CHATS = [
  chat('c1', 'Ravi Kumar', 'ravi@acme.com', { lastMessage: 'Hello', unread: 2 }),
  chat('c2', '', 'meera@globex.com', { lastMessage: 'See you', unread: 0 }),
];

const renderChat = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ChatView />
    </QueryClientProvider>,
  );
// A chat list entry (its name starts with the person's; the Report and Block buttons' names do not).
const entry = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  useSessionStore.getState().signOut();
  useSessionStore.getState().signIn(session);
  api.getReferrerChats.mockResolvedValue(CHATS);
  api.getMessages.mockResolvedValue([]);
  api.markChatRead.mockResolvedValue({ success: true, message: 'Marked as read' });
});

afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('the chat page', () => {
  it('lists each chat with name or e-mail, last message and unread badge, and opens the first', async () => {
    renderChat();
    const list = await screen.findByRole('region', { name: 'Messages' });
    expect(within(list).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(list).getByText('meera@globex.com')).toBeInTheDocument();
    expect(within(list).getByText('See you')).toBeInTheDocument();
    expect(within(list).getByLabelText('2 unread')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' })).toBeVisible();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    // Opening a chat reads it: the badge goes and the server is told.
    expect(api.markChatRead).toHaveBeenCalledWith('c1');
    expect(within(list).queryByLabelText('2 unread')).not.toBeInTheDocument();
  });

  it("shows the other person's verified domain in the header, and 'Verified at {company}' only when it is confirmed", async () => {
    const peer = (verified: Partial<Chat['user']>) =>
      chat('c1', 'Ravi Kumar', 'ravi@example.com', {
        user: { ...chat('c1', 'Ravi Kumar', 'ravi@example.com').user, ...verified },
      });
    api.getReferrerChats.mockResolvedValue([
      peer({
        verifiedDomain: 'goog-careers.example',
        verifiedCompanyName: 'Google',
        verifiedAtCompany: 'unconfirmed',
      }),
    ]);
    const { unmount } = renderChat();
    const header = (await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' }))
      .parentElement as HTMLElement;
    const claimed = within(header).getByText('Verified · @goog-careers.example');
    expect(claimed).toHaveAttribute(
      'title',
      'This referrer proved an address at goog-careers.example. Referio has not confirmed that goog-careers.example belongs to Google.',
    );
    expect(screen.queryByText(/Verified at Google/)).not.toBeInTheDocument();
    unmount();

    api.getReferrerChats.mockResolvedValue([
      peer({
        verifiedDomain: 'google.com',
        verifiedCompanyName: 'Google',
        verifiedAtCompany: 'confirmed',
      }),
    ]);
    renderChat();
    expect(await screen.findByText('Verified at Google · @google.com')).toBeVisible();
  });

  it('shows no badge for a chat peer without a verified work address', async () => {
    renderChat();
    await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' });
    expect(screen.queryByText(/^Verified/)).not.toBeInTheDocument();
  });

  it('opens the stored activeChatId and removes the key', async () => {
    useSessionStore.getState().setActiveChatId('c2');
    renderChat();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'meera@globex.com' }),
    ).toBeVisible();
    expect(useSessionStore.getState().activeChatId).toBeNull();
    expect(entry('meera@globex.com')).toHaveAttribute('aria-current', 'true');
  });

  it('filters the list by name and e-mail', async () => {
    renderChat();
    await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' });
    const search = screen.getByLabelText('Search chats by name or e-mail');
    await userEvent.type(search, 'GLOBEX');
    expect(screen.queryByRole('button', { name: /^Ravi Kumar/ })).not.toBeInTheDocument();
    expect(entry('meera@globex.com')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('No chats match your search')).toBeInTheDocument();
  });

  it('says chats open after an approval when there are none', async () => {
    api.getReferrerChats.mockResolvedValue([]);
    renderChat();
    expect(await screen.findByText('No chats yet')).toBeInTheDocument();
    expect(screen.getByText(/once a referral request is approved/)).toBeInTheDocument();
  });

  it('shows a closed conversation (a block) readable, with a notice instead of the input', async () => {
    api.getReferrerChats.mockResolvedValue([
      chat('c1', '', '', { lastMessage: 'Thanks!', closed: 'blocked' }),
      ...CHATS.slice(1),
    ]);
    api.getMessages.mockResolvedValue([message('m1', 'c1', 'peer-c1', 'Thanks!')]);
    renderChat();
    expect(await screen.findByRole('heading', { level: 2, name: 'Referio member' })).toBeVisible();
    expect(await within(screen.getByRole('log')).findByText('Thanks!')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This conversation is closed. You can read it, but no new messages can be sent.',
    );
    expect(screen.queryByPlaceholderText('Type something...')).not.toBeInTheDocument();
  });

  it('sends only non-blank text, disables the button while sending, and shows the message as mine', async () => {
    let resolve: (m: ChatMessage) => void = () => {};
    api.createMessage.mockImplementation(() => new Promise((r) => (resolve = r)));
    renderChat();
    const input = await screen.findByPlaceholderText('Type something...');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'Thanks for the referral{Enter}');
    expect(screen.getByRole('button', { name: 'Sending' })).toBeDisabled();
    expect(api.createMessage).toHaveBeenCalledWith({
      chatId: 'c1',
      sender: 'Ana Rao',
      senderId: ME,
      content: 'Thanks for the referral',
    });
    await act(async () => resolve(message('m9', 'c1', ME, 'Thanks for the referral')));
    const bubble = within(screen.getByRole('log'))
      .getByText('Thanks for the referral')
      .closest('li');
    expect(bubble).toHaveClass('chat__bubble--own');
    expect(input).toHaveValue('');
  });

  it('shows a live message in the open chat and counts one for another chat', async () => {
    renderChat();
    await screen.findByText('No messages yet');
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/chat/events?open=c1');
    act(() => source.emit('hello', { latestId: 1, presence: null }, 1));
    act(() => source.emit('message', message('m2', 'c1', 'peer-c1', 'Are you free?', 2), 2));
    const bubble = within(screen.getByRole('log')).getByText('Are you free?').closest('li');
    expect(bubble).toHaveClass('chat__bubble--theirs');
    act(() => source.emit('message', message('m3', 'c2', 'peer-c2', 'Ping from Meera', 3), 3));
    // The list is the query's cache entry: it shows the change once react-query tells its observers.
    await waitFor(() =>
      expect(within(entry('meera@globex.com')).getByLabelText('1 unread')).toBeInTheDocument(),
    );
    const meera = entry('meera@globex.com');
    expect(within(meera).getByText('Ping from Meera')).toBeInTheDocument();
    // Most recent first.
    const buttons = within(screen.getByRole('region', { name: 'Messages' })).getAllByRole('button');
    expect(buttons[0]).toBe(meera);
  });

  it('shows Active Now while the other person has the chat open', async () => {
    renderChat();
    await screen.findByText('No messages yet');
    const source = FakeEventSource.latest();
    act(() =>
      source.emit(
        'hello',
        { latestId: 0, presence: { chatId: 'c1', userId: 'peer-c1', active: true } },
        0,
      ),
    );
    expect(screen.getByText('Active Now')).toBeInTheDocument();
    act(() => source.emit('presence', { chatId: 'c1', userId: 'peer-c1', active: false }));
    expect(screen.queryByText('Active Now')).not.toBeInTheDocument();
  });

  it('loads the previous page when scrolled to the top, each message once', async () => {
    const newest = Array.from({ length: 20 }, (_, i) =>
      message(`n${i}`, 'c1', 'peer-c1', `new ${i}`, 30 + i),
    );
    const older = [message('o0', 'c1', ME, 'old 0', 1), message('o1', 'c1', ME, 'old 1', 2)];
    api.getMessages.mockImplementation(async (_chat, _page, _limit, before) =>
      before === 'n0' ? older : newest,
    );
    renderChat();
    await screen.findByText('new 19');
    const log = screen.getByRole('log');
    log.scrollTop = 0;
    fireEvent.scroll(log);
    await screen.findByText('old 0');
    expect(api.getMessages).toHaveBeenLastCalledWith('c1', 1, 20, 'n0');
    const texts = within(log)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.chat__bubble-text')?.textContent);
    expect(texts).toEqual(['old 0', 'old 1', ...newest.map((m) => m.content)]);
    // A short page means the start of the chat: no more loading.
    expect(screen.queryByRole('button', { name: 'Load older messages' })).not.toBeInTheDocument();
  });

  it('adds a chat the other person opened since the list was loaded when its first message arrives', async () => {
    renderChat();
    await screen.findByText('No messages yet');
    api.getReferrerChats.mockResolvedValue([
      chat('c3', 'Nisha', 'nisha@initech.com', { lastMessage: 'Hi there', unread: 1 }),
      ...CHATS,
    ]);
    act(() =>
      FakeEventSource.latest().emit('message', message('m7', 'c3', 'peer-c3', 'Hi there', 7), 7),
    );
    const nisha = await screen.findByRole('button', { name: /Nisha/ });
    expect(within(nisha).getByLabelText('1 unread')).toBeInTheDocument();
  });

  it('adds a chat the other person opened, before any message, when the stream says the chats changed', async () => {
    renderChat();
    await screen.findByText('No messages yet');
    api.getReferrerChats.mockResolvedValue([chat('c4', 'Omar', 'omar@initech.com'), ...CHATS]);
    act(() => FakeEventSource.latest().emit('changed', { topics: ['chats'] }));
    expect(await screen.findByRole('button', { name: /^Omar/ })).toBeInTheDocument();
  });

  it('refetches after the stream reconnects', async () => {
    renderChat();
    await screen.findByText('No messages yet');
    const source = FakeEventSource.latest();
    act(() => source.emit('hello', { latestId: 0, presence: null }, 0));
    const calls = api.getReferrerChats.mock.calls.length;
    act(() => source.emit('hello', { latestId: 4, presence: null }, 4));
    await waitFor(() => expect(api.getReferrerChats.mock.calls.length).toBeGreaterThan(calls));
  });
});

describe('the chat page on a phone', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 720px)' || query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('opens on the list of chats, reads none, and opens a conversation only when one is picked', async () => {
    renderChat();
    const list = await screen.findByRole('region', { name: 'Messages' });
    expect(within(list).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ravi Kumar' })).toBeNull();
    expect(screen.queryByText('Select a chat to read its messages.')).toBeNull();
    expect(api.markChatRead).not.toHaveBeenCalled();
    expect(within(list).getByLabelText('2 unread')).toBeInTheDocument();

    await userEvent.click(entry('meera@globex.com'));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'meera@globex.com' }),
    ).toBeInTheDocument();
    // One pane at a time: the list is gone while the conversation is open.
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
    expect(api.markChatRead).toHaveBeenCalledWith('c2');
  });

  it('has a back arrow in the open conversation that returns to the list', async () => {
    renderChat();
    await screen.findByRole('region', { name: 'Messages' });
    await userEvent.click(entry('Ravi Kumar'));
    await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' });
    await userEvent.click(screen.getByRole('button', { name: 'Back to chats' }));
    const list = await screen.findByRole('region', { name: 'Messages' });
    expect(within(list).getByText('meera@globex.com')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Ravi Kumar' })).toBeNull();
  });

  it("opens the stored activeChatId ('Go to Chat') directly, with the back arrow", async () => {
    useSessionStore.getState().setActiveChatId('c2');
    renderChat();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'meera@globex.com' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to chats' })).toBeInTheDocument();
  });
});

describe('the chat page on a wide screen', () => {
  it('shows no back arrow (list and conversation side by side)', async () => {
    renderChat();
    await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' });
    expect(screen.getByRole('region', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to chats' })).toBeNull();
  });
});

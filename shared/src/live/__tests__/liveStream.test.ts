// The tab's one live stream: one connection however many listen, opened by the first listener and closed by
// the last, reopened once per change of the chat on screen, and retried with backoff when the server refuses.
import { BACKOFF_START_MS, LiveStream, liveStream } from '../liveStream';
import type * as LiveStreamModule from '../liveStream';
import { FakeEventSource } from '../../test-utils/fakeEventSource';
import { makeSession } from '../../test-utils/fixtures';
import { useSessionStore } from '../../session/sessionStore';
import { useSuspensionStore } from '../../session/suspension';

const factory = (url: string) => new FakeEventSource(url) as unknown as EventSource;
/** Lets the queued reopen (a microtask) run. */
const settle = () => Promise.resolve();

beforeEach(() => {
  FakeEventSource.instances = [];
});
afterEach(() => jest.useRealTimers());

describe('LiveStream', () => {
  it('holds one connection for every listener, from the first until the last leaves', () => {
    const stream = new LiveStream(factory);
    const heard: string[] = [];
    const offBell = stream.on('notification', () => heard.push('bell'));
    const offUnread = stream.on('message', () => heard.push('unread'));
    const offChat = stream.on('message', () => heard.push('chat'));
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/chat/events');

    source.emit('notification');
    source.emit('message', { _id: 'm1' }, 4);
    expect(heard).toEqual(['bell', 'unread', 'chat']);

    offChat();
    offChat(); // twice is once
    offUnread();
    expect(source.closed).toBe(false);
    offBell();
    expect(source.closed).toBe(true);
    expect(stream.active).toBe(false);
  });

  it('hands typed events over and tells a first hello from a reconnect', () => {
    jest.useFakeTimers();
    const stream = new LiveStream(factory);
    const hellos: unknown[] = [];
    stream.on('hello', (h) => hellos.push(h));
    FakeEventSource.latest().emit('hello', { latestId: 3, presence: null }, 3);
    FakeEventSource.latest().fail(true);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.latest().url).toBe('/api/chat/events?since=3');
    FakeEventSource.latest().emit('hello', { latestId: 5, presence: null }, 5);
    expect(hellos).toEqual([
      { latestId: 3, presence: null, reconnected: false, reopened: false },
      { latestId: 5, presence: null, reconnected: true, reopened: false },
    ]);
  });

  it('reopens once, with the last event id, when the chat on screen changes', async () => {
    const stream = new LiveStream(factory);
    const hellos: unknown[] = [];
    stream.on('hello', (h) => hellos.push(h));
    FakeEventSource.latest().emit('message', { _id: 'm1' }, 9);

    stream.setOpenChat('c1');
    await settle();
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(FakeEventSource.latest().url).toBe('/api/chat/events?since=9&open=c1');
    FakeEventSource.latest().emit('hello', { latestId: 9, presence: null }, 9);
    expect(hellos).toEqual([{ latestId: 9, presence: null, reconnected: false, reopened: true }]);

    // Leaving one chat and opening the next in one go (React's cleanup, then the next effect): one reopen.
    stream.setOpenChat(null);
    stream.setOpenChat('c2');
    await settle();
    expect(FakeEventSource.instances).toHaveLength(3);
    expect(FakeEventSource.open().map((s) => s.url)).toEqual(['/api/chat/events?since=9&open=c2']);

    // Back and forth to the same chat: nothing to reopen.
    stream.setOpenChat(null);
    stream.setOpenChat('c2');
    await settle();
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('opens nothing for an open chat while no one listens, and starts afresh later', async () => {
    const stream = new LiveStream(factory);
    stream.on('message', () => undefined)();
    FakeEventSource.latest().emit('message', { _id: 'm1' }, 9);
    stream.setOpenChat('c1');
    await settle();
    expect(FakeEventSource.instances).toHaveLength(1);
    stream.on('message', () => undefined);
    expect(FakeEventSource.latest().url).toBe('/api/chat/events?open=c1');
  });

  it('retries with growing delays after the server refuses, and leaves a dropped one to the browser', () => {
    jest.useFakeTimers();
    const stream = new LiveStream(factory);
    stream.on('message', () => undefined);
    FakeEventSource.latest().fail(false);
    jest.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    FakeEventSource.latest().fail(true);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.latest().fail(true);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('signs the tab out for good when the server ends the session, remembering a suspension', () => {
    jest.useFakeTimers();
    const stream = new LiveStream(factory);
    useSessionStore.getState().signIn(makeSession());
    const ends: unknown[] = [];
    stream.on('ended', (e) => ends.push(e));
    const suspension = { reason: 'Asked for money', suspendedAt: '2026-01-02T03:04:05.000Z' };
    FakeEventSource.latest().emit('ended', { why: 'suspended', suspension });
    expect(ends).toEqual([{ why: 'suspended', suspension }]);
    expect(FakeEventSource.latest().closed).toBe(true);
    expect(useSessionStore.getState().applicantUser).toBeNull();
    expect(useSuspensionStore.getState().suspension).toEqual(suspension);
    // No reconnect: the session is gone.
    jest.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    // A later sign-in forgets the suspension.
    useSessionStore.getState().signIn(makeSession());
    expect(useSuspensionStore.getState().suspension).toBeNull();
    expect(localStorage.getItem('suspension')).toBeNull();
  });

  it('is one per tab, even for a second copy of the module', () => {
    const first = liveStream();
    jest.isolateModules(() => {
      const again = jest.requireActual<typeof LiveStreamModule>('../liveStream');
      expect(again.liveStream()).toBe(first);
    });
  });
});

import { BACKOFF_START_MS, ChatStream } from '../api/chatStream';
import { FakeEventSource } from './fakeEventSource';

beforeEach(() => {
  FakeEventSource.instances = [];
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('ChatStream', () => {
  it('opens the events URL with the open chat and hands typed events to listeners', () => {
    const stream = new ChatStream('chat-1', null, FakeEventSource.factory);
    const hellos: unknown[] = [];
    const messages: unknown[] = [];
    stream.on('hello', (h) => hellos.push(h));
    stream.on('message', (m) => messages.push(m));
    stream.start();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/chat/events?open=chat-1');
    source.emit('hello', { latestId: 7, presence: null }, 7);
    source.emit('message', { _id: 'm1', content: 'hi' }, 8);
    expect(hellos).toEqual([{ latestId: 7, presence: null, reconnected: false }]);
    expect(messages).toEqual([{ _id: 'm1', content: 'hi' }]);
    expect(stream.lastId).toBe(8);
    stream.close();
    expect(source.closed).toBe(true);
  });

  it('retries with growing delays after the server refuses, asking for what it missed', () => {
    const stream = new ChatStream(null, null, FakeEventSource.factory);
    const hellos: boolean[] = [];
    stream.on('hello', (h) => hellos.push(h.reconnected));
    stream.start();
    FakeEventSource.latest().emit('hello', { latestId: 3, presence: null }, 3);

    FakeEventSource.latest().fail(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.latest().url).toBe('/api/chat/events?since=3');

    FakeEventSource.latest().fail(true);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.instances).toHaveLength(2);
    jest.advanceTimersByTime(BACKOFF_START_MS);
    expect(FakeEventSource.instances).toHaveLength(3);

    FakeEventSource.latest().emit('hello', { latestId: 5, presence: null }, 5);
    expect(hellos).toEqual([false, true]);
    stream.close();
  });

  it('leaves a dropped connection to the browser while it is still retrying by itself', () => {
    const stream = new ChatStream(null, null, FakeEventSource.factory).start();
    FakeEventSource.latest().fail(false);
    jest.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    stream.close();
  });
});

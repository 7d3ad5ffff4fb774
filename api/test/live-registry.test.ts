// The live stream's bookkeeping on one instance, without a server: the registry of open streams and the
// presence book (src/plugins/events/streams.ts, presence.ts).
import { PresenceBook } from '../src/plugins/events/presence';
import { PING_FRAME, type StreamConnection } from '../src/plugins/events/sse';
import { StreamRegistry } from '../src/plugins/events/streams';

interface FakeStream extends StreamConnection {
  frames: string[];
  ended: boolean;
}

/** A stream that, like the route's, leaves the registry when it ends. */
function stream(registry: StreamRegistry, userId: string, sessionId = 'session-1'): FakeStream {
  const conn: FakeStream = {
    userId,
    sessionId,
    frames: [],
    ended: false,
    write: (frame) => conn.frames.push(frame),
    end: () => {
      conn.ended = true;
      registry.remove(conn);
    },
  };
  registry.add(conn);
  return conn;
}

describe('StreamRegistry', () => {
  it("delivers a frame once to each of the named users' streams and to no one else", () => {
    const registry = new StreamRegistry(8);
    const [a1, a2, b] = [stream(registry, 'a'), stream(registry, 'a'), stream(registry, 'b')];
    registry.deliver(['a', 'a'], 'frame');
    expect(a1.frames).toEqual(['frame']);
    expect(a2.frames).toEqual(['frame']);
    expect(b.frames).toEqual([]);
  });

  it("ends a user's oldest stream beyond the limit, and counts each stream once", () => {
    const registry = new StreamRegistry(2);
    const first = stream(registry, 'a');
    const second = stream(registry, 'a');
    const third = stream(registry, 'a');
    const other = stream(registry, 'b');
    expect(first.ended).toBe(true);
    expect(registry.size).toBe(3);
    registry.remove(second);
    registry.remove(second);
    expect(registry.size).toBe(2);
    registry.deliver(['a'], 'frame');
    expect([first.frames, second.frames, third.frames]).toEqual([[], [], ['frame']]);
    expect(other.frames).toEqual([]);
  });

  it("ends one session's streams, or all but one session's, each after the frame", () => {
    const registry = new StreamRegistry(8);
    const one = stream(registry, 'a', 's1');
    const two = stream(registry, 'a', 's2');
    const three = stream(registry, 'a', 's3');
    const otherUser = stream(registry, 'b', 's1');
    registry.endSessions('a', { sessionId: 's1' }, 'ended');
    expect([one.ended, two.ended, three.ended, otherUser.ended]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(one.frames).toEqual(['ended']);
    registry.endSessions('a', { exceptSessionId: 's3' }, 'ended');
    expect([two.ended, three.ended]).toEqual([true, false]);
    registry.endSessions('a', {}, 'ended');
    expect(three.ended).toBe(true);
    expect(registry.size).toBe(1);
  });

  it('pings every stream a slice at a time, freeing the event loop in between', async () => {
    const registry = new StreamRegistry(1000);
    const all = Array.from({ length: 250 }, (_, i) => stream(registry, `u${i}`));
    registry.pingAll();
    expect(all.filter((s) => s.frames.length > 0)).toHaveLength(100);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(all.every((s) => s.frames.join() === PING_FRAME)).toBe(true);
  });

  it('writes a broadcast to every stream and ends them all on shutdown', () => {
    const registry = new StreamRegistry(8);
    const all = [stream(registry, 'a'), stream(registry, 'a'), stream(registry, 'b')];
    registry.broadcast('resync');
    registry.endAll();
    expect(all.map((s) => [s.frames, s.ended])).toEqual(Array(3).fill([['resync'], true]));
    expect(registry.size).toBe(0);
  });
});

describe('PresenceBook', () => {
  const ttl = 1000;

  it("announces a user's first stream on a chat and the end of the last, not those between", () => {
    const book = new PresenceBook(ttl, () => 0);
    expect(book.enter('chat', 'u', 'peer')).toEqual({ c: 'chat', u: 'u', p: 'peer', a: true });
    expect(book.enter('chat', 'u', 'peer')).toBeNull();
    expect(book.isActive('chat', 'u')).toBe(true);
    expect(book.leave('chat', 'u')).toBeNull();
    expect(book.leave('chat', 'u')).toEqual({ c: 'chat', u: 'u', p: 'peer', a: false });
    expect(book.isActive('chat', 'u')).toBe(false);
    expect(book.leave('chat', 'u')).toBeNull();
  });

  it('counts a pair heard from another instance active until its TTL passes, then tells the peer it left', () => {
    let now = 0;
    const book = new PresenceBook(ttl, () => now);
    const news = book.hear({ k: 'p', i: 'other', e: [{ c: 'chat', u: 'u', p: 'peer', a: true }] });
    expect(news).toEqual([{ to: 'peer', presence: { chatId: 'chat', userId: 'u', active: true } }]);
    expect(book.watchedByOther('chat', 'peer')).toBe(true);
    expect(book.watchedByOther('chat', 'u')).toBe(false);
    now = 999;
    expect(book.expire()).toEqual([]);
    expect(book.isActive('chat', 'u')).toBe(true);
    now = 1000;
    expect(book.isActive('chat', 'u')).toBe(false);
    expect(book.expire()).toEqual([
      { to: 'peer', presence: { chatId: 'chat', userId: 'u', active: false } },
    ]);
    expect(book.expire()).toEqual([]);
    expect(book.watchedByOther('chat', 'peer')).toBe(false);
    // Heard again after it was forgotten: news again, even as a re-announcement.
    expect(
      book.hear({
        k: 'p',
        i: 'other',
        refresh: true,
        e: [{ c: 'chat', u: 'u', p: 'peer', a: true }],
      }),
    ).toHaveLength(1);
  });

  it('tells a re-announcement only where it changes whether the pair is active', () => {
    let now = 0;
    const book = new PresenceBook(ttl, () => now);
    const entry = { c: 'chat', u: 'u', p: 'peer', a: true };
    expect(book.hear({ k: 'p', i: 'other', refresh: true, e: [entry] })).toHaveLength(1);
    now = 500;
    expect(book.hear({ k: 'p', i: 'other', refresh: true, e: [entry] })).toEqual([]);
    now = 1400;
    expect(book.isActive('chat', 'u')).toBe(true);
    expect(book.hear({ k: 'p', i: 'other', e: [{ ...entry, a: false }] })).toEqual([
      { to: 'peer', presence: { chatId: 'chat', userId: 'u', active: false } },
    ]);
  });

  it('keeps a user active while one instance still has the chat open', () => {
    const book = new PresenceBook(ttl, () => 0);
    const entry = { c: 'chat', u: 'u', p: 'peer', a: true };
    book.hear({ k: 'p', i: 'one', e: [entry] });
    book.hear({ k: 'p', i: 'two', e: [entry] });
    const news = book.hear({ k: 'p', i: 'one', e: [{ ...entry, a: false }] });
    expect(news).toEqual([{ to: 'peer', presence: { chatId: 'chat', userId: 'u', active: true } }]);
    expect(book.livePairs()).toEqual([]);
    book.enter('chat', 'u', 'peer');
    expect(book.livePairs()).toEqual([entry]);
    expect(book.leavingPairs()).toEqual([{ ...entry, a: false }]);
  });
});

// Presence ('Active Now'): who has which chat open, on this instance and on the others.
//
// An instance announces a (chat, user) pair when the user's first stream with that chat open starts and
// again when the last one ends, and re-announces its live pairs on every heartbeat; other instances
// forget a pair they have not heard about for the presence TTL (a crashed instance's users go inactive
// by themselves). This book only keeps count: announcing and telling streams is the hub's.
import type { ChatPresence } from '../../contract';
import type { PresenceEntry, PresenceWire } from './wire';

/** A presence change to tell `to` (the chat's other member). */
export interface PresenceNews {
  to: string;
  presence: ChatPresence;
}

interface LocalPair {
  count: number;
  chatId: string;
  userId: string;
  peer: string;
}

const key = (chatId: string, userId: string) => `${chatId}|${userId}`;

export class PresenceBook {
  /** Local open-chat counts per `chat|user`, with the peer to tell. */
  private readonly local = new Map<string, LocalPair>();
  /** Presence heard from instances (this one included): `chat|user` → instance → expiry (ms). */
  private readonly heard = new Map<string, { peer: string; until: Map<string, number> }>();
  /** Who has each chat open here or elsewhere: an index over `local` and `heard`. */
  private readonly openers = new Map<string, Set<string>>();

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A stream of `userId`'s with `chatId` open started here; the pair to announce if it is the first. */
  enter(chatId: string, userId: string, peer: string): PresenceEntry | null {
    const k = key(chatId, userId);
    const pair = this.local.get(k) ?? { count: 0, chatId, userId, peer };
    pair.count += 1;
    this.local.set(k, pair);
    this.track(chatId, userId);
    return pair.count === 1 ? { c: chatId, u: userId, p: peer, a: true } : null;
  }

  /** Such a stream ended; the pair to announce if it was the last. */
  leave(chatId: string, userId: string): PresenceEntry | null {
    const pair = this.local.get(key(chatId, userId));
    if (!pair) return null;
    pair.count -= 1;
    if (pair.count > 0) return null;
    this.local.delete(key(chatId, userId));
    this.untrack(chatId, userId);
    return { c: chatId, u: userId, p: pair.peer, a: false };
  }

  /** Whether `userId` has `chatId` open on some instance. */
  isActive(chatId: string, userId: string): boolean {
    const k = key(chatId, userId);
    if ((this.local.get(k)?.count ?? 0) > 0) return true;
    const entry = this.heard.get(k);
    if (!entry) return false;
    const now = this.clock();
    for (const until of entry.until.values()) if (until > now) return true;
    return false;
  }

  /** Whether someone other than `userId` has `chatId` open on some instance. */
  watchedByOther(chatId: string, userId: string): boolean {
    for (const other of this.openers.get(chatId) ?? [])
      if (other !== userId && this.isActive(chatId, other)) return true;
    return false;
  }

  /** The pairs open here, to re-announce (heartbeat). */
  livePairs(): PresenceEntry[] {
    return [...this.local.values()]
      .filter((o) => o.count > 0)
      .map((o) => ({ c: o.chatId, u: o.userId, p: o.peer, a: true }));
  }

  /** Every pair open here, as gone (shutdown). */
  leavingPairs(): PresenceEntry[] {
    return [...this.local.values()].map((o) => ({ c: o.chatId, u: o.userId, p: o.peer, a: false }));
  }

  /**
   * What an instance announced. News for each pair, except that a re-announcement (`refresh`) is news
   * only where it changes whether the pair is active.
   */
  hear(wire: PresenceWire): PresenceNews[] {
    const now = this.clock();
    const news: PresenceNews[] = [];
    for (const e of wire.e) {
      const k = key(e.c, e.u);
      const before = this.isActive(e.c, e.u);
      const entry = this.heard.get(k) ?? { peer: e.p, until: new Map<string, number>() };
      if (e.a) entry.until.set(wire.i, now + this.ttlMs);
      else entry.until.delete(wire.i);
      if (entry.until.size > 0) {
        this.heard.set(k, entry);
        this.track(e.c, e.u);
      } else {
        this.heard.delete(k);
        this.untrack(e.c, e.u);
      }
      const after = this.isActive(e.c, e.u);
      if (!wire.refresh || before !== after)
        news.push({ to: e.p, presence: { chatId: e.c, userId: e.u, active: after } });
    }
    return news;
  }

  /**
   * Forgets what was not heard again within the TTL (a crashed instance's pairs); news for each pair
   * that is no longer active anywhere (its peer was last told it was, when it was heard).
   */
  expire(): PresenceNews[] {
    const now = this.clock();
    const news: PresenceNews[] = [];
    for (const [k, entry] of this.heard) {
      for (const [inst, until] of entry.until) if (until <= now) entry.until.delete(inst);
      if (entry.until.size > 0) continue;
      const [chatId = '', userId = ''] = k.split('|');
      this.heard.delete(k);
      this.untrack(chatId, userId);
      if (!this.isActive(chatId, userId))
        news.push({ to: entry.peer, presence: { chatId, userId, active: false } });
    }
    return news;
  }

  private track(chatId: string, userId: string): void {
    const set = this.openers.get(chatId) ?? new Set<string>();
    set.add(userId);
    this.openers.set(chatId, set);
  }

  private untrack(chatId: string, userId: string): void {
    const k = key(chatId, userId);
    if (this.local.has(k) || this.heard.has(k)) return;
    const set = this.openers.get(chatId);
    set?.delete(userId);
    if (set?.size === 0) this.openers.delete(chatId);
  }
}

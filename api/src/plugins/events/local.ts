// What one instance holds of the live events: its open streams, who has which chat open, and who here
// listens for what.
import { randomUUID } from 'node:crypto';
import { PresenceBook, type PresenceNews } from './presence';
import { sseFrame } from './sse';
import { StreamRegistry } from './streams';

/** Listeners called together. */
export class Signal {
  private readonly listeners: (() => void)[] = [];

  add(listener: () => void): void {
    this.listeners.push(listener);
  }

  fire(): void {
    for (const listener of this.listeners) listener();
  }
}

export class LocalEvents {
  readonly instanceId = randomUUID();
  readonly streams: StreamRegistry;
  readonly presence: PresenceBook;
  /** Some instance wrote notifications (the outbox worker wakes up). */
  readonly notified = new Signal();
  /** Job posts changed: cached searches are stale. */
  readonly searchChanged = new Signal();

  constructor(opts: { maxStreamsPerUser: number; presenceTtlMs: number }) {
    this.streams = new StreamRegistry(opts.maxStreamsPerUser);
    this.presence = new PresenceBook(opts.presenceTtlMs);
  }

  /** Tells each presence change to the chat's other member's streams. */
  tell(news: readonly PresenceNews[]): void {
    for (const n of news) this.streams.deliver([n.to], sseFrame('presence', n.presence));
  }
}

// `app.chatEvents`: what the routes and services ask of the live events. Everything published goes
// through the fan-out to every instance, this one included, which delivers it to its own streams
// (src/plugins/events/receive.ts).
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { LiveTopic } from '../../contract';
import type { SessionsEnded } from '../../services/sessions';
import { peerOf, type ChatMembers, type MessageRow, type StoredMessage } from '../../services/chat';
import type { FanOut } from '../fan-out';
import type { LocalEvents } from './local';
import type { StreamConnection } from './sse';
import {
  changedPayloads,
  encodeWire,
  messageNoticeSql,
  presencePayloads,
  sessionsEndedWire,
  type PresenceEntry,
  type Wire,
} from './wire';

export interface ChatEventHub {
  readonly instanceId: string;
  /** Registers a stream; with `open`, the user counts as active in that chat until `close`. */
  connect(conn: StreamConnection, open?: ChatMembers): { close(): void };
  /**
   * The `pg_notify` that announces a message, as SQL over the row of the statement that stores it
   * (`ChatService.createMessage`): the announcement is sent exactly when the message is stored, with no
   * second round trip and no read back. `null` (nothing) with a broker outside the database: then
   * `messageStored` announces it once stored.
   */
  messageNotice(message: StoredMessage, row: MessageRow): SQL;
  /** Announces a stored message, unless its statement did (`messageNotice`); never rejects. */
  messageStored(message: StoredMessage, members: ChatMembers): Promise<void>;
  publishRead(members: ChatMembers, userId: string): Promise<void>;
  /** Whether `userId` has `chatId` open on some instance. */
  isActive(chatId: string, userId: string): boolean;
  /** Whether someone other than `userId` has `chatId` open on some instance (its other member, in a chat). */
  watchedByOther(chatId: string, userId: string): boolean;
  /** Streams open on this instance. */
  readonly localCount: number;
  /**
   * Tells `userIds`' open streams that someone changed these lists of theirs (a `changed` event: the
   * page showing one fetches it again). After the change is stored; never rejects (a lost hint costs
   * the live update, not the change). Inside a transaction, `app.notifications.listsChanged` instead.
   */
  publishChanged(userIds: readonly string[], topics: LiveTopic[]): Promise<void>;
  /** Called whenever some instance wrote notifications (the outbox worker wakes up). */
  onNotified(listener: () => void): void;
  /** Tells every instance (this one included) that job posts changed: cached searches are stale. */
  publishSearchChanged(): Promise<void>;
  /** Called when some other instance published a search change (this one's own are not repeated). */
  onSearchChanged(listener: () => void): void;
  /**
   * Ends, on every instance, the streams of the sessions that ended: each gets an `ended` event saying
   * why, then closes (the client signs out and does not reconnect).
   */
  endStreams(ended: SessionsEnded): Promise<void>;
}

export class ChatEvents implements ChatEventHub {
  /** Shutting down: streams that end now do not announce their users' leaving one by one. */
  private closing = false;

  constructor(
    private readonly local: LocalEvents,
    private readonly fanOut: FanOut,
    private readonly log: FastifyBaseLogger,
  ) {}

  get instanceId(): string {
    return this.local.instanceId;
  }

  get localCount(): number {
    return this.local.streams.size;
  }

  connect(conn: StreamConnection, open?: ChatMembers): { close(): void } {
    const { streams, presence } = this.local;
    streams.add(conn);
    if (open) this.announce(presence.enter(open.chatId, conn.userId, peerOf(open, conn.userId)));
    let closed = false;
    return {
      close: () => {
        if (closed) return;
        closed = true;
        streams.remove(conn);
        if (!open) return;
        const left = presence.leave(open.chatId, conn.userId);
        if (!this.closing) this.announce(left);
      },
    };
  }

  messageNotice(message: StoredMessage, row: MessageRow): SQL {
    return this.fanOut.kind === 'postgres' ? messageNoticeSql(message, row) : sql`null`;
  }

  async messageStored(message: StoredMessage, members: ChatMembers): Promise<void> {
    if (this.fanOut.kind === 'postgres') return;
    // Stored already: a broker that fails costs the live update, not the send (the chat shows it when read).
    await this.publish({ k: 'm', to: [members.candidateId, members.referrerId], m: message }).catch(
      (err: unknown) => this.log.warn({ err }, 'chat message stored but not announced'),
    );
  }

  async publishRead(members: ChatMembers, userId: string): Promise<void> {
    const to = [members.candidateId, members.referrerId];
    await this.publish({ k: 'r', to, chatId: members.chatId, userId });
  }

  isActive(chatId: string, userId: string): boolean {
    return this.local.presence.isActive(chatId, userId);
  }

  watchedByOther(chatId: string, userId: string): boolean {
    return this.local.presence.watchedByOther(chatId, userId);
  }

  async publishChanged(userIds: readonly string[], topics: LiveTopic[]): Promise<void> {
    const payloads = changedPayloads(userIds, topics);
    if (payloads.length === 0) return;
    await this.fanOut
      .publish(payloads)
      .catch((err: unknown) => this.log.warn({ err }, 'list change not announced'));
  }

  onNotified(listener: () => void): void {
    this.local.notified.add(listener);
  }

  async publishSearchChanged(): Promise<void> {
    // This instance's own listeners too (an operator's change is not made by the job routes).
    this.local.searchChanged.fire();
    await this.publish({ k: 's', i: this.instanceId });
  }

  onSearchChanged(listener: () => void): void {
    this.local.searchChanged.add(listener);
  }

  async endStreams(ended: SessionsEnded): Promise<void> {
    await this.publish(sessionsEndedWire(ended));
  }

  /**
   * Every heartbeat: a comment line to every stream (keeps proxies from closing idle ones), this
   * instance's presence re-announced, and presence not heard about for a while expired.
   */
  heartbeat(): void {
    this.local.streams.pingAll();
    this.announceMany(this.local.presence.livePairs(), true).catch((err: unknown) =>
      this.log.warn({ err }, 'presence not announced'),
    );
    this.local.tell(this.local.presence.expire());
  }

  /**
   * Streams never end by themselves: this ends them (before the server waits for open connections),
   * and this instance's users leave their chats now rather than when their presence expires elsewhere.
   */
  async shutdown(): Promise<void> {
    this.closing = true;
    await this.announceMany(this.local.presence.leavingPairs(), false).catch(() => {});
    this.local.streams.endAll();
  }

  private async publish(wire: Wire): Promise<void> {
    await this.fanOut.publish([encodeWire(wire)]);
  }

  private announce(entry: PresenceEntry | null): void {
    if (!entry) return;
    this.publish({ k: 'p', i: this.instanceId, e: [entry] }).catch((err: unknown) =>
      this.log.warn({ err }, 'presence not announced'),
    );
  }

  /**
   * Presence for many pairs (the heartbeat's re-announcement, a shutdown's goodbyes), published together
   * (on PostgreSQL many payloads in one statement), so a thousand open chats cost one round trip and one
   * pool connection, not 25 queued ahead of the messages being sent meanwhile.
   */
  private async announceMany(entries: PresenceEntry[], refresh: boolean): Promise<void> {
    await this.fanOut.publish(presencePayloads(this.instanceId, entries, refresh));
  }
}

// Live chat events: a per-instance registry of open streams, fanned out between API instances (src/plugins/
// fan-out.ts: PostgreSQL LISTEN/NOTIFY, or Redis with EVENTS_BROKER_URL). Every instance publishes there and
// delivers what it hears to its own streams, so a message posted to one instance reaches a client connected to
// another.
//
// Presence ('Active Now'): an instance announces a (chat, user) pair when the user's first stream with
// that chat open starts and again when the last one ends, and re-announces its live pairs on every
// heartbeat; other instances forget a pair they have not heard about for PRESENCE_TTL_MS (a crashed
// instance's users go inactive by themselves).
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  CHAT_STREAM_HEARTBEAT_MS,
  type ChatStreamEvents,
  type LiveTopic,
  type StreamEnd,
} from '../contract';
import type { SessionsEnded } from '../services/sessions';
import {
  ChatService,
  peerOf,
  type ChatMembers,
  type MessageRow,
  type StoredMessage,
} from '../services/chat';
import { EVENTS_CHANNEL, openFanOut } from './fan-out';

export const CHAT_CHANNEL = EVENTS_CHANNEL;
/** NOTIFY payloads must stay under 8000 bytes; longer messages travel by id and are read back. */
const MAX_INLINE_PAYLOAD = 7000;
/** Streams pinged per turn of the event loop (see `pingAll`). */
const PING_SLICE = 100;
/** Recipients per `changed` payload (payloads stay well under PostgreSQL's 8000 bytes). */
const CHANGED_CHUNK = 150;

type Wire =
  | { k: 'm'; to: string[]; m: StoredMessage }
  | { k: 'mref'; to: string[]; id: string }
  | { k: 'r'; to: string[]; chatId: string; userId: string }
  /**
   * New notifications for these users (sent by src/services/notifications.ts inside the event's
   * transaction); `t`: the lists of theirs the event changed (a `changed` event follows the `notification`).
   */
  | { k: 'n'; to: string[]; t?: LiveTopic[] }
  /** Lists of these users changed with nothing to notify (a withdrawn request, a saved job closed). */
  | { k: 'c'; to: string[]; t: LiveTopic[] }
  /** Job posts changed: every instance drops its cached search pages. */
  | { k: 's'; i: string }
  /** Sessions ended (logout, suspension, revoked): their streams end with this `ended` event. */
  | { k: 'x'; u: string; s?: string; keep?: string; e: StreamEnd }
  | {
      k: 'p';
      i: string;
      refresh?: boolean;
      e: { c: string; u: string; p: string; a: boolean }[];
    };

/** One open stream. */
export interface StreamConnection {
  readonly userId: string;
  /** The session the stream was opened with (its end ends the stream). */
  readonly sessionId: string;
  /** Writes a ready SSE frame. */
  write(frame: string): void;
  /** Ends the stream (server shutdown, slow client). */
  end(): void;
}

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

declare module 'fastify' {
  interface FastifyInstance {
    chats: ChatService;
    chatEvents: ChatEventHub;
  }
}

export interface EventsPluginOptions {
  heartbeatMs?: number;
  presenceTtlMs?: number;
}

/** One SSE frame. */
export function sseFrame<K extends keyof ChatStreamEvents>(
  event: K,
  data: ChatStreamEvents[K],
  id?: number,
): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const publicMessage = (m: StoredMessage): ChatStreamEvents['message'] => ({
  _id: m._id,
  chatId: m.chatId,
  sender: m.sender,
  senderId: m.senderId,
  content: m.content,
  createdAt: m.createdAt,
});

export default fp<EventsPluginOptions>(
  async (app, opts) => {
    const heartbeatMs = opts.heartbeatMs ?? CHAT_STREAM_HEARTBEAT_MS;
    const presenceTtlMs = opts.presenceTtlMs ?? heartbeatMs * 2 + 10_000;
    const instanceId = randomUUID();
    const chatsService = new ChatService(app.db, app.now);
    app.decorate('chats', chatsService);

    const streams = new Map<string, Set<StreamConnection>>();
    const notifiedListeners: (() => void)[] = [];
    const searchListeners: (() => void)[] = [];
    /** Local open-chat counts per `chat|user`, with the peer to tell. */
    const localOpen = new Map<
      string,
      { count: number; chatId: string; userId: string; peer: string }
    >();
    /** Presence heard from instances (this one included): `chat|user` → instance → expiry (ms). */
    const heard = new Map<string, { peer: string; until: Map<string, number> }>();
    const key = (chatId: string, userId: string) => `${chatId}|${userId}`;
    /** Who has each chat open here or elsewhere: an index over `localOpen` and `heard`. */
    const openers = new Map<string, Set<string>>();
    const track = (chatId: string, userId: string) => {
      const set = openers.get(chatId) ?? new Set<string>();
      set.add(userId);
      openers.set(chatId, set);
    };
    const untrack = (chatId: string, userId: string) => {
      const k = key(chatId, userId);
      if (localOpen.has(k) || heard.has(k)) return;
      const set = openers.get(chatId);
      set?.delete(userId);
      if (set?.size === 0) openers.delete(chatId);
    };

    const deliver = (userIds: string[], frame: string) => {
      for (const id of new Set(userIds)) {
        for (const conn of streams.get(id) ?? []) conn.write(frame);
      }
    };

    const isActive = (chatId: string, userId: string) => {
      const k = key(chatId, userId);
      if ((localOpen.get(k)?.count ?? 0) > 0) return true;
      const entry = heard.get(k);
      if (!entry) return false;
      const now = Date.now();
      for (const until of entry.until.values()) if (until > now) return true;
      return false;
    };

    const notify = async (wire: Wire) => {
      let payload = JSON.stringify(wire);
      if (wire.k === 'm' && Buffer.byteLength(payload) > MAX_INLINE_PAYLOAD) {
        payload = JSON.stringify({ k: 'mref', to: wire.to, id: wire.m._id } satisfies Wire);
      }
      await fanOut.publish([payload]);
    };

    const onWire = async (payload: string) => {
      let wire: Wire;
      try {
        wire = JSON.parse(payload) as Wire;
      } catch {
        return;
      }
      switch (wire.k) {
        case 'm':
          deliver(wire.to, sseFrame('message', publicMessage(wire.m), wire.m.seq));
          return;
        case 'mref': {
          const m = await chatsService.getMessage(wire.id);
          if (m) deliver(wire.to, sseFrame('message', publicMessage(m), m.seq));
          return;
        }
        case 'r':
          deliver(wire.to, sseFrame('read', { chatId: wire.chatId, userId: wire.userId }));
          return;
        case 'n':
          deliver(wire.to, sseFrame('notification', {}));
          if (wire.t?.length) deliver(wire.to, sseFrame('changed', { topics: wire.t }));
          for (const listener of notifiedListeners) listener();
          return;
        case 'c':
          deliver(wire.to, sseFrame('changed', { topics: wire.t }));
          return;
        case 's':
          if (wire.i !== instanceId) for (const listener of searchListeners) listener();
          return;
        case 'x':
          endMatching(wire);
          return;
        case 'p': {
          const now = Date.now();
          for (const e of wire.e) {
            const k = key(e.c, e.u);
            const before = isActive(e.c, e.u);
            const entry = heard.get(k) ?? { peer: e.p, until: new Map<string, number>() };
            if (e.a) entry.until.set(wire.i, now + presenceTtlMs);
            else entry.until.delete(wire.i);
            if (entry.until.size > 0) {
              heard.set(k, entry);
              track(e.c, e.u);
            } else {
              heard.delete(k);
              untrack(e.c, e.u);
            }
            const after = isActive(e.c, e.u);
            if (!wire.refresh || before !== after)
              deliver([e.p], sseFrame('presence', { chatId: e.c, userId: e.u, active: after }));
          }
          return;
        }
      }
    };
    const handle = (payload: string) => {
      onWire(payload).catch((err: unknown) => app.log.error({ err }, 'chat event not delivered'));
    };

    /** The streams of the sessions `wire` names end, each with an `ended` frame. */
    const endMatching = (wire: Extract<Wire, { k: 'x' }>) => {
      const frame = sseFrame('ended', wire.e);
      for (const conn of [...(streams.get(wire.u) ?? [])]) {
        if (wire.s !== undefined && conn.sessionId !== wire.s) continue;
        if (wire.keep !== undefined && conn.sessionId === wire.keep) continue;
        conn.write(frame);
        conn.end();
      }
    };

    const resyncAll = () => {
      const frame = sseFrame('resync', {});
      for (const set of streams.values()) for (const conn of set) conn.write(frame);
    };

    const fanOut = await openFanOut(app, {
      onMessage: handle,
      // Events published while this instance was not listening are lost: clients fetch again, and cached
      // searches are dropped (a job change may have gone unheard).
      onGap() {
        resyncAll();
        for (const listener of searchListeners) listener();
      },
    });

    const announce = (wire: Extract<Wire, { k: 'p' }>) => {
      notify(wire).catch((err: unknown) => app.log.warn({ err }, 'presence not announced'));
    };
    /**
     * Presence for many pairs (the heartbeat's re-announcement, a shutdown's goodbyes): payloads of 40
     * pairs, published together (on PostgreSQL many in one statement), so a thousand open chats cost one
     * round trip and one pool connection, not 25 queued ahead of the messages being sent meanwhile.
     */
    const announceMany = async (entries: Extract<Wire, { k: 'p' }>['e'], refresh: boolean) => {
      const payloads: string[] = [];
      for (let i = 0; i < entries.length; i += 40) {
        const wire: Wire = { k: 'p', i: instanceId, e: entries.slice(i, i + 40) };
        if (refresh) wire.refresh = true;
        payloads.push(JSON.stringify(wire));
      }
      await fanOut.publish(payloads);
    };

    /**
     * A comment line to every open stream, PING_SLICE streams at a time with the event loop free in
     * between: a thousand socket writes in one go held an instance for 20-60 ms (the chat bench's traces),
     * and every message delivered or received meanwhile waited that long.
     */
    const pingAll = () => {
      const all: StreamConnection[] = [];
      for (const set of streams.values()) for (const conn of set) all.push(conn);
      let i = 0;
      const slice = () => {
        const end = Math.min(all.length, i + PING_SLICE);
        for (; i < end; i++) all[i]?.write(': ping\n\n');
        if (i < all.length) setImmediate(slice);
      };
      slice();
    };

    // Heartbeat: comment lines keep proxies from closing idle streams; presence is re-announced and
    // pairs not heard about for a while expire.
    const beat = setInterval(() => {
      pingAll();
      const live = [...localOpen.values()]
        .filter((o) => o.count > 0)
        .map((o) => ({ c: o.chatId, u: o.userId, p: o.peer, a: true }));
      announceMany(live, true).catch((err: unknown) =>
        app.log.warn({ err }, 'presence not announced'),
      );
      const now = Date.now();
      for (const [k, entry] of heard) {
        const [chatId = '', userId = ''] = k.split('|');
        const before = isActive(chatId, userId);
        for (const [inst, until] of entry.until) if (until <= now) entry.until.delete(inst);
        if (entry.until.size === 0) {
          heard.delete(k);
          untrack(chatId, userId);
        }
        if (before && !isActive(chatId, userId))
          deliver([entry.peer], sseFrame('presence', { chatId, userId, active: false }));
      }
    }, heartbeatMs);
    beat.unref();

    let localCount = 0;
    const hub: ChatEventHub = {
      instanceId,
      get localCount() {
        return localCount;
      },
      connect(conn, open) {
        const set = streams.get(conn.userId) ?? new Set<StreamConnection>();
        // At most CHAT_MAX_STREAMS_PER_USER streams per user on this instance: a new one ends the
        // oldest (a tab long closed whose connection lingers), so one account cannot hold a thousand.
        while (set.size >= app.config.CHAT_MAX_STREAMS_PER_USER) {
          const oldest = set.values().next().value;
          if (!oldest) break;
          set.delete(oldest);
          oldest.end();
        }
        set.add(conn);
        streams.set(conn.userId, set);
        localCount += 1;
        let openKey: string | null = null;
        if (open) {
          const peer = peerOf(open, conn.userId);
          openKey = key(open.chatId, conn.userId);
          const entry = localOpen.get(openKey) ?? {
            count: 0,
            chatId: open.chatId,
            userId: conn.userId,
            peer,
          };
          entry.count += 1;
          localOpen.set(openKey, entry);
          track(open.chatId, conn.userId);
          if (entry.count === 1)
            announce({
              k: 'p',
              i: instanceId,
              e: [{ c: open.chatId, u: conn.userId, p: peer, a: true }],
            });
        }
        let closed = false;
        return {
          close() {
            if (closed) return;
            closed = true;
            set.delete(conn);
            if (set.size === 0) streams.delete(conn.userId);
            localCount -= 1;
            if (openKey) {
              const entry = localOpen.get(openKey);
              if (entry) {
                entry.count -= 1;
                if (entry.count <= 0) {
                  localOpen.delete(openKey);
                  untrack(entry.chatId, entry.userId);
                  if (!closing)
                    announce({
                      k: 'p',
                      i: instanceId,
                      e: [{ c: entry.chatId, u: entry.userId, p: entry.peer, a: false }],
                    });
                }
              }
            }
          },
        };
      },
      messageNotice(message, row) {
        if (fanOut.kind !== 'postgres') return sql`null`;
        // `to` and `seq` are the stored row's; everything else is known before the statement runs.
        const inline = JSON.stringify({ k: 'm', to: [], m: message } satisfies Wire);
        // Room for the two member ids, the seq and the spaces jsonb adds when printed.
        const payload =
          Buffer.byteLength(inline) + 200 > MAX_INLINE_PAYLOAD
            ? sql`jsonb_set(${JSON.stringify({ k: 'mref', to: [], id: message._id } satisfies Wire)}::jsonb, '{to}', ${row.to})`
            : sql`jsonb_set(jsonb_set(${inline}::jsonb, '{m,seq}', to_jsonb(${row.seq})), '{to}', ${row.to})`;
        return sql`pg_notify(${CHAT_CHANNEL}, ${payload}::text)`;
      },
      async messageStored(message, members) {
        if (fanOut.kind === 'postgres') return;
        // Stored already: a broker that fails costs the live update, not the send (the chat shows it when read).
        await notify({ k: 'm', to: [members.candidateId, members.referrerId], m: message }).catch(
          (err: unknown) => app.log.warn({ err }, 'chat message stored but not announced'),
        );
      },
      async publishRead(members, userId) {
        await notify({
          k: 'r',
          to: [members.candidateId, members.referrerId],
          chatId: members.chatId,
          userId,
        });
      },
      isActive,
      watchedByOther(chatId, userId) {
        for (const other of openers.get(chatId) ?? [])
          if (other !== userId && isActive(chatId, other)) return true;
        return false;
      },
      async publishChanged(userIds, topics) {
        const to = [...new Set(userIds)];
        const payloads: string[] = [];
        for (let i = 0; i < to.length; i += CHANGED_CHUNK)
          payloads.push(
            JSON.stringify({
              k: 'c',
              to: to.slice(i, i + CHANGED_CHUNK),
              t: topics,
            } satisfies Wire),
          );
        if (payloads.length === 0) return;
        await fanOut
          .publish(payloads)
          .catch((err: unknown) => app.log.warn({ err }, 'list change not announced'));
      },
      onNotified(listener) {
        notifiedListeners.push(listener);
      },
      async publishSearchChanged() {
        // This instance's own listeners too (an operator's change is not made by the job routes).
        for (const listener of searchListeners) listener();
        await notify({ k: 's', i: instanceId });
      },
      onSearchChanged(listener) {
        searchListeners.push(listener);
      },
      async endStreams(ended) {
        const wire: Wire = { k: 'x', u: ended.userId, e: ended.end };
        if (ended.sessionId) wire.s = ended.sessionId;
        if (ended.exceptSessionId) wire.keep = ended.exceptSessionId;
        await notify(wire);
      },
    };
    // Logout, a suspension, a revoked session: its streams end on every instance within a round trip.
    app.sessions.onEnded((ended) =>
      hub.endStreams(ended).catch((err: unknown) => app.log.warn({ err }, 'streams not ended')),
    );
    app.decorate('chatEvents', hub);

    let closing = false;
    // Streams never end by themselves: end them before the server waits for open connections.
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(beat);
      // This instance's users leave their chats now rather than when their presence expires elsewhere.
      const leaving = [...localOpen.values()].map((o) => ({
        c: o.chatId,
        u: o.userId,
        p: o.peer,
        a: false,
      }));
      await announceMany(leaving, false).catch(() => {});
      for (const set of [...streams.values()]) for (const conn of [...set]) conn.end();
    });
    app.addHook('onClose', async () => {
      await fanOut.close();
    });
  },
  { name: 'events', dependencies: ['config', 'db', 'auth'] },
);

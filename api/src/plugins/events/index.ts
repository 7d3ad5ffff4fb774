// Live chat events (`GET /api/chat/events`, src/routes/chat): a per-instance registry of open streams, fanned
// out between API instances (src/plugins/fan-out.ts: PostgreSQL LISTEN/NOTIFY, or Redis with
// EVENTS_BROKER_URL). Every instance publishes there and delivers what it hears to its own streams, so a
// message posted to one instance reaches a client connected to another.
//
// Here: sse.ts, the frames a stream writes; wire.ts, the payloads between instances; streams.ts, the open
// streams; presence.ts, who has which chat open; receive.ts, what an instance does with what it hears;
// hub.ts, `app.chatEvents`; stream.ts, one client's stream.
import fp from 'fastify-plugin';
import { CHAT_STREAM_HEARTBEAT_MS } from '../../contract';
import { ChatService } from '../../services/chat';
import { openFanOut } from '../fan-out';
import { ChatEvents, type ChatEventHub } from './hub';
import { LocalEvents } from './local';
import { eventSubscriber } from './receive';

export type { ChatEventHub } from './hub';
export { sseFrame, type StreamConnection } from './sse';
export { openEventStream } from './stream';

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

export default fp<EventsPluginOptions>(
  async (app, opts) => {
    const heartbeatMs = opts.heartbeatMs ?? CHAT_STREAM_HEARTBEAT_MS;
    const presenceTtlMs = opts.presenceTtlMs ?? heartbeatMs * 2 + 10_000;
    app.decorate('chats', new ChatService(app.db, app.now));

    const local = new LocalEvents({
      maxStreamsPerUser: app.config.CHAT_MAX_STREAMS_PER_USER,
      presenceTtlMs,
    });
    const fanOut = await openFanOut(app, eventSubscriber(local, app.chats, app.log));
    const hub = new ChatEvents(local, fanOut, app.log);
    app.decorate('chatEvents', hub);

    const beat = setInterval(() => hub.heartbeat(), heartbeatMs);
    beat.unref();
    // Logout, a suspension, a revoked session: its streams end on every instance within a round trip.
    app.sessions.onEnded((ended) =>
      hub.endStreams(ended).catch((err: unknown) => app.log.warn({ err }, 'streams not ended')),
    );
    app.addHook('preClose', async () => {
      clearInterval(beat);
      await hub.shutdown();
    });
    app.addHook('onClose', async () => {
      await fanOut.close();
    });
  },
  { name: 'events', dependencies: ['config', 'db', 'auth'] },
);

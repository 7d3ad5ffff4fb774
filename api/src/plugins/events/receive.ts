// The fan-out subscription: what this instance does with each event it hears from any instance
// (itself included), and after a gap in what it heard.
import type { FastifyBaseLogger } from 'fastify';
import type { ChatService } from '../../services/chat';
import type { FanOutSubscriber } from '../fan-out';
import type { LocalEvents } from './local';
import { messageFrame, sseFrame } from './sse';
import { parseWire, type Wire } from './wire';

/** The subscriber that delivers what the fan-out hears to this instance's streams and listeners. */
export function eventSubscriber(
  local: LocalEvents,
  chats: ChatService,
  log: FastifyBaseLogger,
): FanOutSubscriber {
  return {
    onMessage(payload) {
      const wire = parseWire(payload);
      if (!wire) return;
      receive(wire, local, chats).catch((err: unknown) =>
        log.error({ err }, 'chat event not delivered'),
      );
    },
    // Events published while this instance was not listening are lost: clients fetch again, and cached
    // searches are dropped (a job change may have gone unheard).
    onGap() {
      local.streams.broadcast(sseFrame('resync', {}));
      local.searchChanged.fire();
    },
  };
}

async function receive(wire: Wire, local: LocalEvents, chats: ChatService): Promise<void> {
  const { streams } = local;
  switch (wire.k) {
    case 'm':
      streams.deliver(wire.to, messageFrame(wire.m));
      return;
    case 'mref': {
      const m = await chats.getMessage(wire.id);
      if (m) streams.deliver(wire.to, messageFrame(m));
      return;
    }
    case 'r':
      streams.deliver(wire.to, sseFrame('read', { chatId: wire.chatId, userId: wire.userId }));
      return;
    case 'n':
      streams.deliver(wire.to, sseFrame('notification', {}));
      if (wire.t?.length) streams.deliver(wire.to, sseFrame('changed', { topics: wire.t }));
      local.notified.fire();
      return;
    case 'c':
      streams.deliver(wire.to, sseFrame('changed', { topics: wire.t }));
      return;
    case 's':
      // This instance fired its own listeners when it published.
      if (wire.i !== local.instanceId) local.searchChanged.fire();
      return;
    case 'x':
      streams.endSessions(
        wire.u,
        { sessionId: wire.s, exceptSessionId: wire.keep },
        sseFrame('ended', wire.e),
      );
      return;
    case 'p':
      local.tell(local.presence.hear(wire));
      return;
  }
}

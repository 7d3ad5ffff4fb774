// One client's event stream: the HTTP response taken over from Fastify and kept open.
import type { FastifyReply } from 'fastify';
import { CHAT_STREAM_RETRY_MS } from '../../contract';
import type { ChatMembers } from '../../services/chat';
import type { ChatEventHub } from './hub';
import type { StreamConnection } from './sse';

/** A stream whose client stops reading is dropped once this much is waiting to be written. */
const MAX_BUFFERED_BYTES = 1_000_000;

/**
 * Answers with an event stream registered with `hub` until either side ends it (`open`: the chat on
 * screen, whose other member sees its owner as active meanwhile). Writes the reconnect advice first.
 */
export function openEventStream(
  reply: FastifyReply,
  hub: ChatEventHub,
  owner: { userId: string; sessionId: string },
  open?: ChatMembers,
): StreamConnection {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.socket?.setNoDelay(true);
  raw.socket?.setTimeout(0);

  let ended = false;
  const conn: StreamConnection = {
    ...owner,
    write(frame) {
      if (ended) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) {
        conn.end();
        return;
      }
      raw.write(frame);
    },
    end() {
      if (ended) return;
      ended = true;
      registration.close();
      raw.end();
    },
  };
  const registration = hub.connect(conn, open);
  raw.on('close', () => {
    ended = true;
    registration.close();
  });
  raw.write(`retry: ${CHAT_STREAM_RETRY_MS}\n\n`);
  return conn;
}

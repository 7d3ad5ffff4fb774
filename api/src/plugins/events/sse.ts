// The live stream's wire format toward the browser: server-sent event frames, ready to write.
import type { ChatStreamEvents } from '../../contract';
import type { StoredMessage } from '../../services/chat';

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

/** A comment line: keeps proxies from closing an idle stream (sent on every heartbeat). */
export const PING_FRAME = ': ping\n\n';

/** One SSE frame. */
export function sseFrame<K extends keyof ChatStreamEvents>(
  event: K,
  data: ChatStreamEvents[K],
  id?: number,
): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A stored message's `message` frame; its `seq` is the frame's id (a reconnecting client's Last-Event-ID). */
export function messageFrame(m: StoredMessage): string {
  const message: ChatStreamEvents['message'] = {
    _id: m._id,
    chatId: m.chatId,
    sender: m.sender,
    senderId: m.senderId,
    content: m.content,
    createdAt: m.createdAt,
  };
  return sseFrame('message', message, m.seq);
}

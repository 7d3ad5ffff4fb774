import {
  chatAnswer,
  chatEventsQuery,
  chatEventStream,
  chatsAnswer,
  createChatRequest,
  errorResponses,
  idSchema,
  messageAnswer,
} from '../../contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, SIGN_IN_REQUIRED_MESSAGE } from '../../lib/errors';
import { assertSelf, currentUser } from '../../plugins/auth';
import { openEventStream, sseFrame, type StreamConnection } from '../../plugins/events';
import { peerOf, type ChatMembers } from '../../services/chat';

/** Missed messages replayed to a reconnecting stream at most (beyond that the client reloads anyway). */
const MAX_REPLAY = 500;

const chat: FastifyPluginAsyncZod = async (app) => {
  /** The chat between a candidate and the referrer of one of their approved requests (created once). */
  app.post(
    '/chat/createChat',
    {
      schema: {
        tags: ['chat'],
        summary: 'The chat of an approved request (created once, then the same one)',
        body: createChatRequest,
        response: { 200: chatAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { userId, referrerId } = request.body;
      const { chat: data, created } = await app.chats.createChat(user.id, userId, referrerId);
      // A new chat shows in the other member's open chat list at once, before any message.
      if (created) await app.chatEvents.publishChanged([data.user._id], ['chats']);
      return { success: true, data };
    },
  );

  /** The caller's chats, most recent first, each seen from the caller's side. */
  app.get(
    '/chat/getReferrerChats/:userId',
    {
      schema: {
        tags: ['chat'],
        summary: "The caller's chats, most recent first",
        params: z.object({ userId: idSchema }),
        response: { 200: chatsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const user = assertSelf(request, request.params.userId, 'You can only list your own chats.');
      return { success: true, data: await app.chats.listChats(user.id) };
    },
  );

  /** Everything in the chat so far counts as read by the caller. */
  app.post(
    '/chat/markRead/:chatId',
    {
      schema: {
        tags: ['chat'],
        summary: 'Mark the chat read up to now',
        params: z.object({ chatId: idSchema }),
        response: { 200: messageAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const members = await app.chats.membersFor(request.params.chatId, user.id);
      await app.chats.markRead(members.chatId, user.id);
      await app.chatEvents.publishRead(members, user.id);
      return { success: true, message: 'Marked as read' };
    },
  );

  /**
   * The caller's live stream (server-sent events): missed messages first (after `since` or the
   * Last-Event-ID header), then `hello`, then message, read and presence events as they happen, and a
   * comment line on every heartbeat.
   */
  app.get(
    '/chat/events',
    {
      schema: {
        tags: ['chat'],
        summary: 'The live stream (server-sent events): messages, reads, presence, notifications',
        querystring: chatEventsQuery,
        // Loose: the validated headers replace request.headers, so every other header stays.
        headers: z.looseObject({
          'last-event-id': z
            .string()
            .optional()
            .describe('The last message event id seen (instead of `since`)'),
        }),
        response: { 200: chatEventStream, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const session = request.session;
      if (!session) throw new HttpError(401, SIGN_IN_REQUIRED_MESSAGE);
      const open = request.query.open
        ? await app.chats.membersFor(request.query.open, user.id)
        : undefined;
      const header = Number.parseInt(String(request.headers['last-event-id'] ?? ''), 10);
      const since = Number.isFinite(header) && header >= 0 ? header : request.query.since;
      const owner = { userId: user.id, sessionId: session.id };
      const conn = openEventStream(reply, app.chatEvents, owner, open);
      try {
        await greet(app, conn, open, since);
      } catch (err) {
        request.log.error({ err }, 'chat stream could not start');
        conn.end();
      }
    },
  );
};

/**
 * A new stream's first frames: the messages missed since `since`, then `hello`. A session that ended
 * while the stream was being set up had its `ended` event published before the stream was registered:
 * that stream ends here.
 */
async function greet(
  app: FastifyInstance,
  conn: StreamConnection,
  open: ChatMembers | undefined,
  since: number | undefined,
): Promise<void> {
  if (!(await app.sessions.exists(conn.sessionId))) {
    conn.write(sseFrame('ended', { why: 'signed_out' }));
    conn.end();
    return;
  }
  let lastId = await app.chats.latestSeq();
  if (since !== undefined) {
    const missed = await app.chats.messagesSince(conn.userId, since, MAX_REPLAY);
    for (const m of missed) {
      const { seq, ...message } = m;
      conn.write(sseFrame('message', message, seq));
      lastId = Math.max(lastId, seq);
    }
  }
  const peer = open && peerOf(open, conn.userId);
  const presence =
    open && peer
      ? { chatId: open.chatId, userId: peer, active: app.chatEvents.isActive(open.chatId, peer) }
      : null;
  conn.write(sseFrame('hello', { latestId: lastId, presence }, lastId));
}

export default chat;

import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  chatMessageAnswer,
  chatMessagesAnswer,
  createMessageRequest,
  errorResponses,
  getMessagesQuery,
  idSchema,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { applyCounter, rateLimitCounter } from '../../lib/rate-limit-store';
import { currentUser, SESSION_COOKIE } from '../../plugins/auth';
import { peerOf, type StoredMessage } from '../../services/chat';
import type { ChatBellFacts } from '../../services/notifications';

const withoutSeq = ({ seq: _seq, ...message }: StoredMessage) => message;

const message: FastifyPluginAsyncZod = async (app) => {
  // Messages are limited per signed-in user (CHAT_MESSAGE_MAX per CHAT_MESSAGE_WINDOW_SECONDS), so one
  // account cannot flood a conversation and the live fan-out behind it; the answer is 429 with how long to
  // wait, which the chat shows as it is. Sending is the hot path of a live chat: the session lookup and the
  // user's counter are one prepared query (one round trip instead of two), with the same counter (the
  // shared `rate_limits` table, key `chat-message:<user id>`), headers and 429 as `app.rateLimit` gives.
  const windowMs = app.config.CHAT_MESSAGE_WINDOW_SECONDS * 1000;
  const findSender = app.sessions.finder('referio_session_chat_send', {
    limit: rateLimitCounter(
      'chat-message',
      sql`${users.id}::text`,
      sql`${sql.placeholder('limitNow')}`,
      sql`${sql.placeholder('limitResetAt')}`,
    ),
  });
  const sessionAndLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const at = app.now();
    const found = await findSender(request.cookies[SESSION_COOKIE], {
      limitNow: at.toISOString(),
      limitResetAt: new Date(at.getTime() + windowMs).toISOString(),
    });
    await app.useSession(request, reply, found);
    if (found) applyCounter(reply, app.config.CHAT_MESSAGE_MAX, found.limit, at);
  };

  /** One page of the chat's messages, chronological (page 1 = the newest `limit`); members only. */
  app.get(
    '/message/getMessages/:chatId',
    {
      schema: {
        tags: ['chat'],
        summary: "One page of a chat's messages, chronological (page 1 = the newest)",
        params: z.object({ chatId: idSchema }),
        querystring: getMessagesQuery,
        response: { 200: chatMessagesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const members = await app.chats.membersFor(request.params.chatId, user.id);
      const { page, limit, before } = request.query;
      const list = await app.chats.getMessages(members.chatId, page, limit, before);
      return { success: true, data: list.map(withoutSeq) };
    },
  );

  /** Sends a message as the signed-in user (whatever `sender`/`senderId` say); members only. */
  app.post(
    '/message/createMessage',
    {
      onRequest: sessionAndLimit,
      config: { sessionInHandler: true },
      schema: {
        tags: ['chat'],
        summary: 'Send a message as the signed-in user',
        body: createMessageRequest,
        response: { 200: chatMessageAnswer, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Stored and announced in one statement: the other member's stream has it before the
      // notification below is even written.
      // What the bell needs comes back with the message when the other member is not in the chat.
      const unwatched = !app.chatEvents.watchedByOther(request.body.chatId.toLowerCase(), user.id);
      const {
        message: stored,
        members,
        extra,
      } = await app.chats.createMessage(
        request.body.chatId,
        user,
        request.body.content,
        (m, row) => app.chatEvents.messageNotice(m, row),
        unwatched
          ? (chat) => app.notifications.chatBellFacts(chat, sql`${user.id}::uuid`)
          : undefined,
      );
      await app.chatEvents.messageStored(stored, members);
      const watching = app.chatEvents.isActive(members.chatId, peerOf(members, user.id));
      if (!watching) {
        // The bell (and its mail) for a recipient who does not have the chat open. The message is
        // stored and delivered by now: a notification that fails is logged, the send still succeeds.
        try {
          await app.notifications.chatMessage(
            app.db,
            members,
            user.id,
            false,
            unwatched ? (extra as ChatBellFacts | null) : undefined,
          );
        } catch (err) {
          request.log.error({ err }, 'chat message notification not recorded');
        }
      }
      return { success: true, data: withoutSeq(stored) };
    },
  );
};

export default message;

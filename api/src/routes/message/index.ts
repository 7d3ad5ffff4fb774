import {
  chatMessageAnswer,
  chatMessagesAnswer,
  createMessageRequest,
  errorResponses,
  getMessagesQuery,
  idSchema,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import type { Tx } from '../../db';
import { peerOf, type StoredMessage } from '../../services/chat';

const withoutSeq = ({ seq: _seq, ...message }: StoredMessage) => message;

const message: FastifyPluginAsyncZod = async (app) => {
  // Per signed-in user (the auth hook has run by now), so one account cannot flood a conversation and the
  // live fan-out behind it; the answer is 429 with how long to wait, which the chat shows as it is.
  const messageLimit = app.rateLimit({
    groupId: 'chat-message',
    max: app.config.CHAT_MESSAGE_MAX,
    timeWindow: app.config.CHAT_MESSAGE_WINDOW_SECONDS * 1000,
    keyGenerator: (request) => request.user?.id ?? `ip:${request.ip}`,
  });

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
      onRequest: messageLimit,
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
      const { message: stored, members } = await app.chats.createMessage(
        request.body.chatId,
        user,
        request.body.content,
        (m, row) => app.chatEvents.messageNotice(m, row),
      );
      const watching = app.chatEvents.isActive(members.chatId, peerOf(members, user.id));
      if (!watching) {
        // The bell (and its mail) for a recipient who does not have the chat open. The message is
        // stored and delivered by now: a notification that fails is logged, the send still succeeds.
        try {
          await app.db.transaction((tx) =>
            app.notifications.chatMessage(tx as unknown as Tx, members, user.id, false),
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

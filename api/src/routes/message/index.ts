import { createMessageRequest, getMessagesQuery, idSchema } from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth';
import type { StoredMessage } from '../../services/chat';

const withoutSeq = ({ seq: _seq, ...message }: StoredMessage) => message;

const message: FastifyPluginAsyncZod = async (app) => {
  /** One page of the chat's messages, chronological (page 1 = the newest `limit`); members only. */
  app.get(
    '/message/getMessages/:chatId',
    { schema: { params: z.object({ chatId: idSchema }), querystring: getMessagesQuery } },
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
    { schema: { body: createMessageRequest } },
    async (request) => {
      const user = currentUser(request);
      const members = await app.chats.membersFor(request.body.chatId, user.id);
      const stored = await app.chats.createMessage(members.chatId, user.id, request.body.content);
      await app.chatEvents.publishMessage(members, stored);
      return { success: true, data: withoutSeq(stored) };
    },
  );
};

export default message;

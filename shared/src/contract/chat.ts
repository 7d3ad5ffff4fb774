import './zodConfig';
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from './constants';
import { envelope, idSchema, type Suspension } from './common';
import { verifiedAtCompanySchema } from './companies';

/** The other member of a chat, as the list shows them. */
export const chatPeerSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  profileLink: z.string().nullable(),
  /** The domain of their current verified work address (the badge's "@domain"); null without one. */
  verifiedDomain: z
    .string()
    .nullable()
    .describe("The domain of the peer's current verified work address, or null"),
  /** The company that domain belongs to (a claim or a confirmation); null when none or rejected. */
  verifiedCompanyName: z
    .string()
    .nullable()
    .describe('The company the verified domain belongs to, or null (none, or rejected)'),
  /** 'confirmed' when an operator or the seed confirmed the domain for that company. */
  verifiedAtCompany: verifiedAtCompanySchema,
});
export type ChatPeer = z.infer<typeof chatPeerSchema>;

/** Why a conversation is closed: readable, no one can send (docs/trust-and-safety.md). */
export const CHAT_CLOSED_CAUSES = ['blocked', 'suspended'] as const;
export type ChatClosedCause = (typeof CHAT_CLOSED_CAUSES)[number];

export const chatSchema = z
  .object({
    _id: z.string(),
    user: chatPeerSchema,
    lastMessage: z.string(),
    /** ISO time of the last message (or of the chat's creation). */
    time: z.string().describe("ISO time of the last message (or of the chat's creation)"),
    /** Messages to me not yet read. */
    unread: z.number().int().describe('Messages to the caller not yet read'),
    /** Set when no one can send in it any more: one of the two blocked the other, or one is suspended. */
    closed: z
      .enum(CHAT_CLOSED_CAUSES)
      .optional()
      .describe('Set when no one can send in it any more (a block either way, a suspension)'),
  })
  .meta({ id: 'Chat' });
export type Chat = z.infer<typeof chatSchema>;

export const chatMessageSchema = z
  .object({
    _id: z.string(),
    chatId: z.string(),
    /** The sender's display name. */
    sender: z.string().describe("The sender's display name"),
    senderId: z.string(),
    content: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** POST /chat/createChat */
export const chatAnswer = envelope(chatSchema);
/** GET /chat/getReferrerChats/:userId */
export const chatsAnswer = envelope(z.array(chatSchema));
/** GET /message/getMessages/:chatId */
export const chatMessagesAnswer = envelope(z.array(chatMessageSchema));
/** POST /message/createMessage */
export const chatMessageAnswer = envelope(chatMessageSchema);

/**
 * GET /chat/events: a `text/event-stream`, never JSON. Frames `event: <type>`, `id: <message event id>`,
 * `data: <JSON>` (see ChatStreamEvents), a `retry:` line first and a comment line on every heartbeat.
 */
export const chatEventStream = {
  description:
    'Server-sent events: `retry:` first, then missed `message` events, `hello`, and `message`, `read`, `presence`, `resync`, `notification` and `changed` events as they happen; a comment line on every heartbeat; `ended` (then the stream closes) when its session ends.',
  content: { 'text/event-stream': { schema: z.string() } },
};

/** POST /chat/createChat: creates the chat between a candidate and a referrer, or returns the existing one. */
export const createChatRequest = z.object({
  userId: idSchema,
  referrerId: idSchema,
});
export type CreateChatRequest = z.input<typeof createChatRequest>;

export const messageContentSchema = z
  .string({ error: 'Message cannot be empty' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

/** POST /message/createMessage */
export const createMessageRequest = z.object({
  chatId: idSchema,
  sender: z.string().trim().max(200).optional().default(''),
  senderId: idSchema,
  content: messageContentSchema,
});
export type CreateMessageRequest = z.input<typeof createMessageRequest>;

/**
 * GET /message/getMessages/:chatId?page=1&limit=20. Page 1 is the newest `limit` messages, in
 * chronological order. With `before` (a message id) the page ends just before that message instead of
 * being counted from the newest, so paging up never repeats a message while new ones arrive.
 */
export const getMessagesQuery = z.object({
  before: idSchema.optional(),
  page: z.coerce.number().int().min(1, 'page must be at least 1').optional().default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .optional()
    .default(MESSAGE_PAGE_SIZE),
});
export type GetMessagesQuery = z.input<typeof getMessagesQuery>;

/**
 * GET /chat/events: the signed-in user's live stream (server-sent events). `since` (or the
 * Last-Event-ID header) is the last message event id the client saw: missed messages are replayed first.
 * `open` is the chat on screen: its other member sees the user as 'Active Now' while the stream lasts.
 */
export const chatEventsQuery = z.object({
  since: z.coerce.number().int().min(0).optional(),
  open: idSchema.optional(),
});
export type ChatEventsQuery = z.input<typeof chatEventsQuery>;

/** Events on the stream; the SSE event name is the `type`, the data the rest as JSON. */
export interface ChatStreamEvents {
  /** First frame: the newest message event id; the open chat's other member's presence. */
  hello: { latestId: number; presence: ChatPresence | null };
  /** A message in one of the user's chats (also the user's own, for their other tabs). */
  message: ChatMessage;
  /** `userId` has read `chatId` up to now. */
  read: { chatId: string; userId: string };
  /** `userId` opened (active) or left `chatId`. */
  presence: ChatPresence;
  /** The server may have missed events (its database listener reconnected): fetch again. */
  resync: Record<string, never>;
  /** Something new in the user's notifications (the bell fetches again). */
  notification: Record<string, never>;
  /** Someone else changed what these lists of the user's show: a page showing one fetches it again. */
  changed: { topics: LiveTopic[] };
  /** The stream's session ended (logout elsewhere, suspension, revoked): the stream closes after it. */
  ended: StreamEnd;
}

/**
 * What a `changed` event can name (docs/notifications.md, "Lists that stay true"): the user's referral
 * requests, sent or received, with their counts; their saved jobs; their chat list.
 */
export type LiveTopic = 'referrals' | 'savedJobs' | 'chats';

/**
 * Why a session's live stream ended: signed out (a logout, a revoked session), or the account was
 * suspended (with the operator's reason, which the suspended page shows).
 */
export type StreamEnd = { why: 'signed_out' } | { why: 'suspended'; suspension: Suspension };

export interface ChatPresence {
  chatId: string;
  userId: string;
  active: boolean;
}

import type { Chat, ChatMessage, CreateChatRequest, CreateMessageRequest } from '../contract/chat';
import { MESSAGE_PAGE_SIZE } from '../contract/constants';
import { API_BASE, apiClient, seg, type Envelope, type MessageAnswer } from './client';

/** POST /chat/createChat `{ userId, referrerId }`: the new or existing chat. */
export async function createChat(body: CreateChatRequest): Promise<Chat> {
  return (await apiClient.post<Envelope<Chat>>('/chat/createChat', body)).data.data;
}

/** GET /chat/getReferrerChats/:userId: the user's chats, latest first. */
export async function getReferrerChats(userId: string): Promise<Chat[]> {
  return (await apiClient.get<Envelope<Chat[]>>(`/chat/getReferrerChats/${seg(userId)}`)).data.data;
}

/**
 * GET /message/getMessages/:chatId?page=&limit=[&before=]: chronological; page 1 the newest. `before` (a
 * message id) pages up from that message instead (no repeats while new messages arrive).
 */
export async function getMessages(
  chatId: string,
  page = 1,
  limit = MESSAGE_PAGE_SIZE,
  before?: string,
): Promise<ChatMessage[]> {
  return (
    await apiClient.get<Envelope<ChatMessage[]>>(`/message/getMessages/${seg(chatId)}`, {
      params: before ? { page, limit, before } : { page, limit },
    })
  ).data.data;
}

/**
 * The URL of the signed-in user's live chat stream (`GET /api/chat/events`, server-sent events), for
 * `new EventSource(url, { withCredentials: true })`. `since`: the last message event id seen; `open`:
 * the chat on screen (its other member then sees 'Active Now').
 */
export function chatEventsUrl(opts: { since?: number | null; open?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (opts.since != null) params.set('since', String(opts.since));
  if (opts.open) params.set('open', opts.open);
  const query = params.toString();
  return `${API_BASE}/chat/events${query ? `?${query}` : ''}`;
}

/** POST /message/createMessage `{ chatId, sender, senderId, content }`: the stored message. */
export async function createMessage(body: CreateMessageRequest): Promise<ChatMessage> {
  return (await apiClient.post<Envelope<ChatMessage>>('/message/createMessage', body)).data.data;
}

/** POST /chat/markRead/:chatId: the chat's messages to me count as read. */
export async function markChatRead(chatId: string): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>(`/chat/markRead/${seg(chatId)}`, {})).data;
}

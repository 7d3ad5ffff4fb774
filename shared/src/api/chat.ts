// Chats and messages: one function per call, and the react-query keys and options that go with them
// (`['chats', kind, params]`). The live stream is `@referio/shared/live`.
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './chat';
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

/** The top bar's unread count is fetched again this often while the live stream may be down. */
export const UNREAD_POLL_MS = 60_000;

export const chatKeys = {
  all: ['chats'] as const,
  /** The chat page's list. */
  list: (userId: string | undefined) => ['chats', 'list', { userId: userId ?? '' }] as const,
  /** The top bar's count of unread messages (its own entry: the chat page edits its list as it reads). */
  unread: (userId: string | undefined) => ['chats', 'unread', { userId: userId ?? '' }] as const,
  /** A chat's newest page of messages. */
  messages: (chatId: string) => ['chats', 'messages', { chatId }] as const,
};

export const chatQueries = {
  list: (userId: string | undefined) =>
    queryOptions({
      queryKey: chatKeys.list(userId),
      queryFn: () => api.getReferrerChats(userId as string),
      enabled: Boolean(userId),
      // Fetched afresh whenever the chat page opens: live events keep it current while it is open.
      staleTime: 0,
    }),
  unread: (userId: string | undefined) =>
    queryOptions({
      queryKey: chatKeys.unread(userId),
      queryFn: async () =>
        (await api.getReferrerChats(userId as string)).reduce((n, c) => n + (c.unread || 0), 0),
      enabled: Boolean(userId),
      refetchInterval: UNREAD_POLL_MS,
    }),
  messages: (chatId: string) =>
    queryOptions({
      queryKey: chatKeys.messages(chatId),
      queryFn: () => api.getMessages(chatId, 1, MESSAGE_PAGE_SIZE),
      staleTime: 0,
    }),
};

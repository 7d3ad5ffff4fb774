import { TRUST_MESSAGES, type Chat, type ChatMessage } from '@referio/shared';

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

/** `current` plus `incoming`, each message once (by id), in chronological order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const seen = new Set(current.map((m) => m._id));
  const fresh = incoming.filter((m) => !seen.has(m._id));
  if (fresh.length === 0) return current;
  // Stable sort: equal timestamps keep the order they arrived in.
  return [...current, ...fresh].sort(byTime);
}

/** The chat list after a message: that chat's last message and time, moved to the top. */
export function applyMessage(chats: Chat[], m: ChatMessage, unreadDelta: number): Chat[] {
  const chat = chats.find((c) => c._id === m.chatId);
  if (!chat) return chats;
  const updated: Chat = {
    ...chat,
    lastMessage: m.content,
    time: m.createdAt > chat.time ? m.createdAt : chat.time,
    unread: chat.unread + unreadDelta,
  };
  return [updated, ...chats.filter((c) => c._id !== m.chatId)];
}

/** Chats whose person's name or e-mail contains the search text (case-insensitive). */
export function filterChats(chats: Chat[], search: string): Chat[] {
  const q = search.trim().toLowerCase();
  if (!q) return chats;
  return chats.filter(
    (c) => c.user.fullName.toLowerCase().includes(q) || c.user.email.toLowerCase().includes(q),
  );
}

/** The other person's name, else their e-mail (none after a block), else who they are to the user. */
export const displayName = (c: Chat) =>
  c.user.fullName.trim() || c.user.email || TRUST_MESSAGES.unnamedMember;

// The chat page's list: a react-query query (`chatQueries.list`), kept current by the tab's one live stream
// (messages move a chat to the top and count as unread unless it is on screen; read events clear a badge;
// a chat the list does not know yet, a new chat the other member opened, a resync or a reconnect fetch it
// again). Selection (spec): a stored activeChatId that matches a chat is selected and the key removed,
// otherwise the first chat. Opening a chat reads it, and while it is open the stream says so (the other
// member sees 'Active Now').
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  chatKeys,
  chatQueries,
  markChatRead,
  useSessionStore,
  type Chat,
  type ChatMessage,
} from '@referio/shared';
import { useLiveEvents, useOpenChat } from '@referio/shared/live';
import { applyMessage } from '../lib/messages';

/**
 * `firstByDefault: false` (a phone, which shows one pane at a time): nothing is selected until the user
 * picks a chat, so the page opens on the list; a stored activeChatId ('Go to Chat') still opens its chat.
 */
export function useChats(userId: string | null, { firstByDefault = true } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery(chatQueries.list(userId ?? undefined));
  const failed = query.isError && !query.data;
  const chats = query.data ?? (failed ? [] : null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [peerActive, setPeerActive] = useState(false);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  const chatsRef = useRef(chats);
  chatsRef.current = chats;

  useEffect(() => {
    if (query.error) console.warn('[referio] chats could not be loaded', query.error);
  }, [query.error]);

  // Each fresh list keeps the selection if it still exists, else takes the stored or the first chat.
  useEffect(() => {
    const list = query.data;
    if (!list) return;
    setSelectedId((current) => {
      if (current && list.some((c) => c._id === current)) return current;
      const { activeChatId, setActiveChatId } = useSessionStore.getState();
      if (activeChatId && list.some((c) => c._id === activeChatId)) {
        setActiveChatId(null);
        return activeChatId;
      }
      return firstByDefault ? (list[0]?._id ?? null) : null;
    });
  }, [query.data, firstByDefault]);

  const update = useCallback(
    (change: (list: Chat[]) => Chat[]) =>
      queryClient.setQueryData<Chat[]>(
        chatKeys.list(userId ?? undefined),
        (list) => list && change(list),
      ),
    [queryClient, userId],
  );
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.list(userId ?? undefined) }),
    [queryClient, userId],
  );

  const markRead = useCallback(
    (chatId: string) => {
      update((list) => list.map((c) => (c._id === chatId ? { ...c, unread: 0 } : c)));
      markChatRead(chatId).catch((err: unknown) =>
        console.warn('[referio] chat could not be marked read', err),
      );
    },
    [update],
  );

  // Opening a chat reads it.
  useEffect(() => {
    setPeerActive(false);
    if (selectedId) markRead(selectedId);
  }, [selectedId, markRead]);
  useOpenChat(selectedId);

  /** The open chat's messages are fetched again after a reconnect or a resync (missed events). */
  const refreshOpenChat = () => {
    const id = selectedRef.current;
    if (id) void queryClient.invalidateQueries({ queryKey: chatKeys.messages(id) });
  };
  useLiveEvents(userId !== null, {
    hello: (hello) => {
      if (hello.presence && hello.presence.chatId === selectedRef.current)
        setPeerActive(hello.presence.active);
      if (hello.reconnected) {
        reload();
        refreshOpenChat();
      }
    },
    message: (m: ChatMessage) => {
      if (!chatsRef.current?.some((c) => c._id === m.chatId)) {
        // A chat the other person opened since the list was loaded.
        reload();
        return;
      }
      const own = m.senderId === userId;
      const onScreen = m.chatId === selectedRef.current && !document.hidden;
      update((list) => applyMessage(list, m, own || onScreen ? 0 : 1));
    },
    read: (r) => {
      if (r.userId === userId)
        update((list) => list.map((c) => (c._id === r.chatId ? { ...c, unread: 0 } : c)));
    },
    presence: (p) => {
      if (p.chatId === selectedRef.current && p.userId !== userId) setPeerActive(p.active);
    },
    resync: () => {
      reload();
      refreshOpenChat();
    },
    // The other member opened a chat with this user ('Go to Chat'), before any message.
    changed: ({ topics }) => {
      if (topics.includes('chats')) reload();
    },
  });

  // A hidden tab leaves new messages unread until it is shown again.
  useEffect(() => {
    const onVisible = () => {
      const id = selectedRef.current;
      if (document.hidden || !id) return;
      if (chatsRef.current?.some((c) => c._id === id && c.unread > 0)) markRead(id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  /** A message of the open chat was sent here or arrived, and is now on screen. */
  const onShown = useCallback(
    (m: ChatMessage, own: boolean) => {
      update((list) => applyMessage(list, m, 0));
      if (!own && !document.hidden) markRead(m.chatId);
    },
    [update, markRead],
  );

  return { chats, failed, selectedId, select: setSelectedId, peerActive, onShown };
}

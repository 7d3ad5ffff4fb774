// One conversation's messages: the newest page from react-query (`chatQueries.messages`: on opening the
// chat, and again when the page invalidates it after a reconnect or a resync, merged then), the older pages
// on demand, the live messages of this chat from the tab's one stream, and the ones sent here. Each message
// once, in order. `scroll` says what the next render must do with the scroll position.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, chatQueries, getMessages, type ChatMessage } from '@referio/shared';
import { useLiveEvents } from '@referio/shared/live';
import { mergeMessages } from '../lib/messages';

export type ScrollIntent = { kind: 'bottom' } | { kind: 'keep'; height: number; top: number };

export function useConversationMessages(
  chatId: string,
  myId: string,
  /** A message of this chat arrived live and is now on screen. */
  onLive: (m: ChatMessage, own: boolean) => void,
  /** Where the list is scrolled before older messages go in above (to keep the view still). */
  measure: () => { height: number; top: number },
) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const scroll = useRef<ScrollIntent>({ kind: 'bottom' });
  const onLiveRef = useRef(onLive);
  onLiveRef.current = onLive;

  const newest = useQuery(chatQueries.messages(chatId));
  const fetchedAt = newest.dataUpdatedAt;
  const first = useRef(true);
  useEffect(() => {
    const page = newest.data;
    if (!page) return;
    scroll.current = { kind: 'bottom' };
    if (first.current) {
      first.current = false;
      setMessages(page);
      setHasMore(page.length === MESSAGE_PAGE_SIZE);
    } else {
      setMessages((prev) => mergeMessages(prev, page));
    }
    // Each fetch of the newest page, even one equal to the last.
  }, [newest.data, fetchedAt]);
  useEffect(() => {
    if (newest.error) console.warn('[referio] messages could not be loaded', newest.error);
  }, [newest.error]);

  useLiveEvents(true, {
    message: (m) => {
      if (m.chatId !== chatId) return;
      scroll.current = { kind: 'bottom' };
      setMessages((prev) => mergeMessages(prev, [m]));
      onLiveRef.current(m, m.senderId === myId);
    },
  });

  const loadOlder = useCallback(async () => {
    const oldest = messages[0];
    if (!oldest || !hasMore || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(chatId, 1, MESSAGE_PAGE_SIZE, oldest._id);
      scroll.current = { kind: 'keep', ...measure() };
      setMessages((prev) => mergeMessages(prev, page));
      setHasMore(page.length === MESSAGE_PAGE_SIZE);
    } catch (err) {
      console.warn('[referio] older messages could not be loaded', err);
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, hasMore, loadingOlder, messages, measure]);

  /** A message sent here (the stream brings it too; it shows once). */
  const addSent = useCallback((m: ChatMessage) => {
    scroll.current = { kind: 'bottom' };
    setMessages((prev) => mergeMessages(prev, [m]));
  }, []);

  return {
    messages,
    loading: newest.isPending,
    loadFailed: newest.isError,
    hasMore,
    loadingOlder,
    loadOlder,
    addSent,
    scroll,
  };
}

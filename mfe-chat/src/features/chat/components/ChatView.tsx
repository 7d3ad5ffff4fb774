// The chat page: the list on the left, the selected conversation on the right, one live stream.
// Selection (spec): a stored activeChatId that matches a chat is selected and the key removed,
// otherwise the first chat. Unread badges follow the stream; an open chat is marked read.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  EmptyState,
  Spinner,
  getReferrerChats,
  markChatRead,
  useCurrentUser,
  useSessionStore,
  type Chat,
  type ChatMessage,
} from '@referio/shared';
import { ChatStream, type EventSourceFactory } from '../api/chatStream';
import { applyMessage } from '../lib/messages';
import { ChatList } from './ChatList';
import { Conversation } from './Conversation';
import './Chat.css';

interface Props {
  /** Tests pass a fake EventSource. */
  eventSourceFactory?: EventSourceFactory;
}

export function ChatView({ eventSourceFactory }: Props) {
  const me = useCurrentUser();
  const userId = me?._id ?? null;
  const [chats, setChats] = useState<Chat[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [peerActive, setPeerActive] = useState(false);
  const [stream, setStream] = useState<ChatStream | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const lastId = useRef<number | null>(null);
  const selectedRef = useRef<string | null>(null);
  selectedRef.current = selectedId;
  const chatsRef = useRef<Chat[] | null>(null);
  chatsRef.current = chats;

  const loadChats = useCallback(async () => {
    if (!userId) return;
    try {
      const list = await getReferrerChats(userId);
      setChats(list);
      setFailed(false);
      setSelectedId((current) => {
        if (current && list.some((c) => c._id === current)) return current;
        const { activeChatId, setActiveChatId } = useSessionStore.getState();
        if (activeChatId && list.some((c) => c._id === activeChatId)) {
          setActiveChatId(null);
          return activeChatId;
        }
        return list[0]?._id ?? null;
      });
    } catch (err) {
      console.warn('[referio] chats could not be loaded', err);
      setFailed(true);
      setChats((c) => c ?? []);
    }
  }, [userId]);

  useEffect(() => {
    void loadChats();
  }, [loadChats]);

  const markRead = useCallback((chatId: string) => {
    setChats((list) => list && list.map((c) => (c._id === chatId ? { ...c, unread: 0 } : c)));
    markChatRead(chatId).catch((err: unknown) =>
      console.warn('[referio] chat could not be marked read', err),
    );
  }, []);

  // Opening a chat reads it.
  useEffect(() => {
    setPeerActive(false);
    if (selectedId) markRead(selectedId);
  }, [selectedId, markRead]);

  // One stream, reopened (carrying the last event id) when another chat is opened, for presence.
  useEffect(() => {
    if (!userId) return;
    const s = new ChatStream(selectedId, lastId.current, eventSourceFactory);
    const offs = [
      s.on('hello', (hello) => {
        lastId.current = s.lastId;
        if (hello.presence && hello.presence.chatId === selectedRef.current)
          setPeerActive(hello.presence.active);
        if (hello.reconnected) {
          void loadChats();
          setRefreshKey((k) => k + 1);
        }
      }),
      s.on('message', (m: ChatMessage) => {
        lastId.current = s.lastId;
        if (!chatsRef.current?.some((c) => c._id === m.chatId)) {
          // A chat the other person opened since the list was loaded.
          void loadChats();
          return;
        }
        const own = m.senderId === userId;
        const onScreen = m.chatId === selectedRef.current && !document.hidden;
        setChats((list) => list && applyMessage(list, m, own || onScreen ? 0 : 1));
      }),
      s.on('read', (r) => {
        if (r.userId === userId)
          setChats(
            (list) => list && list.map((c) => (c._id === r.chatId ? { ...c, unread: 0 } : c)),
          );
      }),
      s.on('presence', (p) => {
        if (p.chatId === selectedRef.current && p.userId !== userId) setPeerActive(p.active);
      }),
      s.on('resync', () => {
        void loadChats();
        setRefreshKey((k) => k + 1);
      }),
    ];
    s.start();
    setStream(s);
    return () => {
      offs.forEach((off) => off());
      lastId.current = s.lastId;
      s.close();
    };
  }, [userId, selectedId, eventSourceFactory, loadChats]);

  const onShown = useCallback(
    (m: ChatMessage, own: boolean) => {
      setChats((list) => list && applyMessage(list, m, 0));
      // In a hidden tab the message stays unread until the tab is shown again.
      if (!own && !document.hidden) markRead(m.chatId);
    },
    [markRead],
  );

  useEffect(() => {
    const onVisible = () => {
      const id = selectedRef.current;
      if (document.hidden || !id) return;
      if (chatsRef.current?.some((c) => c._id === id && c.unread > 0)) markRead(id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  const selected = chats?.find((c) => c._id === selectedId) ?? null;

  return (
    <div className="chat">
      <h1 className="rf-visually-hidden">Chat</h1>
      {chats === null ? (
        <div className="chat__loading">
          <Spinner label="Loading chats" />
        </div>
      ) : chats.length === 0 ? (
        <EmptyState
          className="chat__empty"
          title={failed ? 'Chats could not be loaded' : 'No chats yet'}
          description={
            failed
              ? 'Please try again in a moment.'
              : 'A chat opens here once a referral request is approved: use Go to Chat on the approved request.'
          }
        />
      ) : (
        <>
          <ChatList
            chats={chats}
            selectedId={selectedId}
            search={search}
            onSearch={setSearch}
            onSelect={setSelectedId}
          />
          {selected && me ? (
            <Conversation
              key={selected._id}
              chat={selected}
              me={me}
              peerActive={peerActive}
              stream={stream}
              refreshKey={refreshKey}
              onShown={onShown}
            />
          ) : (
            <p className="chat__note">Select a chat to read its messages.</p>
          )}
        </>
      )}
    </div>
  );
}

// The right pane: the other person with 'Active Now', the messages (older pages loaded when scrolling
// up, the scroll position kept; the view kept at the bottom when a message arrives), and the input.
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  MESSAGES,
  createMessage,
  cx,
  errorMessage,
  formatTime,
  getMessages,
  toast,
  type Chat,
  type ChatMessage,
  type CurrentUser,
} from '@referio/shared';
import type { ChatStream } from '../api/chatStream';
import { displayName, mergeMessages } from '../lib/messages';

interface Props {
  chat: Chat;
  me: CurrentUser;
  peerActive: boolean;
  stream: ChatStream | null;
  /** Increments when the page must fetch again (the stream reconnected or asked for a resync). */
  refreshKey: number;
  /** A message of this chat was sent here or arrived, and is now on screen. */
  onShown: (m: ChatMessage, own: boolean) => void;
}

/** Within this many pixels of the top, older messages are fetched. */
const LOAD_OLDER_AT_PX = 48;

export function Conversation({ chat, me, peerActive, stream, refreshKey, onShown }: Props) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadFailed, setLoadFailed] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  /** What the next render must do with the scroll position. */
  const scrollIntent = useRef<{ kind: 'bottom' } | { kind: 'keep'; height: number; top: number }>({
    kind: 'bottom',
  });
  const inputId = useId();
  const titleId = useId();
  const chatId = chat._id;
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;

  // The newest page, on opening the chat and again whenever the page asks for a refresh (merged then).
  const loadedChat = useRef<string | null>(null);
  useEffect(() => {
    let current = true;
    const fresh = loadedChat.current !== chatId;
    loadedChat.current = chatId;
    setLoadFailed(false);
    getMessages(chatId, 1, MESSAGE_PAGE_SIZE)
      .then((page) => {
        if (!current) return;
        scrollIntent.current = { kind: 'bottom' };
        setMessages((prev) => (fresh ? page : mergeMessages(prev, page)));
        if (fresh) setHasMore(page.length === MESSAGE_PAGE_SIZE);
      })
      .catch((err: unknown) => {
        console.warn('[referio] messages could not be loaded', err);
        if (current) setLoadFailed(true);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [chatId, refreshKey]);

  // Live messages of this chat.
  useEffect(() => {
    if (!stream) return;
    return stream.on('message', (m) => {
      if (m.chatId !== chatId) return;
      scrollIntent.current = { kind: 'bottom' };
      setMessages((prev) => mergeMessages(prev, [m]));
      onShownRef.current(m, m.senderId === me._id);
    });
  }, [stream, chatId, me._id]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const intent = scrollIntent.current;
    if (intent.kind === 'bottom') el.scrollTop = el.scrollHeight;
    else el.scrollTop = el.scrollHeight - intent.height + intent.top;
    scrollIntent.current = { kind: 'bottom' };
  }, [messages]);

  const loadOlder = useCallback(async () => {
    const oldest = messages[0];
    if (!oldest || !hasMore || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await getMessages(chatId, 1, MESSAGE_PAGE_SIZE, oldest._id);
      const el = listRef.current;
      scrollIntent.current = {
        kind: 'keep',
        height: el?.scrollHeight ?? 0,
        top: el?.scrollTop ?? 0,
      };
      setMessages((prev) => mergeMessages(prev, page));
      setHasMore(page.length === MESSAGE_PAGE_SIZE);
    } catch (err) {
      console.warn('[referio] older messages could not be loaded', err);
    } finally {
      setLoadingOlder(false);
    }
  }, [chatId, hasMore, loadingOlder, messages]);

  const onScroll = () => {
    const el = listRef.current;
    if (el && el.scrollTop <= LOAD_OLDER_AT_PX) void loadOlder();
  };

  const blank = text.trim().length === 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blank || sending) return;
    setSending(true);
    try {
      const m = await createMessage({
        chatId,
        sender: me.fullName || me.email,
        senderId: me._id,
        content: text.trim(),
      });
      scrollIntent.current = { kind: 'bottom' };
      setMessages((prev) => mergeMessages(prev, [m]));
      setText('');
      onShownRef.current(m, true);
    } catch (err) {
      toast.error(errorMessage(err, 'Message not sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  const name = displayName(chat);
  return (
    <section className="chat__conversation" aria-labelledby={titleId}>
      <header className="chat__header">
        <span className="chat__avatar chat__avatar--lg" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div>
          <h2 id={titleId} className="chat__peer">
            {name}
          </h2>
          <p className="chat__presence" aria-live="polite">
            {peerActive ? (
              <>
                <span className="chat__presence-dot" aria-hidden="true" /> Active Now
              </>
            ) : (
              <span className="rf-visually-hidden">Not in this chat right now</span>
            )}
          </p>
        </div>
      </header>
      <div
        ref={listRef}
        className="chat__messages"
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${name}`}
        tabIndex={0}
        onScroll={onScroll}
      >
        {hasMore && (
          <button
            type="button"
            className="chat__older"
            onClick={() => void loadOlder()}
            disabled={loadingOlder}
          >
            {loadingOlder ? 'Loading…' : 'Load older messages'}
          </button>
        )}
        {loading ? (
          <p className="chat__note">Loading messages…</p>
        ) : loadFailed && messages.length === 0 ? (
          <p className="chat__note">Messages could not be loaded.</p>
        ) : messages.length === 0 ? (
          <p className="chat__note">{MESSAGES.noMessages}</p>
        ) : (
          <ol className="chat__bubbles">
            {messages.map((m) => {
              const own = m.senderId === me._id;
              return (
                <li
                  key={m._id}
                  className={cx('chat__bubble', own ? 'chat__bubble--own' : 'chat__bubble--theirs')}
                  data-own={own ? 'true' : 'false'}
                >
                  <span className="rf-visually-hidden">{own ? 'You' : m.sender}: </span>
                  <span className="chat__bubble-text">{m.content}</span>
                  <time className="chat__bubble-time" dateTime={m.createdAt}>
                    {formatTime(m.createdAt)}
                  </time>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <form className="chat__composer" onSubmit={(e) => void submit(e)}>
        <label htmlFor={inputId} className="rf-visually-hidden">
          Message to {name}
        </label>
        <input
          id={inputId}
          className="chat__input"
          type="text"
          placeholder="Type something..."
          autoComplete="off"
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="submit"
          className="chat__send"
          disabled={blank || sending}
          aria-label={sending ? 'Sending' : 'Send'}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M3 20 21 12 3 4v6l12 2-12 2z" fill="currentColor" />
          </svg>
        </button>
      </form>
    </section>
  );
}

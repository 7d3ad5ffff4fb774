// The right pane: the other person with 'Active Now', the messages (older pages loaded when scrolling
// up, the scroll position kept; the view kept at the bottom when a message arrives), and the input, or a
// notice that the conversation is closed (a block, a suspension).
// The data: hooks/useConversationMessages and hooks/useSendMessage.
import { useCallback, useId, useLayoutEffect, useRef } from 'react';
import { TRUST_MESSAGES, type Chat, type ChatMessage, type CurrentUser } from '@referio/shared';
import { useConversationMessages } from '../hooks/useConversationMessages';
import { useSendMessage } from '../hooks/useSendMessage';
import { displayName } from '../lib/messages';
import { BlockButton, ReportButton, VerifiedBadge } from '@referio/shared/jobs';
import { Composer } from './Composer';
import { MessageLog } from './MessageLog';

interface Props {
  chat: Chat;
  me: CurrentUser;
  peerActive: boolean;
  /** A message of this chat was sent here or arrived, and is now on screen. */
  onShown: (m: ChatMessage, own: boolean) => void;
  /** On a phone: back to the list of chats (the arrow before the name). */
  onBack?: () => void;
}

/** Within this many pixels of the top, older messages are fetched. */
const LOAD_OLDER_AT_PX = 48;

export function Conversation({ chat, me, peerActive, onShown, onBack }: Props) {
  const titleId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const measure = useCallback(
    () => ({ height: listRef.current?.scrollHeight ?? 0, top: listRef.current?.scrollTop ?? 0 }),
    [],
  );
  const log = useConversationMessages(chat._id, me._id, onShown, measure);
  const composer = useSendMessage(chat, me, (m) => {
    log.addSent(m);
    onShown(m, true);
  });

  const { messages, scroll } = log;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const intent = scroll.current;
    if (intent.kind === 'bottom') el.scrollTop = el.scrollHeight;
    else el.scrollTop = el.scrollHeight - intent.height + intent.top;
    scroll.current = { kind: 'bottom' };
  }, [messages, scroll]);

  const onScroll = () => {
    const el = listRef.current;
    if (el && el.scrollTop <= LOAD_OLDER_AT_PX) void log.loadOlder();
  };

  const name = displayName(chat);
  return (
    <section className="chat__conversation" aria-labelledby={titleId}>
      <header className="chat__header">
        {onBack && (
          <button type="button" className="chat__back" onClick={onBack} aria-label="Back to chats">
            <span aria-hidden="true">←</span>
          </button>
        )}
        <span className="chat__avatar chat__avatar--lg" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="chat__who">
          <h2 id={titleId} className="chat__peer">
            {name}
          </h2>
          <VerifiedBadge
            className="chat__verified"
            companyName={chat.user.verifiedCompanyName}
            status={chat.user.verifiedAtCompany}
            domain={chat.user.verifiedDomain}
          />
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
        <div className="chat__trust" role="group" aria-label={`Report or block ${name}`}>
          <ReportButton targetKind="profile" targetId={chat.user._id} what={name} />
          <BlockButton userId={chat.user._id} name={name} />
        </div>
      </header>
      <MessageLog
        ref={listRef}
        name={name}
        myId={me._id}
        messages={messages}
        loading={log.loading}
        loadFailed={log.loadFailed}
        hasMore={log.hasMore}
        loadingOlder={log.loadingOlder}
        onLoadOlder={() => void log.loadOlder()}
        onScroll={onScroll}
      />
      {chat.closed ? (
        // A block (either way) or a suspension: the conversation stays readable, no one can write.
        <p className="chat__closed" role="status">
          {TRUST_MESSAGES.chatClosed}
        </p>
      ) : (
        <Composer name={name} {...composer} />
      )}
    </section>
  );
}

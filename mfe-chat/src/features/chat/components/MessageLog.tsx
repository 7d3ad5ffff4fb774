// The conversation's messages, oldest first, as a live log: own bubbles on one side, theirs on the other;
// a 'Load older messages' button while there are more.
import { ReportButton } from '@referio/shared/jobs';
import type { Ref } from 'react';
import { MESSAGES, cx, formatTime, type ChatMessage } from '@referio/shared';

interface Props {
  ref: Ref<HTMLDivElement>;
  /** The other person's name. */
  name: string;
  myId: string;
  messages: ChatMessage[];
  loading: boolean;
  loadFailed: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onScroll: () => void;
}

export function MessageLog({
  ref,
  name,
  myId,
  messages,
  loading,
  loadFailed,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onScroll,
}: Props) {
  return (
    <div
      ref={ref}
      className="chat__messages"
      role="log"
      aria-live="polite"
      aria-label={`Messages with ${name}`}
      tabIndex={0}
      onScroll={onScroll}
    >
      {hasMore && (
        <button type="button" className="chat__older" onClick={onLoadOlder} disabled={loadingOlder}>
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
            const own = m.senderId === myId;
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
                {!own && (
                  <ReportButton
                    targetKind="message"
                    targetId={m._id}
                    what={`the message from ${m.sender} sent at ${formatTime(m.createdAt)}`}
                    className="chat__bubble-report"
                  />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

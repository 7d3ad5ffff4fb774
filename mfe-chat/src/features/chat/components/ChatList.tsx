import { useId } from 'react';
import { cx, formatTime, relativeTime, type Chat } from '@referio/shared';
import { displayName, filterChats } from '../lib/messages';

interface Props {
  chats: Chat[];
  selectedId: string | null;
  search: string;
  onSearch: (text: string) => void;
  onSelect: (chatId: string) => void;
}

const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();

/** 'Messages': a search over names and e-mails, and one entry per chat. */
export function ChatList({ chats, selectedId, search, onSearch, onSelect }: Props) {
  const headingId = useId();
  const searchId = useId();
  const shown = filterChats(chats, search);
  return (
    <section className="chat__list" aria-labelledby={headingId}>
      <h2 id={headingId} className="chat__list-title">
        Messages
      </h2>
      <label htmlFor={searchId} className="rf-visually-hidden">
        Search chats by name or e-mail
      </label>
      <input
        id={searchId}
        className="chat__search"
        type="search"
        placeholder="Search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      {shown.length === 0 ? (
        <p className="chat__list-empty">No chats match your search</p>
      ) : (
        <ul className="chat__entries">
          {shown.map((c) => (
            <li key={c._id}>
              <button
                type="button"
                className={cx('chat__entry', c._id === selectedId && 'chat__entry--selected')}
                aria-current={c._id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(c._id)}
              >
                <span className="chat__avatar" aria-hidden="true">
                  {displayName(c).charAt(0).toUpperCase()}
                </span>
                <span className="chat__entry-main">
                  <span className="chat__entry-name rf-clamp-2">{displayName(c)}</span>
                  <span className="chat__entry-last">{c.lastMessage}</span>
                </span>
                <span className="chat__entry-side">
                  <time className="chat__entry-time" dateTime={c.time}>
                    {isToday(c.time) ? formatTime(c.time) : relativeTime(c.time)}
                  </time>
                  {c.unread > 0 && (
                    <span className="chat__badge" aria-label={`${c.unread} unread`}>
                      {c.unread}
                    </span>
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The chat page: the list on the left, the selected conversation on the right (the data: hooks/useChats).
// On a phone one pane at a time: the list first, the conversation once picked, with a back arrow to the list.
import { useState } from 'react';
import { EmptyState, Spinner, useCurrentUser, useMediaQuery } from '@referio/shared';
import { useChats } from '../hooks/useChats';
import { ChatList } from './ChatList';
import { Conversation } from './Conversation';
import './Chat.css';

/** Where the chat shows one pane at a time (Chat.css has the same width). */
export const CHAT_PHONE_QUERY = '(max-width: 720px)';

export function ChatView() {
  const me = useCurrentUser();
  const phone = useMediaQuery(CHAT_PHONE_QUERY);
  const { chats, failed, selectedId, select, peerActive, onShown } = useChats(me?._id ?? null, {
    firstByDefault: !phone,
  });
  const [search, setSearch] = useState('');
  const selected = chats?.find((c) => c._id === selectedId) ?? null;

  return (
    <div className={phone ? `chat chat--phone${selected ? ' chat--open' : ''}` : 'chat'}>
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
          {!(phone && selected) && (
            <ChatList
              chats={chats}
              selectedId={selectedId}
              search={search}
              onSearch={setSearch}
              onSelect={select}
            />
          )}
          {selected && me ? (
            <Conversation
              key={selected._id}
              chat={selected}
              me={me}
              peerActive={peerActive}
              onShown={onShown}
              onBack={phone ? () => select(null) : undefined}
            />
          ) : phone ? null : (
            <p className="chat__note">Select a chat to read its messages.</p>
          )}
        </>
      )}
    </div>
  );
}

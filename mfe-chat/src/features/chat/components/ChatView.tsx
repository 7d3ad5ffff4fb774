// The chat page: the list on the left, the selected conversation on the right (the data: hooks/useChats).
import { useState } from 'react';
import { EmptyState, Spinner, useCurrentUser } from '@referio/shared';
import { useChats } from '../hooks/useChats';
import { ChatList } from './ChatList';
import { Conversation } from './Conversation';
import './Chat.css';

export function ChatView() {
  const me = useCurrentUser();
  const { chats, failed, selectedId, select, peerActive, onShown } = useChats(me?._id ?? null);
  const [search, setSearch] = useState('');
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
            onSelect={select}
          />
          {selected && me ? (
            <Conversation
              key={selected._id}
              chat={selected}
              me={me}
              peerActive={peerActive}
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

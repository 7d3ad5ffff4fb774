import { ChatView } from '../../features/chat/components/ChatView';

/** The exposed ./Chat page (dashboard key `chat`). */
export default function Chat() {
  return <ChatView />;
}

// The composer's state: the text, and sending it (POST /message/createMessage); blank text is not sent, and
// a failure keeps the text and says so.
import { useState, type FormEvent } from 'react';
import {
  createMessage,
  errorMessage,
  toast,
  type Chat,
  type ChatMessage,
  type CurrentUser,
} from '@referio/shared';

export function useSendMessage(chat: Chat, me: CurrentUser, onSent: (m: ChatMessage) => void) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const blank = text.trim().length === 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blank || sending) return;
    setSending(true);
    try {
      const m = await createMessage({
        chatId: chat._id,
        sender: me.fullName || me.email,
        senderId: me._id,
        content: text.trim(),
      });
      onSent(m);
      setText('');
    } catch (err) {
      toast.error(errorMessage(err, 'Message not sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  return { text, setText, sending, blank, submit };
}

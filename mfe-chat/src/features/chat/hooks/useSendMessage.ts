// The composer's state: the text, and sending it (POST /message/createMessage); blank text is not sent, and
// a failure keeps the text and says so.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  chatKeys,
  createMessage,
  errorMessage,
  isApiError,
  toast,
  type Chat,
  type ChatMessage,
  type CurrentUser,
} from '@referio/shared';

export function useSendMessage(chat: Chat, me: CurrentUser, onSent: (m: ChatMessage) => void) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const blank = text.trim().length === 0;
  const queryClient = useQueryClient();

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
      // Refused (a block or a suspension since the list was read): the list says the chat is closed now.
      if (isApiError(err) && err.status === 403) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.list(me._id) });
      }
    } finally {
      setSending(false);
    }
  };

  return { text, setText, sending, blank, submit };
}

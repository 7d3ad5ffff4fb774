// One live stream (GET /api/chat/events, server-sent events) per tab for the top bar: the unread-messages
// button and the notifications bell both listen to it, so the dashboard holds one connection, not two.
// EventSource reconnects by itself; a second 'hello' means it did, and listeners hear 'reconnect'
// (fetch again: events may have been missed meanwhile).
import { useEffect, useRef } from 'react';
import { chatEventsUrl } from '@referio/shared';

export type LiveEvent = 'message' | 'read' | 'resync' | 'notification' | 'reconnect';
type Listener = (event: LiveEvent) => void;

const NAMES = ['message', 'read', 'resync', 'notification'] as const;
const listeners = new Set<Listener>();
let source: EventSource | null = null;

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const s = new EventSource(chatEventsUrl(), { withCredentials: true });
  let hellos = 0;
  const tell = (event: LiveEvent) => {
    for (const l of [...listeners]) l(event);
  };
  s.addEventListener('hello', () => {
    if (hellos++ > 0) tell('reconnect');
  });
  for (const name of NAMES) s.addEventListener(name, () => tell(name));
  source = s;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}

/** Calls `onEvent` for the signed-in user's live events while mounted (nothing without a user). */
export function useLiveEvents(userId: string | undefined, onEvent: Listener): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (!userId) return;
    return subscribe((e) => handler.current(e));
  }, [userId]);
}

// React's way onto the tab's one live stream (./liveStream.ts): subscribe to some event types while mounted.
import { useEffect, useRef } from 'react';
import { liveStream, type LiveEventName, type LiveStreamEvents } from './liveStream';

export type LiveHandlers = { [K in LiveEventName]?: (data: LiveStreamEvents[K]) => void };

/**
 * Calls the handler of each event type given while mounted and `enabled` (the signed-in user's stream:
 * pass whether there is one). The handlers may change on every render; the subscription stays.
 */
export function useLiveEvents(enabled: boolean, handlers: LiveHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const names = (Object.keys(handlers) as LiveEventName[]).sort().join(',');
  useEffect(() => {
    if (!enabled || !names) return;
    const stream = liveStream();
    const offs = (names.split(',') as LiveEventName[]).map((name) =>
      stream.on(name, (data) => {
        const handler = latest.current[name] as ((d: typeof data) => void) | undefined;
        handler?.(data);
      }),
    );
    return () => offs.forEach((off) => off());
  }, [enabled, names]);
}

/** While mounted (and `chatId` set), the stream says this chat is on screen: its other member sees 'Active Now'. */
export function useOpenChat(chatId: string | null): void {
  useEffect(() => {
    if (!chatId) return;
    const stream = liveStream();
    stream.setOpenChat(chatId);
    return () => stream.setOpenChat(null);
  }, [chatId]);
}

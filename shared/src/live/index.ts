// The signed-in user's live stream (one EventSource per tab) and React's way onto it. Its own entry,
// '@referio/shared/live' (a federated module of its own, like '@referio/shared/requests'): only signed-in
// screens listen (the dashboard's bell and unread-messages button, the chat page, the pages whose lists other
// people change: `useLiveInvalidation`), so the landing page and every page seen signed out load none of
// it. It imports the singletons through '@referio/shared', never by a relative path, so the tab keeps one
// API client and one session store.
export {
  BACKOFF_MAX_MS,
  BACKOFF_START_MS,
  LiveStream,
  liveStream,
  type EventSourceFactory,
  type LiveEventName,
  type LiveStreamEvents,
} from './liveStream';
export { useLiveEvents, useOpenChat, type LiveHandlers } from './useLiveEvents';
export { useLiveInvalidation } from './useLiveInvalidation';

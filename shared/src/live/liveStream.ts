// The signed-in user's live stream (GET /api/chat/events, server-sent events): ONE connection per tab,
// shared by everything that listens (the shell's bell and unread-messages button, the chat page), since
// `@referio/shared/live` is a federation singleton. Listeners subscribe per event type; the first subscriber opens
// the stream and the last one to leave closes it.
//
// EventSource reconnects by itself after a dropped connection (sending Last-Event-ID, so the server replays
// missed messages); when the server refuses outright (a 401, a proxy's 502 while the API restarts) it gives
// up, and this client retries with exponential backoff, asking for the messages after the last event id it
// saw. Each `hello` tells why it came: `reconnected` (the connection dropped: fetch what is not replayed)
// or `reopened` (the chat on screen changed, so the stream was reopened with `open=` for presence).
// `ended` says the session ended (logout in another tab, suspension, revoked): the tab signs out and the
// stream does not come back.
import { chatEventsUrl, useSessionStore, type ChatStreamEvents } from '@referio/shared';

export type LiveStreamEvents = Omit<ChatStreamEvents, 'hello'> & {
  hello: ChatStreamEvents['hello'] & {
    /** The connection had dropped: events other than messages may have been missed. */
    reconnected: boolean;
    /** The stream was reopened on purpose (another chat on screen); messages were replayed. */
    reopened: boolean;
  };
  /** The connection state changed: true when events flow. */
  status: boolean;
};
export type LiveEventName = keyof LiveStreamEvents;
type Listener<K extends LiveEventName> = (data: LiveStreamEvents[K]) => void;

const SERVER_EVENTS = [
  'hello',
  'message',
  'read',
  'presence',
  'resync',
  'notification',
  'changed',
  'ended',
] as const;
export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** EventSource.CLOSED (jsdom and old browsers lack the constant). */
const CLOSED = 2;

export type EventSourceFactory = (url: string) => EventSource;
const browserFactory: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

export class LiveStream {
  private source: EventSource | null = null;
  private readonly listeners = new Map<LiveEventName, Set<Listener<never>>>();
  private subscribers = 0;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** `hello`s on the current connection chain (reset when the stream closes or is reopened on purpose). */
  private hellos = 0;
  private reopening = false;
  private openChat: string | null = null;
  /** The `open` the current connection was made with. */
  private connectedOpen: string | null = null;
  private openPending = false;
  /** The last message event id seen, carried over when the stream is reopened for another chat. */
  private lastId: number | null = null;

  constructor(private readonly factory: EventSourceFactory = browserFactory) {}

  /**
   * Calls `listener` for each `event` until the returned function is called. The stream opens with the
   * first listener and closes when the last one leaves.
   */
  on<K extends LiveEventName>(event: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener<never>>();
    const entry = ((data: LiveStreamEvents[K]) => listener(data)) as Listener<never>;
    set.add(entry);
    this.listeners.set(event, set);
    this.subscribers += 1;
    this.connect();
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      set.delete(entry);
      this.subscribers -= 1;
      if (this.subscribers === 0) this.disconnect();
    };
  }

  /**
   * The chat on screen (null: none): its other member sees this user as 'Active Now' while it is set. A
   * change reopens an open stream (messages since the last one seen are replayed); changes made in one go
   * (leaving one chat and opening the next) reopen it once.
   */
  setOpenChat(chatId: string | null): void {
    this.openChat = chatId;
    if (this.openPending) return;
    this.openPending = true;
    queueMicrotask(() => {
      this.openPending = false;
      if (this.subscribers === 0 || this.openChat === this.connectedOpen) return;
      this.closeSource();
      this.hellos = 0;
      this.reopening = true;
      this.connect();
    });
  }

  /** Whether a connection (open or being retried) exists: for tests and diagnostics. */
  get active(): boolean {
    return this.source !== null || this.timer !== null;
  }

  private emit<K extends LiveEventName>(event: K, data: LiveStreamEvents[K]) {
    for (const l of [...(this.listeners.get(event) ?? [])]) (l as Listener<K>)(data);
  }

  private connect() {
    if (this.source || this.timer || this.subscribers === 0) return;
    if (this.factory === browserFactory && typeof EventSource === 'undefined') return;
    let source: EventSource;
    try {
      source = this.factory(chatEventsUrl({ since: this.lastId, open: this.openChat }));
    } catch (err) {
      console.warn('[referio] the live stream could not be opened', err);
      this.scheduleRetry();
      return;
    }
    this.source = source;
    this.connectedOpen = this.openChat;
    for (const name of SERVER_EVENTS) {
      source.addEventListener(name, (e) => {
        if (this.source !== source) return;
        const event = e as MessageEvent<string>;
        if (event.lastEventId) {
          const id = Number(event.lastEventId);
          if (Number.isFinite(id)) this.lastId = Math.max(this.lastId ?? 0, id);
        }
        let data: unknown = {};
        if (event.data) {
          try {
            data = JSON.parse(event.data);
          } catch {
            return;
          }
        }
        if (name === 'ended') {
          this.ended(data as ChatStreamEvents['ended']);
        } else if (name === 'hello') {
          this.attempt = 0;
          const reopened = this.reopening;
          this.reopening = false;
          this.emit('status', true);
          this.emit('hello', {
            ...(data as ChatStreamEvents['hello']),
            reconnected: this.hellos++ > 0,
            reopened,
          });
        } else {
          this.emit(name, data as never);
        }
      });
    }
    source.onerror = () => {
      if (this.source !== source) return;
      this.emit('status', false);
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; we retry later.
      if (source.readyState === CLOSED) {
        this.closeSource();
        this.scheduleRetry();
      }
    };
  }

  /**
   * The server ended the session (logout elsewhere, suspension, revoked): no reconnect; the tab signs out
   * (and every other tab with it, through the stored session), a suspension with its reason.
   */
  private ended(end: ChatStreamEvents['ended']) {
    this.closeSource();
    this.emit('status', false);
    this.emit('ended', end);
    useSessionStore.getState().sessionEnded(end);
  }

  private scheduleRetry() {
    if (this.timer || this.subscribers === 0) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private closeSource() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
  }

  private disconnect() {
    this.closeSource();
    this.hellos = 0;
    this.attempt = 0;
    this.reopening = false;
    // A later stream starts afresh: whoever opens it loads the current state first.
    this.lastId = null;
  }
}

const GLOBAL_KEY = Symbol.for('referio.liveStream');
type WithStream = typeof globalThis & { [GLOBAL_KEY]?: LiveStream };

/**
 * The tab's one live stream. Kept on `globalThis` too, so even a second copy of this module (a remote
 * built with its own `@referio/shared` by mistake) finds the same connection.
 */
export function liveStream(): LiveStream {
  const g = globalThis as WithStream;
  g[GLOBAL_KEY] ??= new LiveStream();
  return g[GLOBAL_KEY];
}

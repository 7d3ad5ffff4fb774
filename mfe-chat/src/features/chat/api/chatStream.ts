// The live chat stream (GET /api/chat/events, server-sent events) as a small typed emitter.
// EventSource reconnects by itself after a dropped connection (sending Last-Event-ID, so the server
// replays missed messages); when the server refuses outright (a 401, a proxy's 502 while the API
// restarts) EventSource gives up, and this class retries with exponential backoff, asking for the
// messages after the last event id it saw. Each `hello` after the first says `reconnected: true`, so the
// page can refresh what is not replayed (unread counts).
import { chatEventsUrl, type ChatStreamEvents } from '@referio/shared';

export type StreamEvents = Omit<ChatStreamEvents, 'hello'> & {
  hello: ChatStreamEvents['hello'] & { reconnected: boolean };
  /** The connection state changed: true when events flow. */
  status: boolean;
};
type Listener<K extends keyof StreamEvents> = (data: StreamEvents[K]) => void;

const EVENT_NAMES = ['hello', 'message', 'read', 'presence', 'resync'] as const;
export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

export type EventSourceFactory = (url: string) => EventSource;
const defaultFactory: EventSourceFactory = (url) => new EventSource(url, { withCredentials: true });

export class ChatStream {
  private source: EventSource | null = null;
  private readonly listeners = new Map<keyof StreamEvents, Set<Listener<never>>>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private hellos = 0;
  private closed = false;
  /** The last message event id seen (carried over when the stream is reopened for another chat). */
  lastId: number | null;

  constructor(
    private readonly open: string | null,
    lastId: number | null = null,
    private readonly factory: EventSourceFactory = defaultFactory,
  ) {
    this.lastId = lastId;
  }

  on<K extends keyof StreamEvents>(event: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as Listener<never>);
    this.listeners.set(event, set);
    return () => set.delete(listener as Listener<never>);
  }

  private emit<K extends keyof StreamEvents>(event: K, data: StreamEvents[K]) {
    for (const l of this.listeners.get(event) ?? []) (l as Listener<K>)(data);
  }

  start(): this {
    if (this.closed || this.source) return this;
    const source = this.factory(chatEventsUrl({ since: this.lastId, open: this.open }));
    this.source = source;
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (e) => {
        const event = e as MessageEvent<string>;
        if (event.lastEventId) {
          const id = Number(event.lastEventId);
          if (Number.isFinite(id)) this.lastId = Math.max(this.lastId ?? 0, id);
        }
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return;
        }
        if (name === 'hello') {
          this.attempt = 0;
          this.emit('status', true);
          this.emit('hello', {
            ...(data as ChatStreamEvents['hello']),
            reconnected: this.hellos++ > 0,
          });
        } else {
          this.emit(name, data as never);
        }
      });
    }
    source.onerror = () => {
      this.emit('status', false);
      // CONNECTING: the browser retries by itself. CLOSED: it gave up; we retry later.
      if (source.readyState === 2) {
        source.close();
        this.source = null;
        this.scheduleRetry();
      }
    };
    return this;
  }

  private scheduleRetry() {
    if (this.closed || this.timer) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, delay);
  }

  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
    this.listeners.clear();
  }
}

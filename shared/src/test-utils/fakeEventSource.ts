// A stand-in for the browser's EventSource (jsdom has none; the test setup makes a real one fail the test):
// `globalThis.EventSource = FakeEventSource`, then tests push server events into it.
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readyState = 0;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, ((e: MessageEvent) => void)[]>();

  constructor(
    public readonly url: string,
    public readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, handler: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  /** The server sends `event` with `data` (and an id). */
  emit(type: string, data: unknown = {}, id?: number) {
    this.readyState = 1;
    const event = new MessageEvent(type, {
      data: JSON.stringify(data),
      lastEventId: id !== undefined ? String(id) : '',
    });
    for (const h of this.handlers.get(type) ?? []) h(event);
  }

  /** The connection fails; `gaveUp` = the browser will not retry by itself. */
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? 2 : 0;
    this.onerror?.();
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  /** Streams not closed yet. */
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => !s.closed);
  }

  static latest(): FakeEventSource {
    const s = FakeEventSource.instances.at(-1);
    if (!s) throw new Error('no EventSource opened');
    return s;
  }
}

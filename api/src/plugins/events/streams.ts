// The streams open on this instance, by user.
import { PING_FRAME, type StreamConnection } from './sse';

/** Streams pinged per turn of the event loop (see `pingAll`). */
const PING_SLICE = 100;

/** Which of a user's streams end: one session's, or all but one session's, or all. */
export interface SessionsToEnd {
  sessionId?: string;
  exceptSessionId?: string;
}

export class StreamRegistry {
  private readonly byUser = new Map<string, Set<StreamConnection>>();
  private count = 0;

  /** `maxPerUser`: a user's streams on this instance at most (a new one ends the oldest). */
  constructor(private readonly maxPerUser: number) {}

  /** Streams open. */
  get size(): number {
    return this.count;
  }

  /**
   * Registers a stream. Beyond `maxPerUser` the user's oldest stream ends (a tab long closed whose
   * connection lingers), so one account cannot hold a thousand.
   */
  add(conn: StreamConnection): void {
    const set = this.byUser.get(conn.userId) ?? new Set<StreamConnection>();
    while (set.size >= this.maxPerUser) {
      const oldest = set.values().next().value;
      if (!oldest) break;
      this.remove(oldest);
      oldest.end();
    }
    set.add(conn);
    this.byUser.set(conn.userId, set);
    this.count += 1;
  }

  /** Forgets a stream (again: nothing). */
  remove(conn: StreamConnection): void {
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    this.count -= 1;
    if (set.size === 0) this.byUser.delete(conn.userId);
  }

  /** Writes a frame to every stream of these users (each once). */
  deliver(userIds: readonly string[], frame: string): void {
    for (const id of new Set(userIds)) {
      for (const conn of this.byUser.get(id) ?? []) conn.write(frame);
    }
  }

  /** Writes a frame to every stream at once. */
  broadcast(frame: string): void {
    for (const set of this.byUser.values()) for (const conn of set) conn.write(frame);
  }

  /** Writes `frame` to, then ends, the streams of `userId`'s sessions that `which` names. */
  endSessions(userId: string, which: SessionsToEnd, frame: string): void {
    for (const conn of [...(this.byUser.get(userId) ?? [])]) {
      if (which.sessionId !== undefined && conn.sessionId !== which.sessionId) continue;
      if (which.exceptSessionId !== undefined && conn.sessionId === which.exceptSessionId) continue;
      conn.write(frame);
      conn.end();
    }
  }

  /**
   * A comment line to every stream, PING_SLICE streams at a time with the event loop free in between: a
   * thousand socket writes in one go held an instance for 20-60 ms (the chat bench's traces), and every
   * message delivered or received meanwhile waited that long.
   */
  pingAll(): void {
    const all = this.all();
    let i = 0;
    const slice = () => {
      const end = Math.min(all.length, i + PING_SLICE);
      for (; i < end; i++) all[i]?.write(PING_FRAME);
      if (i < all.length) setImmediate(slice);
    };
    slice();
  }

  /** Ends every stream (server shutdown). */
  endAll(): void {
    for (const conn of this.all()) conn.end();
  }

  private all(): StreamConnection[] {
    const all: StreamConnection[] = [];
    for (const set of this.byUser.values()) for (const conn of set) all.push(conn);
    return all;
  }
}

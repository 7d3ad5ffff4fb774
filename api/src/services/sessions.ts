import { and, eq, gt, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { sessions, users, type UserRow } from '../db/schema';
import type { StreamEnd } from '../contract';
import { randomToken, sha256Hex } from '../lib/crypto';

export interface ActiveSession {
  id: string;
  expiresAt: Date;
  /** When the session was opened: the last sign-in (lookups made for one route may leave it out). */
  createdAt?: Date;
  user: UserRow;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sessions that ended: one (`sessionId`), or all of the user's but `exceptSessionId`. */
export interface SessionsEnded {
  userId: string;
  sessionId?: string;
  exceptSessionId?: string | null;
  /** Why, as the user's live streams are told. */
  end: StreamEnd;
}

const SIGNED_OUT: StreamEnd = { why: 'signed_out' };

/**
 * The condition of a session lookup, on `sessions` joined to its `users` row: the placeholders `hash`
 * and `now` come from `SessionStore.lookupParams`. For queries that read the session together with
 * what the route needs (one round trip); see `sessionInHandler` in plugins/auth.
 */
export const sessionLookup = () =>
  and(
    eq(sessions.tokenHash, sql.placeholder('hash')),
    gt(sessions.expiresAt, sql.placeholder('now')),
  );

/**
 * Server-side sessions. The browser holds a random 32-byte token in an httpOnly cookie; only its
 * SHA-256 is stored, so a database leak does not leak usable sessions. Expiry slides: a session used
 * more than a day after its last extension is extended to the full lifetime again.
 */
export class SessionStore {
  private readonly endedListeners: ((ended: SessionsEnded) => Promise<void>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  /** Called whenever sessions end here (the live streams of those sessions end too: plugins/events). */
  onEnded(listener: (ended: SessionsEnded) => Promise<void>): void {
    this.endedListeners.push(listener);
  }

  /** Tells the listeners that sessions ended (also for those a suspension deleted in its transaction). */
  async ended(ended: SessionsEnded): Promise<void> {
    for (const listener of this.endedListeners) await listener(ended);
  }

  get ttlSeconds() {
    return Math.floor(this.ttlMs / 1000);
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomToken();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.db
      .insert(sessions)
      .values({ tokenHash: sha256Hex(token), userId, expiresAt, createdAt: now });
    // Housekeeping: drop this user's expired sessions.
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
    return { token, expiresAt };
  }

  /**
   * A prepared session lookup that also selects `extra` — SQL over the signed-in user's `users` row,
   * with `sql.placeholder`s filled from `params` — in the same round trip. A route that needs the user
   * and something about them (which jobs they applied to) then pays one query instead of two; see
   * `sessionInHandler` in plugins/auth. Prepared: building the query each time cost more CPU than the
   * database spent answering it (bench/results/api-load.json).
   */
  finder<E extends Record<string, SQL>>(name: string, extra: E) {
    const prepared = this.lookupQuery(extra).prepare(name);
    return async (token: string | undefined, params: Record<string, unknown> = {}) => {
      const lookup = this.lookupParams(token);
      if (!lookup) return null;
      const rows = await prepared.execute({ ...params, ...lookup });
      return rows[0] ?? null;
    };
  }

  /** The query of `finder` (unprepared: the API bench EXPLAINs it). */
  lookupQuery<E extends Record<string, SQL>>(extra: E) {
    return this.db
      .select({
        id: sessions.id,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
        user: users,
        ...extra,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sessionLookup())
      .limit(1);
  }

  /** The `sessionLookup()` placeholders for a cookie's token; null when it cannot be a session. */
  lookupParams(token: string | undefined): { hash: string; now: Date } | null {
    if (!token || token.length > 200) return null;
    return { hash: sha256Hex(token), now: this.now() };
  }

  /** The lookup every signed-in request makes (built on first use). */
  private findPrepared = () => {
    const find = this.finder('referio_session_find', {});
    this.findPrepared = () => find;
    return find;
  };

  async find(token: string): Promise<ActiveSession | null> {
    return this.findPrepared()(token);
  }

  /** Extends the session when it was last extended more than a day ago; returns the new expiry, or null if unchanged. */
  async slide(session: ActiveSession): Promise<Date | null> {
    const now = this.now().getTime();
    if (session.expiresAt.getTime() - now > this.ttlMs - DAY_MS) return null;
    const expiresAt = new Date(now + this.ttlMs);
    await this.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, session.id));
    return expiresAt;
  }

  async destroy(token: string): Promise<void> {
    const gone = await this.db
      .delete(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(token)))
      .returning({ id: sessions.id, userId: sessions.userId });
    for (const s of gone) await this.ended({ userId: s.userId, sessionId: s.id, end: SIGNED_OUT });
  }

  /** Whether the session is still live (a stream that opened as it ended is closed at once). */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, this.now())))
      .limit(1);
    return Boolean(row);
  }

  /**
   * The suspended user whose session a cookie's token was, or null. A suspension expires its sessions
   * instead of deleting them (services/trust.ts), so a tab whose call beats the live stream's `ended`
   * event is still told why it was signed out: the 401 carries the suspension.
   */
  async suspendedOwner(token: string): Promise<UserRow | null> {
    const lookup = this.lookupParams(token);
    if (!lookup) return null;
    const [row] = await this.db
      .select({ user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, lookup.hash), isNotNull(users.suspendedAt)))
      .limit(1);
    return row?.user ?? null;
  }

  /** Ends every session of the user except `keepId` (the one that made the change). */
  async destroyOthers(userId: string, keepId: string | null): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        keepId
          ? and(eq(sessions.userId, userId), ne(sessions.id, keepId))
          : eq(sessions.userId, userId),
      );
    await this.ended({ userId, exceptSessionId: keepId, end: SIGNED_OUT });
  }
}

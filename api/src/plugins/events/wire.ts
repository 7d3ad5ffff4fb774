// The wire format between API instances: what one publishes on the fan-out channel (src/plugins/fan-out.ts)
// and every instance, itself included, hears. Payloads are JSON, short keys (NOTIFY payloads must stay
// under PostgreSQL's 8000 bytes). src/services/notifications.ts writes `n` and `c` payloads of its own
// inside its transactions.
import { sql, type SQL } from 'drizzle-orm';
import type { LiveTopic, StreamEnd } from '../../contract';
import type { SessionsEnded } from '../../services/sessions';
import type { MessageRow, StoredMessage } from '../../services/chat';
import { EVENTS_CHANNEL } from '../fan-out';

/** NOTIFY payloads must stay under 8000 bytes; longer messages travel by id and are read back. */
const MAX_INLINE_PAYLOAD = 7000;
/** Recipients per `changed` payload (payloads stay well under PostgreSQL's 8000 bytes). */
const CHANGED_CHUNK = 150;
/** (chat, user) pairs per presence payload. */
const PRESENCE_CHUNK = 40;

/** One pair's presence: user `u` has chat `c` open (`a`) or not; `p` is the chat's other member, told. */
export interface PresenceEntry {
  c: string;
  u: string;
  p: string;
  a: boolean;
}

export type Wire =
  | { k: 'm'; to: string[]; m: StoredMessage }
  | { k: 'mref'; to: string[]; id: string }
  | { k: 'r'; to: string[]; chatId: string; userId: string }
  /**
   * New notifications for these users (sent by src/services/notifications.ts inside the event's
   * transaction); `t`: the lists of theirs the event changed (a `changed` event follows the `notification`).
   */
  | { k: 'n'; to: string[]; t?: LiveTopic[] }
  /** Lists of these users changed with nothing to notify (a withdrawn request, a saved job closed). */
  | { k: 'c'; to: string[]; t: LiveTopic[] }
  /** Job posts changed: every instance drops its cached search pages. */
  | { k: 's'; i: string }
  /** Sessions ended (logout, suspension, revoked): their streams end with this `ended` event. */
  | { k: 'x'; u: string; s?: string; keep?: string; e: StreamEnd }
  /** Presence heard from instance `i`; `refresh`: a heartbeat's re-announcement (news only if it changes). */
  | { k: 'p'; i: string; refresh?: boolean; e: PresenceEntry[] };

export type PresenceWire = Extract<Wire, { k: 'p' }>;
export type SessionsEndedWire = Extract<Wire, { k: 'x' }>;

/** A payload as published; a message too long to travel inline travels by id. */
export function encodeWire(wire: Wire): string {
  const payload = JSON.stringify(wire);
  if (wire.k === 'm' && Buffer.byteLength(payload) > MAX_INLINE_PAYLOAD) {
    return JSON.stringify({ k: 'mref', to: wire.to, id: wire.m._id } satisfies Wire);
  }
  return payload;
}

/** A payload as heard; `null` for one that is not JSON. */
export function parseWire(payload: string): Wire | null {
  try {
    return JSON.parse(payload) as Wire;
  } catch {
    return null;
  }
}

/**
 * The `pg_notify` that announces a message, as SQL over the row of the statement that stores it: `to`
 * and `seq` are the stored row's, everything else is known before the statement runs.
 */
export function messageNoticeSql(message: StoredMessage, row: MessageRow): SQL {
  const inline = JSON.stringify({ k: 'm', to: [], m: message } satisfies Wire);
  // Room for the two member ids, the seq and the spaces jsonb adds when printed.
  const payload =
    Buffer.byteLength(inline) + 200 > MAX_INLINE_PAYLOAD
      ? sql`jsonb_set(${JSON.stringify({ k: 'mref', to: [], id: message._id } satisfies Wire)}::jsonb, '{to}', ${row.to})`
      : sql`jsonb_set(jsonb_set(${inline}::jsonb, '{m,seq}', to_jsonb(${row.seq})), '{to}', ${row.to})`;
  return sql`pg_notify(${EVENTS_CHANNEL}, ${payload}::text)`;
}

/** Presence for many pairs, PRESENCE_CHUNK pairs a payload. */
export function presencePayloads(
  instanceId: string,
  entries: readonly PresenceEntry[],
  refresh: boolean,
): string[] {
  const payloads: string[] = [];
  for (let i = 0; i < entries.length; i += PRESENCE_CHUNK) {
    const wire: PresenceWire = { k: 'p', i: instanceId, e: entries.slice(i, i + PRESENCE_CHUNK) };
    if (refresh) wire.refresh = true;
    payloads.push(JSON.stringify(wire));
  }
  return payloads;
}

/** A `changed` hint for these users, CHANGED_CHUNK users a payload (none for nobody). */
export function changedPayloads(userIds: readonly string[], topics: LiveTopic[]): string[] {
  const to = [...new Set(userIds)];
  const payloads: string[] = [];
  for (let i = 0; i < to.length; i += CHANGED_CHUNK) {
    const wire: Wire = { k: 'c', to: to.slice(i, i + CHANGED_CHUNK), t: topics };
    payloads.push(JSON.stringify(wire));
  }
  return payloads;
}

/** The streams of the sessions that ended, to be ended on every instance. */
export function sessionsEndedWire(ended: SessionsEnded): SessionsEndedWire {
  const wire: SessionsEndedWire = { k: 'x', u: ended.userId, e: ended.end };
  if (ended.sessionId) wire.s = ended.sessionId;
  if (ended.exceptSessionId) wire.keep = ended.exceptSessionId;
  return wire;
}

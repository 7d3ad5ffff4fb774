// How live events travel between API instances (src/plugins/events/): one channel every instance publishes to
// and hears everything on, itself included. Two transports behind one interface, chosen by EVENTS_BROKER_URL:
// - unset: PostgreSQL LISTEN/NOTIFY (node-postgres: a dedicated client that LISTENs and reconnects with backoff;
//   PGlite: its in-process `listen`). Nothing to run beside the database; every NOTIFY takes a lock shared by the
//   whole database at commit and reaches every listening instance, which is where it stops as traffic grows.
// - `redis://…`: Redis pub/sub (src/plugins/fan-out-redis.ts), which scales apart from the database.
// Either way, events published while an instance was not listening are lost to it: `onGap` tells it so once it
// listens again (its streams fetch what they missed).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Client, type Pool } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type * as RedisFanOut from './fan-out-redis';

/** The Redis fan-out's module, loaded on first use (EVENTS_BROKER_URL set only): ioredis stays out otherwise. */
const loadRedis = (): typeof RedisFanOut =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  require('./fan-out-redis') as typeof RedisFanOut;

export const EVENTS_CHANNEL = 'referio_chat';
/** Payloads sent by one statement on PostgreSQL (a heartbeat's presence is hundreds of them). */
const NOTIFIES_PER_QUERY = 50;

export interface FanOut {
  /** 'postgres': a payload may also be published by a statement of its own (`pg_notify`) as it commits. */
  readonly kind: 'postgres' | 'redis';
  /** Sends each payload to every instance, this one included, in order. */
  publish(payloads: string[]): Promise<void>;
  close(): Promise<void>;
}

export interface FanOutSubscriber {
  onMessage(payload: string): void;
  /** Listening again after a lost connection: what was published meanwhile did not arrive. */
  onGap(): void;
}

/** The fan-out EVENTS_BROKER_URL names, already listening. */
export async function openFanOut(app: FastifyInstance, sub: FanOutSubscriber): Promise<FanOut> {
  const url = app.config.EVENTS_BROKER_URL;
  const postgres = await openPostgresFanOut(app, sub);
  if (!url) return postgres;
  // A new notification's signal (and a list change's, `listsChanged`) is sent inside its transaction
  // (src/services/notifications.ts), so it still comes by NOTIFY, which stays open for it; everything else
  // (messages, reads, presence, search changes, the bulk) goes through the broker.
  const broker = await loadRedis().openRedisFanOut(url, EVENTS_CHANNEL, sub, app.log);
  return {
    kind: broker.kind,
    publish: (payloads) => broker.publish(payloads),
    async close() {
      await broker.close();
      await postgres.close();
    },
  };
}

async function openPostgresFanOut(app: FastifyInstance, sub: FanOutSubscriber): Promise<FanOut> {
  const stopListening =
    app.database.kind === 'pglite' ? await listenPglite(app, sub) : await listenPostgres(app, sub);
  return {
    kind: 'postgres',
    async publish(payloads) {
      for (let i = 0; i < payloads.length; i += NOTIFIES_PER_QUERY) {
        const calls = payloads
          .slice(i, i + NOTIFIES_PER_QUERY)
          .map((p) => sql`pg_notify(${EVENTS_CHANNEL}, ${p})`);
        await app.db.execute(sql`select ${sql.join(calls, sql`, `)}`);
      }
    },
    close: stopListening,
  };
}

async function listenPglite(app: FastifyInstance, sub: FanOutSubscriber) {
  const client = (app.db as unknown as { $client: PGlite }).$client;
  const unlisten = await client.listen(EVENTS_CHANNEL, (payload) => sub.onMessage(payload));
  return async () => {
    if (!client.closed) await unlisten();
  };
}

async function listenPostgres(app: FastifyInstance, sub: FanOutSubscriber) {
  const pool = (app.db as unknown as { $client: Pool }).$client;
  let client: Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;
  const connectListener = async (): Promise<void> => {
    const c = new Client(
      (pool as unknown as { options: ConstructorParameters<typeof Client>[0] }).options,
    );
    c.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL && n.payload) sub.onMessage(n.payload);
    });
    const lost = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => {});
      scheduleReconnect();
    };
    c.on('error', (err) => {
      app.log.warn({ err }, 'chat listener connection lost');
      lost();
    });
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${EVENTS_CHANNEL}`);
    client = c;
  };
  const scheduleReconnect = () => {
    const delay = Math.min(30_000, 500 * 2 ** attempt);
    attempt += 1;
    timer = setTimeout(() => {
      connectListener()
        .then(() => {
          attempt = 0;
          app.log.info('chat listener reconnected');
          sub.onGap();
        })
        .catch((err: unknown) => {
          app.log.warn({ err }, 'chat listener reconnect failed');
          scheduleReconnect();
        });
    }, delay);
    timer.unref();
  };
  await connectListener();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}

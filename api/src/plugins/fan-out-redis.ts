// The fan-out over Redis pub/sub (EVENTS_BROKER_URL=redis://…; src/plugins/fan-out.ts): one connection that
// publishes, one that subscribes to the channel. ioredis reconnects both by itself (backoff capped at 5 s) and
// subscribes again; the first `ready` after a lost connection is a gap (what was published meanwhile is lost).
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { FanOut, FanOutSubscriber } from './fan-out';

const retryStrategy = (attempt: number) => Math.min(5000, 100 * 2 ** attempt);

export async function openRedisFanOut(
  url: string,
  channel: string,
  sub: FanOutSubscriber,
  log: FastifyBaseLogger,
): Promise<FanOut> {
  const options = { retryStrategy, maxRetriesPerRequest: null, lazyConnect: true };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const [name, conn] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    conn.on('error', (err: Error) => log.warn({ err }, `events broker ${name}: ${err.message}`));
  }
  subscriber.on('message', (channel: string, payload: string) => {
    if (channel === channel) sub.onMessage(payload);
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  let lost = false;
  subscriber.on('close', () => (lost = true));
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info('events broker: listening again');
    sub.onGap();
  });
  return {
    kind: 'redis',
    async publish(payloads) {
      if (payloads.length === 1) {
        await publisher.publish(channel, payloads[0]!);
        return;
      }
      const batch = publisher.pipeline();
      for (const p of payloads) batch.publish(channel, p);
      await batch.exec();
    },
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()].map((p) => p.catch(() => {})));
    },
  };
}

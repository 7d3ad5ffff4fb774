// Live events between two API instances through Redis (EVENTS_BROKER_URL): a redis-server of the test's own on a
// free port. Chat messages and read receipts travel by the broker only (with a broker the message's statement
// sends no NOTIFY, so the other instance can hear of it no other way); a new notification's signal, sent inside
// its transaction, still comes by NOTIFY; a lost broker connection comes back and tells the streams to fetch again.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { approvedPair, isMessage, openStream, send } from './chat-support';
import { setupTestContext } from './helper';

const ctx = setupTestContext();
let redis: ChildProcess;
let brokerUrl: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

beforeAll(async () => {
  const port = await freePort();
  brokerUrl = `redis://127.0.0.1:${port}`;
  redis = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    redis.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
});

afterAll(() => {
  redis?.kill('SIGTERM');
});

const baseUrl = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
};

/** Two instances on one database, both on the broker. */
async function twoInstances() {
  const a = await ctx.build({ EVENTS_BROKER_URL: brokerUrl });
  const b = await ctx.build({ EVENTS_BROKER_URL: brokerUrl });
  return { a, b, urlB: await baseUrl(b) };
}

describe('chat fan-out through Redis', () => {
  it('carries a message posted to one instance to a stream on the other, and its read receipt', async () => {
    const { a, b, urlB } = await twoInstances();
    const { candidate, referrer, chatId } = await approvedPair(a);
    const onB = openStream(urlB, referrer.cookie);
    try {
      await onB.next((e) => e.event === 'hello');
      expect((await send(a, candidate, chatId, 'posted to A')).statusCode).toBe(200);
      const got = await onB.next(isMessage('posted to A'));
      expect(got.data).toMatchObject({ chatId, senderId: candidate.user._id });

      await a.chatEvents.publishRead(
        { chatId, candidateId: candidate.user._id, referrerId: referrer.user._id },
        candidate.user._id,
      );
      await onB.next((e) => e.event === 'read');
      expect(b.chatEvents.localCount).toBe(1);
    } finally {
      onB.close();
    }
  });

  it('still delivers the signal of a new notification, written inside its transaction', async () => {
    const { a, urlB } = await twoInstances();
    const { candidate, referrer, chatId } = await approvedPair(a);
    // The referrer's stream is open but not on this chat: the message rings their bell.
    const onB = openStream(urlB, referrer.cookie);
    try {
      await onB.next((e) => e.event === 'hello');
      await send(a, candidate, chatId, 'ring the bell');
      await onB.next((e) => e.event === 'notification');
    } finally {
      onB.close();
    }
  });

  it('listens again after losing the broker, and tells its streams to fetch again', async () => {
    const { a, urlB } = await twoInstances();
    const { candidate, referrer, chatId } = await approvedPair(a);
    const onB = openStream(urlB, referrer.cookie);
    const admin = new Redis(brokerUrl);
    try {
      await onB.next((e) => e.event === 'hello');
      expect(Number(await admin.client('KILL', 'TYPE', 'pubsub'))).toBeGreaterThan(0);
      await onB.next((e) => e.event === 'resync');
      await send(a, candidate, chatId, 'after the reconnect');
      await onB.next(isMessage('after the reconnect'));
    } finally {
      onB.close();
      await admin.quit();
    }
  });
});

// Helpers for the chat tests: an approved referral between two fresh users, and a small SSE client.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { jobPosts, referralRequests } from '../src/db/schema';
import { signIn } from './helper';

export type Signed = Awaited<ReturnType<typeof signIn>>;

/** A referrer's job post and a candidate's request on it, with the given status. */
export async function referral(
  app: FastifyInstance,
  candidateId: string,
  referrerId: string,
  status: 'pending' | 'approved' | 'declined' = 'approved',
) {
  const [job] = await app.db
    .insert(jobPosts)
    .values({
      userId: referrerId,
      jobTitle: 'Backend Engineer',
      companyName: 'Acme',
      jobLocation: 'Remote',
      industry: 'it',
      experience: '3-6',
      jobType: 'Full-time',
      salaryRange: '12-18',
    })
    .returning({ id: jobPosts.id });
  await app.db
    .insert(referralRequests)
    .values({ jobPostId: job!.id, senderId: candidateId, recipientId: referrerId, status });
}

/** A candidate and a referrer with an approved request, and their chat. */
export async function approvedPair(app: FastifyInstance, tag = 'a') {
  const candidate = await signIn(app, `cand-${tag}@example.com`, 0);
  const referrer = await signIn(app, `ref-${tag}@example.com`, 1);
  await referral(app, candidate.user._id, referrer.user._id);
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat/createChat',
    headers: { cookie: candidate.cookie },
    payload: { userId: candidate.user._id, referrerId: referrer.user._id },
  });
  if (res.statusCode !== 200) throw new Error(`createChat failed: ${res.body}`);
  const chatId = (res.json() as { data: { _id: string } }).data._id;
  return { candidate, referrer, chatId };
}

export async function send(app: FastifyInstance, who: Signed, chatId: string, content: string) {
  return app.inject({
    method: 'POST',
    url: '/api/message/createMessage',
    headers: { cookie: who.cookie },
    payload: { chatId, sender: 'x', senderId: who.user._id, content },
  });
}

export interface SseEvent {
  event: string;
  id?: string;
  data: unknown;
}

/** A minimal EventSource over node:http: collects events, and waits for one that matches. */
export function openStream(
  baseUrl: string,
  cookie: string,
  query = '',
  headers: Record<string, string> = {},
) {
  const events: SseEvent[] = [];
  const waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  let buffer = '';
  let status = 0;
  let contentType = '';
  let request: http.ClientRequest | null = null;
  let markClosed: () => void = () => {};
  /** Resolves when the server ends the stream (or it is closed here). */
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(
      `${baseUrl}/api/chat/events${query}`,
      { headers: { cookie, accept: 'text/event-stream', ...headers } },
      (res) => {
        status = res.statusCode ?? 0;
        contentType = String(res.headers['content-type'] ?? '');
        res.setEncoding('utf8');
        res.on('close', () => markClosed());
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: SseEvent = { event: 'message', data: null };
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) e.event = line.slice(7);
              else if (line.startsWith('id: ')) e.id = line.slice(4);
              else if (line.startsWith('data: ')) data += line.slice(6);
              else if (line.startsWith('retry: ')) e.event = 'retry';
            }
            if (e.event === 'retry' || (data === '' && e.event === 'message')) continue;
            e.data = data ? JSON.parse(data) : null;
            events.push(e);
            for (const w of [...waiters]) {
              if (w.match(e)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(e);
              }
            }
          }
        });
        resolve();
      },
    );
    request.on('error', (err) => {
      markClosed();
      reject(err);
    });
  });
  return {
    events,
    ready,
    closed,
    get status() {
      return status;
    },
    get contentType() {
      return contentType;
    },
    /**
     * The first event (already received or still to come) that matches, within `ms`: a bound that tells a
     * delivery from none (nothing but the push delivers an event), not a speed (a loaded machine is slow).
     */
    next(match: (e: SseEvent) => boolean, ms = 20_000): Promise<SseEvent> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const seenSoFar = () =>
          events.map((e) => `${e.event} ${JSON.stringify(e.data)}`).join('; ');
        const timer = setTimeout(
          () => reject(new Error(`no matching event in time (received: ${seenSoFar() || 'none'})`)),
          ms,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close() {
      request?.destroy();
    },
  };
}

export const isMessage = (content: string) => (e: SseEvent) =>
  e.event === 'message' && (e.data as { content?: string }).content === content;

// A drain (drain.ts) on a plain Node server: a busy keep-alive client is told to close, an idle one is closed after
// the grace, a request in flight is answered, an event stream is ended, and nothing new is accepted.
import http from 'node:http';
import type net from 'node:net';
import { drainerOf, IDLE_GRACE_MS } from './drain';

let server: http.Server;
let port: number;
let holdRelease: (() => void) | null = null;
/** Set once the server has answered the event stream's headers (the drain must know the stream). */
let streamOpen = false;

beforeEach(async () => {
  holdRelease = null;
  streamOpen = false;
  server = http.createServer((req, res) => {
    if (req.url === '/hold') {
      holdRelease = () => res.end('held');
      return;
    }
    if (req.url === '/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream' }).write('data: 1\n\n');
      streamOpen = true;
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as net.AddressInfo).port;
});

afterEach(() => {
  server.closeAllConnections();
  server.close();
});

/** One GET on `agent`: the answer's status, Connection header and body, or the error's code. */
function get(path: string, agent: http.Agent | false, headers: Record<string, string> = {}) {
  return new Promise<{ status?: number; connection?: string; body?: string; error?: string }>(
    (resolve) => {
      http
        .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d));
          res.on('end', () =>
            resolve({ status: res.statusCode, connection: res.headers.connection, body }),
          );
        })
        .on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code }));
    },
  );
}

it('answers what is in flight, tells a busy client to close, ends streams, then closes', async () => {
  const drainer = drainerOf(server);
  const busy = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get('/', busy)).connection).toBe('keep-alive');
  const held = get('/hold', false);
  const stream = get('/stream', false, { accept: 'text/event-stream' });
  // Both requests at the server before the drain: a stream that arrives later is not one the drain ends.
  await new Promise<void>((r) => {
    const wait = () => (holdRelease && streamOpen ? r() : setTimeout(wait, 10));
    wait();
  });

  // A grace longer than the test: every connection here ends by itself (the busy one told to, the others after
  // their answer), none is closed for being idle.
  const drained = drainer.drain(120_000, 120_000);
  expect(drainer.draining).toBe(true);
  // The stream is ended at once; the busy client's next answer tells it to close its connection.
  expect(await stream).toMatchObject({ status: 200, body: 'data: 1\n\n' });
  expect(await get('/', busy)).toMatchObject({ status: 200, connection: 'close' });
  // New connections are refused by this server (in a cluster the primary gives them to another process).
  expect((await get('/', false)).error).toBe('ECONNREFUSED');
  holdRelease!();
  expect(await held).toMatchObject({ status: 200, body: 'held' });
  const report = await drained;
  expect(report).toMatchObject({ inFlight: 2, streams: 1, cut: 0 });
  busy.destroy();
});

it('closes an idle keep-alive connection once the grace is over, and cuts what is left at the deadline', async () => {
  const drainer = drainerOf(server);
  const idle = new http.Agent({ keepAlive: true });
  await get('/', idle);
  const held = get('/hold', false);
  await new Promise<void>((r) => {
    const wait = () => (holdRelease ? r() : setTimeout(wait, 10));
    wait();
  });
  const report = await drainer.drain(IDLE_GRACE_MS + 500);
  // The idle connection was closed by the server after the grace; the held request was cut at the deadline.
  expect(report.ms).toBeGreaterThanOrEqual(IDLE_GRACE_MS);
  expect(report.cut).toBe(1);
  expect((await held).error).toBe('ECONNRESET');
  idle.destroy();
});

// Stopping a server without refusing or failing a request (worker.ts, at a handover or a stop):
// 1. it stops accepting: in a cluster the primary gives new connections to the other process (supervisor.ts);
// 2. every answer from then on says `Connection: close`, so a keep-alive connection ends after its request;
// 3. event streams (EventSource, `Accept: text/event-stream`) are ended: the browser reconnects, to the other
//    process, and asks for what it missed as after any cut;
// 4. keep-alive connections still idle after IDLE_GRACE_MS are closed: a client busy on one gets its
//    `Connection: close` with its next answer before that, so only a quiet one can be sending just as it is
//    closed (it retries then: browsers and HAProxy do for a GET);
// 5. it waits for the requests in flight, at most `deadlineMs`, then cuts what is left.
import type http from 'node:http';
import net from 'node:net';

/** How long a drain leaves idle keep-alive connections to their clients before closing them. */
export const IDLE_GRACE_MS = 2000;

export interface DrainReport {
  /** From the start of the drain to the last connection closed. */
  ms: number;
  /** Requests in flight when it started. */
  inFlight: number;
  /** Event streams ended. */
  streams: number;
  /** Connections cut at the deadline. */
  cut: number;
}

export interface Drainer {
  readonly draining: boolean;
  drain(deadlineMs: number, graceMs?: number): Promise<DrainReport>;
}

export function drainerOf(server: http.Server, now: () => number = Date.now): Drainer {
  const sockets = new Set<net.Socket>();
  const open = new Set<http.ServerResponse>();
  const streams = new Set<http.ServerResponse>();
  let draining = false;
  server.on('connection', (s: net.Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  // Before the server's own handler, which may answer at once.
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    open.add(res);
    if (String(req.headers.accept ?? '').includes('text/event-stream')) streams.add(res);
    res.once('close', () => {
      open.delete(res);
      streams.delete(res);
    });
  });
  return {
    get draining() {
      return draining;
    },
    async drain(deadlineMs, graceMs = IDLE_GRACE_MS) {
      const t0 = now();
      draining = true;
      const report: DrainReport = { ms: 0, inFlight: open.size, streams: streams.size, cut: 0 };
      // net's close, not http's: http's also closes idle connections at once, before the answers in flight
      // are told to close theirs; that comes next, in order.
      await new Promise<void>((resolve) => {
        net.Server.prototype.close.call(server, () => resolve());
        for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
        for (const res of streams) res.end();
        const check = setInterval(() => {
          if (now() - t0 >= graceMs) server.closeIdleConnections();
          if (now() - t0 < deadlineMs) return;
          report.cut = sockets.size;
          for (const s of sockets) s.destroy();
        }, 100);
        server.once('close', () => clearInterval(check));
      });
      report.ms = now() - t0;
      return report;
    },
  };
}

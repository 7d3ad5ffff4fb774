import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
  /** A header of the mail (folded lines joined), or undefined. */
  header(name: string): string | undefined;
}

/**
 * A local SMTP server that keeps what it accepts; with `state.refuse` it answers 451 to every mail.
 * `start()` listens on a random port the first time and on the same port after a `stop()` (an outage the
 * API's outbox must ride out); `url` is the SMTP_URL to give the API.
 */
export function smtpServer() {
  const received: CapturedMail[] = [];
  const state = { refuse: false };
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      disableReverseLookup: true,
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => (raw += c));
        stream.on('end', () => {
          if (state.refuse) {
            const err = new Error('Try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            callback(err);
            return;
          }
          const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            header: (name) =>
              new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? undefined,
          });
          callback();
        });
      },
    });
  let server = make();
  let port = 0;
  return {
    received,
    state,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async start() {
      server = make();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      port = (server.server.address() as AddressInfo).port;
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    /** The last four-digit code mailed to `to` (quoted-printable soft breaks undone). */
    lastCode(to: string): string | undefined {
      const mail = [...received].reverse().find((m) => m.to.includes(to));
      return mail?.raw.replace(/=\r?\n/g, '').match(/code: (\d{4})/)?.[1];
    },
  };
}

/** A started `smtpServer()`; `close()` stops it for good. */
export async function startSmtpCapture() {
  const smtp = smtpServer();
  await smtp.start();
  return {
    url: smtp.url,
    received: smtp.received,
    state: smtp.state,
    lastCode: smtp.lastCode,
    close: smtp.stop,
  };
}

/** An SMTP_URL nobody listens on (the port is refused at once): every mail fails. */
export const DEAD_SMTP_URL = 'smtp://127.0.0.1:9';

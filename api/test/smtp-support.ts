import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/**
 * A local SMTP server on a random port that keeps what it accepts; with `state.refuse` it answers 451
 * to every mail. `url` is the SMTP_URL to give the API.
 */
export async function startSmtpCapture() {
  const received: CapturedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
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
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    /** The last four-digit code mailed to `to` (quoted-printable soft breaks undone). */
    lastCode(to: string): string | undefined {
      const mail = [...received].reverse().find((m) => m.to.includes(to));
      return mail?.raw.replace(/=\r?\n/g, '').match(/code: (\d{4})/)?.[1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP_URL nobody listens on (the port is refused at once): every mail fails. */
export const DEAD_SMTP_URL = 'smtp://127.0.0.1:9';

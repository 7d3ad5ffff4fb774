// Mail over SMTP (SMTP_URL; src/plugins/mail.ts): loaded only when the site sends real mail, so nodemailer stays
// out of the processes that keep mail in the dev mailbox.
import net from 'node:net';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Config } from '../config';
import type { MailMessage } from './mail';

export interface SmtpSender {
  /** Sends one mail; a failure rejects with the transport's own error. */
  deliver(m: MailMessage): Promise<void>;
  close(): void;
}

/** A pooled SMTP transport to `url`, sending as MAIL_FROM. */
export function openSmtp(
  url: string,
  config: Pick<Config, 'MAIL_CONCURRENCY' | 'MAIL_FROM'>,
): SmtpSender {
  // Pooled: the outbox worker sends several mails at once over a few kept-open connections (the
  // pool is made directly: createTransport({ url, pool }) drops `pool`). Plain SMTP sockets get
  // TCP_NODELAY: without it each mail waits on delayed ACKs (~50 ms per mail and connection here).
  const plain = !/^smtps:/i.test(url);
  const transport = nodemailer.createTransport(
    new SMTPPool({
      pool: true,
      url,
      maxConnections: config.MAIL_CONCURRENCY,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      ...(plain
        ? {
            // An open socket with TCP_NODELAY, handed to nodemailer as an established connection.
            getSocket: (
              options: { host?: string; port?: number },
              callback: (err: Error | null, socketOptions?: { connection: net.Socket }) => void,
            ) => {
              const socket = net.connect({ host: options.host, port: options.port ?? 587 });
              socket.setNoDelay(true);
              socket.setTimeout(10_000, () =>
                socket.destroy(new Error('The SMTP server did not answer the connection.')),
              );
              const failed = (err: Error) => callback(err);
              socket.once('error', failed);
              socket.once('connect', () => {
                socket.setTimeout(0);
                socket.removeListener('error', failed);
                callback(null, { connection: socket });
              });
            },
          }
        : {}),
    }),
  );
  const deliver = async (m: MailMessage) => {
    await transport.sendMail({
      from: config.MAIL_FROM,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.html ? { html: m.html } : {}),
      ...(m.headers ? { headers: m.headers } : {}),
      ...(m.messageId ? { messageId: m.messageId } : {}),
    });
  };
  return { deliver, close: () => transport.close() };
}

import net from 'node:net';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import { devMails } from '../db/schema';
import { HttpError } from '../lib/errors';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post …). */
  headers?: Record<string, string>;
  /** A fixed Message-ID (outbox mail: the same on a retry, so a mail client shows a resend once). */
  messageId?: string;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'dev' keeps mail in the dev mailbox (database) and prints it. */
  readonly mode: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
  /** As send, but a failure rejects with the transport's own error (the outbox worker retries it). */
  deliver(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export const MAIL_FAILED_MESSAGE = 'We could not send the email. Please try again in a moment.';

/** Mail through nodemailer over SMTP_URL; without it, into the dev mailbox (GET /api/dev/mail). */
export default fp(
  async (app) => {
    const { config } = app;
    let mailer: Mailer;
    if (config.SMTP_URL) {
      // Pooled: the outbox worker sends several mails at once over a few kept-open connections (the
      // pool is made directly: createTransport({ url, pool }) drops `pool`). Plain SMTP sockets get
      // TCP_NODELAY: without it each mail waits on delayed ACKs (~50 ms per mail and connection here).
      const plain = !/^smtps:/i.test(config.SMTP_URL);
      const transport = nodemailer.createTransport(
        new SMTPPool({
          pool: true,
          url: config.SMTP_URL,
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
      app.addHook('onClose', async () => transport.close());
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
      mailer = {
        mode: 'smtp',
        deliver,
        async send(m) {
          try {
            await deliver(m);
          } catch (err) {
            app.log.error({ err }, 'mail could not be sent');
            throw new HttpError(502, MAIL_FAILED_MESSAGE);
          }
        },
      };
    } else {
      if (config.NODE_ENV === 'production') {
        app.log.warn(
          'SMTP_URL is not set: e-mail is only stored in the dev_mails table and printed to the log',
        );
      }
      const keep = async (m: MailMessage) => {
        await app.db.insert(devMails).values({
          to: m.to.toLowerCase(),
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          headers: { ...(m.messageId ? { 'Message-ID': m.messageId } : {}), ...m.headers },
          createdAt: app.now(),
        });
        if (config.NODE_ENV !== 'test') {
          console.info(`[dev mail] to ${m.to}: ${m.subject} | ${m.text.replace(/\s+/g, ' ')}`);
        }
      };
      mailer = { mode: 'dev', send: keep, deliver: keep };
    }
    app.decorate('mail', mailer);
  },
  { name: 'mail', dependencies: ['config', 'db'] },
);

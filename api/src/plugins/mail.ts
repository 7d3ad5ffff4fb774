import fp from 'fastify-plugin';
import { devMails } from '../db/schema';
import { HttpError } from '../lib/errors';
import type * as Smtp from './mail-smtp';

/** The SMTP sender's module, loaded on first use (SMTP_URL set only). */
const loadSmtp = (): typeof Smtp =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, on purpose
  require('./mail-smtp') as typeof Smtp;

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
      const smtp = loadSmtp().openSmtp(config.SMTP_URL, config);
      app.addHook('onClose', async () => smtp.close());
      const deliver = smtp.deliver;
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

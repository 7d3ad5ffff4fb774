import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { devMails } from '../db/schema';
import { HttpError } from '../lib/errors';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' sends through SMTP_URL; 'dev' keeps mail in the dev mailbox (database) and prints it. */
  readonly mode: 'smtp' | 'dev';
  send(message: MailMessage): Promise<void>;
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
      const transport = nodemailer.createTransport(config.SMTP_URL);
      app.addHook('onClose', async () => transport.close());
      mailer = {
        mode: 'smtp',
        async send(m) {
          try {
            await transport.sendMail({
              from: config.MAIL_FROM,
              to: m.to,
              subject: m.subject,
              text: m.text,
            });
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
      mailer = {
        mode: 'dev',
        async send(m) {
          await app.db.insert(devMails).values({
            to: m.to.toLowerCase(),
            subject: m.subject,
            text: m.text,
            createdAt: app.now(),
          });
          if (config.NODE_ENV !== 'test') {
            console.info(`[dev mail] to ${m.to}: ${m.subject} | ${m.text.replace(/\s+/g, ' ')}`);
          }
        },
      };
    }
    app.decorate('mail', mailer);
  },
  { name: 'mail', dependencies: ['config', 'db'] },
);

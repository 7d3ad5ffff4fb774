import type { MailMessage } from '../../plugins/mail';

/** A code to mail: to whom, the code, and for how many minutes it works. */
export interface CodeMail {
  to: string;
  code: string;
  minutes: number;
}

/** The mails of sign-in and of account changes, word for word. */
export const AUTH_MAILS = {
  /** A sign-in code and link (sign-in and sign-up alike). */
  signIn: (m: CodeMail & { link: string; linkMinutes: number }): MailMessage => ({
    to: m.to,
    subject: `Your Referio sign-in code: ${m.code}`,
    text: `Your Referio sign-in code is ${m.code}. It expires in ${m.minutes} minutes.\n\nOr sign in with this link (works once, for ${m.linkMinutes} minutes, in the browser that opens it):\n${m.link}\n\nIf you did not ask to sign in, you can ignore this email.`,
  }),

  /** To the current address, when an older session asks for a new sign-in e-mail. */
  confirmItsYou: (m: CodeMail & { pendingEmail: string }): MailMessage => ({
    to: m.to,
    subject: `Your Referio code to confirm it's you: ${m.code}`,
    text: `Someone signed in to your Referio account asked to change its sign-in email to ${m.pendingEmail}.\n\nIf it was you, enter this code: ${m.code}. It expires in ${m.minutes} minutes.\n\nIf it was not you, do not share this code with anyone: nothing changes without it.`,
  }),

  /** To a new sign-in address: its code makes it the account's. */
  emailChangeCode: (m: CodeMail): MailMessage => ({
    to: m.to,
    subject: `Your Referio email change code: ${m.code}`,
    text: `Your Referio code to make this your sign-in email is ${m.code}. It expires in ${m.minutes} minutes.\n\nIf you did not ask for it, you can ignore this email: nothing changes.`,
  }),

  /** To the old address once the change is made, with its "this wasn't me" link. */
  emailChanged: (m: { to: string; newEmail: string; link: string; days: number }): MailMessage => ({
    to: m.to,
    subject: 'Your Referio sign-in email was changed',
    text: `The sign-in email of your Referio account was changed from ${m.to} to ${m.newEmail}.\n\nIf this wasn't you, open this link within ${m.days} days: it makes ${m.to} the sign-in email again and signs everyone out of the account.\n${m.link}\n\nIf it was you, there is nothing to do.`,
  }),

  /** To a work address being verified. */
  workEmailCode: (m: CodeMail): MailMessage => ({
    to: m.to,
    subject: `Your Referio work email code: ${m.code}`,
    text: `Your Referio work email verification code is ${m.code}. It expires in ${m.minutes} minutes.\n\nIf you did not ask for it, you can ignore this email.`,
  }),
};

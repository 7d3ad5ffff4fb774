// The e-mail a suspended user gets (docs/trust-and-safety.md): the operator's reason and how to appeal.
// Account mail: it goes through the outbox like every mail, but no preference turns it off.
import { escapeHtml, type RenderedMail } from './notification-text';

export const SUSPENSION_MAIL_SUBJECT = 'Your Referio account is suspended';

/** The suspension notice for `name`, with the operator's `reason` and the contact page to appeal. */
export function renderSuspensionMail(opts: {
  publicUrl: string;
  recipientName: string;
  reason: string;
}): RenderedMail {
  const greeting = `Hello ${opts.recipientName.trim() || 'there'},`;
  const what =
    'We suspended your Referio account. You cannot sign in, your job posts are closed and your pending referral requests have ended.';
  const why = `The reason: ${opts.reason}`;
  const contact = `${opts.publicUrl}/contact-us`;
  const appeal = `If you think this is a mistake, reply to this e-mail or write to us at ${contact}. We read every appeal.`;
  const text = [greeting, '', what, '', why, '', appeal].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(SUSPENSION_MAIL_SUBJECT)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${e(greeting)}</p>
<p>${e(what)}</p>
<p><strong>${e(why)}</strong></p>
<p>If you think this is a mistake, reply to this e-mail or write to us at <a href="${e(contact)}">${e(contact)}</a>. We read every appeal.</p>
</body></html>`;
  return { subject: SUSPENSION_MAIL_SUBJECT, text, html, headers: {} };
}

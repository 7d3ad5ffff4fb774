// What a notification says, in the bell and by e-mail, and where its link goes (docs/notifications.md).
// One place, so the bell's sentence and the e-mail never disagree. E-mails carry names and job titles,
// never an e-mail address of the other person and never a resume.
import {
  CHAT_NOTIFICATION_WINDOW_MINUTES,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
} from '../contract';
import type { NotificationData } from '../db/schema';

export interface NotificationFacts {
  kind: NotificationKind;
  data: NotificationData;
  referralRequestId: string | null;
  jobPostId: string | null;
  chatId: string | null;
}

/** A job as a mail lists it. */
export interface MailJob {
  id: string;
  jobTitle: string;
  companyName: string;
  jobType: string;
  address: string;
}

const someone = (name: string | undefined) => (name && name.trim()) || 'Someone';
const jobName = (d: NotificationData) =>
  `${d.jobTitle ?? 'a job'}${d.companyName ? ` at ${d.companyName}` : ''}`;

/** The bell's sentence. */
export function notificationSentence(n: NotificationFacts): string {
  const d = n.data;
  switch (n.kind) {
    case 'referral_requested':
      return `${someone(d.actorName)} asked you for a referral for ${jobName(d)}.`;
    case 'referral_approved':
      return `${someone(d.actorName)} approved your referral request for ${jobName(d)}.`;
    case 'referral_declined':
      return `${someone(d.actorName)} declined your referral request for ${jobName(d)}.${
        d.reason ? ` Reason: ${d.reason}` : ''
      }`;
    case 'job_matches': {
      const count = d.jobIds?.length ?? 0;
      return count <= 1
        ? `A new job matches your skills: ${jobName(d)}.`
        : `${count} new jobs match your skills.`;
    }
    case 'chat_message':
      return `${someone(d.actorName)} sent you a message${d.jobTitle ? ` about ${jobName(d)}` : ''}.`;
    case 'referral_expiring':
      return `The referral request from ${someone(d.actorName)} for ${jobName(d)} expires in a day unless you answer it.`;
    case 'referral_expired':
      return `Your referral request for ${jobName(d)} expired without an answer from ${someone(d.actorName)}.`;
  }
}

/** The site path that opens the exact place. */
export function notificationLink(n: NotificationFacts): string {
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (n.kind) {
    case 'referral_requested':
      return `/dashboard/referralRequests?${q({ status: 'pending', request: n.referralRequestId ?? '' })}`;
    case 'referral_approved':
      return `/dashboard/myReferralRequests?${q({ status: 'approved', request: n.referralRequestId ?? '' })}`;
    case 'referral_declined':
      return `/dashboard/myReferralRequests?${q({ status: 'declined', request: n.referralRequestId ?? '' })}`;
    case 'job_matches': {
      const first = n.data.jobIds?.[n.data.jobIds.length - 1] ?? n.jobPostId;
      return first ? `/job-details/${first}` : '/dashboard/explore';
    }
    case 'chat_message':
      return `/dashboard/chat?${q({ chat: n.chatId ?? '' })}`;
    case 'referral_expiring':
      return `/dashboard/referralRequests?${q({ status: 'pending', request: n.referralRequestId ?? '' })}`;
    case 'referral_expired':
      return `/dashboard/myReferralRequests?${q({ status: 'expired', request: n.referralRequestId ?? '' })}`;
  }
}

/** The profile page where the person changes which e-mails they get. */
export const preferencesPath = (kind: NotificationKind) =>
  kind === 'referral_requested' || kind === 'referral_expiring'
    ? '/dashboard/referrarProfile'
    : '/dashboard/profile';

function subjectOf(n: NotificationFacts, jobs: MailJob[]): string {
  const d = n.data;
  switch (n.kind) {
    case 'referral_requested':
      return `New referral request for ${jobName(d)}`;
    case 'referral_approved':
      return `Your referral request for ${jobName(d)} was approved`;
    case 'referral_declined':
      return `Your referral request for ${jobName(d)} was declined`;
    case 'job_matches': {
      const newest = jobs[jobs.length - 1];
      const name = newest ? `${newest.jobTitle} at ${newest.companyName}` : jobName(d);
      return jobs.length > 1
        ? `${jobs.length} new jobs match your skills: ${name} and more`
        : `A new job matches your skills: ${name}`;
    }
    case 'chat_message':
      return `New message from ${someone(d.actorName)}${d.jobTitle ? ` about ${jobName(d)}` : ''}`;
    case 'referral_expiring':
      return `A referral request for ${jobName(d)} expires tomorrow`;
    case 'referral_expired':
      return `Your referral request for ${jobName(d)} expired without an answer`;
  }
}

function whyOf(n: NotificationFacts): string {
  const d = n.data;
  switch (n.kind) {
    case 'referral_requested':
      return `You get this e-mail because you posted ${jobName(d)} on Referio and a candidate asked you for a referral.`;
    case 'referral_approved':
    case 'referral_declined':
      return `You get this e-mail because you asked for a referral for ${jobName(d)} on Referio.`;
    case 'job_matches':
      return 'You get this e-mail because you turned on job-match e-mails on your Referio profile; these jobs ask for skills on your profile. We send at most one a day.';
    case 'referral_expiring':
      return `You get this e-mail because a candidate asked you for a referral for ${jobName(d)} on Referio and the request expires unanswered in a day. We send this once per request.`;
    case 'referral_expired':
      return `You get this e-mail because you asked for a referral for ${jobName(d)} on Referio and the referrer did not answer in time.`;
    case 'chat_message':
      return `You get this e-mail because a message arrived in one of your Referio chats while you were away. We send at most one per chat every ${CHAT_NOTIFICATION_WINDOW_MINUTES} minutes.`;
  }
}

const ACTION_LABEL: Record<NotificationKind, string> = {
  referral_requested: 'Review the request',
  referral_approved: 'See your request',
  referral_declined: 'See your request',
  job_matches: 'See the job',
  chat_message: 'Open the chat',
  referral_expiring: 'Answer the request',
  referral_expired: 'See your request',
};

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * The e-mail for a notification: a subject naming the job, plain text and HTML, a link to the right
 * page (the site asks to sign in first when needed), a footer saying why, a one-click unsubscribe link,
 * and the RFC 8058 List-Unsubscribe headers.
 */
export function renderNotificationMail(
  n: NotificationFacts,
  opts: {
    publicUrl: string;
    recipientName: string;
    unsubscribeToken: string;
    jobs?: MailJob[];
  },
): RenderedMail {
  const jobs = opts.jobs ?? [];
  const link = `${opts.publicUrl}${notificationLink(n)}`;
  const unsubscribe = `${opts.publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(
    opts.unsubscribeToken,
  )}`;
  const preferences = `${opts.publicUrl}${preferencesPath(n.kind)}`;
  const greeting = `Hello ${opts.recipientName.trim() || 'there'},`;
  const sentence = notificationSentence(n);
  const why = whyOf(n);
  const label = NOTIFICATION_KIND_LABELS[n.kind];
  // A new request's note from the candidate, as they wrote it (quoted, line breaks kept).
  const note = n.kind === 'referral_requested' ? n.data.note?.trim() : undefined;
  const noteLines = note ? ['', 'Their note:', ...note.split('\n').map((l) => `> ${l}`)] : [];
  const jobLines = jobs.map(
    (j) =>
      `- ${j.jobTitle} at ${j.companyName} (${j.jobType}, ${j.address}): ${opts.publicUrl}/job-details/${j.id}`,
  );

  const text = [
    greeting,
    '',
    sentence,
    ...noteLines,
    ...(jobLines.length ? ['', ...jobLines] : []),
    '',
    `${ACTION_LABEL[n.kind]}: ${link}`,
    '',
    '--',
    why,
    `Stop e-mails about "${label}": ${unsubscribe}`,
    `Choose which e-mails you get: ${preferences}`,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subjectOf(n, jobs))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${e(greeting)}</p>
<p>${e(sentence)}</p>
${
  note
    ? `<p style="margin-bottom:4px">Their note:</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db;white-space:pre-line">${e(note)}</blockquote>`
    : ''
}
${
  jobs.length
    ? `<ul>${jobs
        .map(
          (j) =>
            `<li><a href="${e(`${opts.publicUrl}/job-details/${j.id}`)}">${e(j.jobTitle)}</a> at ${e(
              j.companyName,
            )} &middot; ${e(j.jobType)} &middot; ${e(j.address)}</li>`,
        )
        .join('')}</ul>`
    : ''
}
<p><a href="${e(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${e(
    ACTION_LABEL[n.kind],
  )}</a></p>
<hr>
<p style="font-size:12px;color:#6b7280">${e(why)}<br>
<a href="${e(unsubscribe)}">Unsubscribe from these e-mails</a> &middot; <a href="${e(
    preferences,
  )}">Choose which e-mails you get</a></p>
</body></html>`;

  return {
    subject: subjectOf(n, jobs),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

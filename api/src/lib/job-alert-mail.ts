// A job alert's e-mail (docs/notifications.md, "Job alerts"): the new jobs that matched it, a link to the
// whole list, why it was sent, and a one-click link that turns this alert off (RFC 8058 headers too).
import {
  JOB_ALERTS_SETTINGS_PATH,
  jobAlertLabel,
  jobAlertListPath,
  type JobAlertCriteria,
  type JobAlertFrequency,
} from '../contract';
import { escapeHtml, type MailJob, type RenderedMail } from './notification-text';

export interface JobAlertMailInput {
  publicUrl: string;
  recipientName: string;
  alert: JobAlertCriteria & { frequency: JobAlertFrequency };
  /** The jobs to list, newest first (already cut to JOB_ALERT_MAIL_JOBS_MAX). */
  jobs: MailJob[];
  /** How many matched in all (more than `jobs` when the list was cut). */
  total: number;
  unsubscribeToken: string;
}

/** The subject: the one job, or how many there are. */
export function jobAlertSubject(label: string, jobs: MailJob[], total: number): string {
  const first = jobs[0];
  if (total === 1 && first) {
    return `New job for your alert ${label}: ${first.jobTitle} at ${first.companyName}`;
  }
  return `${total} new jobs for your alert ${label}`;
}

const whyOf = (frequency: JobAlertFrequency) =>
  frequency === 'daily'
    ? 'You get this e-mail because you saved this job alert on Referio, with one e-mail a day at most.'
    : 'You get this e-mail because you saved this job alert on Referio, with an e-mail as soon as a job is posted.';

export function renderJobAlertMail(input: JobAlertMailInput): RenderedMail {
  const { publicUrl, jobs, total } = input;
  const label = jobAlertLabel(input.alert);
  const subject = jobAlertSubject(label, jobs, total);
  const listUrl = `${publicUrl}${jobAlertListPath(input.alert)}`;
  const settingsUrl = `${publicUrl}${JOB_ALERTS_SETTINGS_PATH}`;
  const unsubscribe = `${publicUrl}/api/jobAlerts/unsubscribe?token=${encodeURIComponent(
    input.unsubscribeToken,
  )}`;
  const greeting = `Hello ${input.recipientName.trim() || 'there'},`;
  const sentence =
    total === 1
      ? `A new job matches your job alert ${label}:`
      : `${total} new jobs match your job alert ${label}:`;
  const jobUrl = (j: MailJob) => `${publicUrl}/job-details/${j.id}`;
  const more = total > jobs.length ? [`…and ${total - jobs.length} more.`] : [];
  const why = whyOf(input.alert.frequency);

  const text = [
    greeting,
    '',
    sentence,
    '',
    ...jobs.map(
      (j) => `- ${j.jobTitle} at ${j.companyName} (${j.jobType}, ${j.address}): ${jobUrl(j)}`,
    ),
    ...more,
    '',
    `See all jobs for this alert: ${listUrl}`,
    '',
    '--',
    why,
    `Turn off this alert: ${unsubscribe}`,
    `Manage your job alerts: ${settingsUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const items = jobs
    .map(
      (j) =>
        `<li><a href="${e(jobUrl(j))}">${e(j.jobTitle)}</a> at ${e(j.companyName)} &middot; ${e(
          j.jobType,
        )} &middot; ${e(j.address)}</li>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${e(greeting)}</p>
<p>${e(sentence)}</p>
<ul>${items}</ul>
${more.length ? `<p>${e(more[0]!)}</p>` : ''}
<p><a href="${e(listUrl)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">See all jobs for this alert</a></p>
<hr>
<p style="font-size:12px;color:#6b7280">${e(why)}<br>
<a href="${e(unsubscribe)}">Turn off this alert</a> &middot; <a href="${e(settingsUrl)}">Manage your job alerts</a></p>
</body></html>`;

  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

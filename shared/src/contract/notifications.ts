import './zod-config';
import { z } from 'zod';
import { idSchema } from './common';
import type { JobPost } from './jobPost';

/**
 * What a person is told about (docs/notifications.md): each kind is one row in the bell and, when the
 * person's preferences allow it, one e-mail.
 */
export const NOTIFICATION_KINDS = [
  'referral_requested',
  'referral_approved',
  'referral_declined',
  'job_matches',
  'chat_message',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which kinds e-mail a person who never changed their preferences: all but job matches. */
export const MAIL_PREFERENCE_DEFAULTS: Readonly<Record<NotificationKind, boolean>> = {
  referral_requested: true,
  referral_approved: true,
  referral_declined: true,
  job_matches: false,
  chat_message: true,
};

/** The preference checkboxes' labels (profile pages) and the unsubscribe page's wording. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  referral_requested: 'A candidate asks me for a referral',
  referral_approved: 'A referrer approves my referral request',
  referral_declined: 'A referrer declines my referral request',
  job_matches: 'New job posts match my skills (at most one e-mail a day)',
  chat_message: 'A chat message arrives while I am away (at most one per chat every 15 minutes)',
};

/** At most one chat notification per chat and recipient in this window. */
export const CHAT_NOTIFICATION_WINDOW_MINUTES = 15;
/** One job-match notification (and e-mail) per person per this many hours. */
export const JOB_MATCHES_WINDOW_HOURS = 24;
/** Items the bell shows (newest first). */
export const NOTIFICATION_LIST_LIMIT = 20;

/** One item of the bell. */
export interface AppNotification {
  _id: string;
  kind: NotificationKind;
  /** When it happened (for a job-match digest: when its newest match was added). */
  createdAt: string;
  read: boolean;
  /** One sentence saying what happened. */
  text: string;
  /** The site path that opens the exact place (the request's tab, the chat, the job). */
  link: string;
  /** The job(s) concerned, in the spec's notification layout (jobTitle, companyName, jobType, address, date). */
  jobs: JobPost[];
}

export interface NotificationsAnswer {
  items: AppNotification[];
  /** Unread notifications in all (not only those listed). */
  unread: number;
}

export type MailPreferences = Record<NotificationKind, boolean>;

/** GET /notifications */
export const listNotificationsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .optional()
    .default(NOTIFICATION_LIST_LIMIT),
});

/** POST /notifications/markRead: the ids the panel showed. */
export const markNotificationsReadRequest = z.object({
  ids: z
    .array(idSchema, { error: 'ids must be a list of notification ids' })
    .min(1, 'ids must name at least one notification')
    .max(100, 'ids may name at most 100 notifications'),
});
export type MarkNotificationsReadRequest = z.input<typeof markNotificationsReadRequest>;

/** PUT /notifications/preferences: any of the kinds, true to be e-mailed. */
export const mailPreferencesRequest = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [
        k,
        z.boolean({ error: `${k} must be true or false` }).optional(),
      ]),
    ) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
  )
  .strict();
export type MailPreferencesRequest = z.input<typeof mailPreferencesRequest>;

/** The signed unsubscribe token of an e-mail's link (GET shows a page, POST unsubscribes). */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: 'This unsubscribe link is not valid.' })
    .min(10, 'This unsubscribe link is not valid.')
    .max(300, 'This unsubscribe link is not valid.'),
});

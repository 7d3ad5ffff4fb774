// Notification kinds, defaults, labels and answer types: plain values and types (no zod), so the
// browser's main bundle can take them (see browser.ts). The request schemas are in notifications.ts.
import type { z } from 'zod';
import type {
  appNotificationSchema,
  mailPreferencesSchema,
  notificationsAnswerSchema,
} from './notifications';

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
  'referral_expiring',
  'referral_expired',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which kinds e-mail a person who never changed their preferences: all but job matches. */
export const MAIL_PREFERENCE_DEFAULTS: Readonly<Record<NotificationKind, boolean>> = {
  referral_requested: true,
  referral_approved: true,
  referral_declined: true,
  job_matches: false,
  chat_message: true,
  referral_expiring: true,
  referral_expired: true,
};

/** The preference checkboxes' labels (profile pages) and the unsubscribe page's wording. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  referral_requested: 'A candidate asks me for a referral',
  referral_approved: 'A referrer approves my referral request',
  referral_declined: 'A referrer declines my referral request',
  job_matches: 'New job posts match my skills (at most one e-mail a day)',
  chat_message: 'A chat message arrives while I am away (at most one per chat every 15 minutes)',
  referral_expiring: 'A referral request to me expires tomorrow without an answer',
  referral_expired: 'My referral request expired without an answer',
};

/** How long before its expiry the referrer is reminded of a pending request (once). */
export const REFERRAL_EXPIRY_WARNING_HOURS = 24;

/** At most one chat notification per chat and recipient in this window. */
export const CHAT_NOTIFICATION_WINDOW_MINUTES = 15;
/** One job-match notification (and e-mail) per person per this many hours. */
export const JOB_MATCHES_WINDOW_HOURS = 24;
/** Items the bell shows (newest first). */
export const NOTIFICATION_LIST_LIMIT = 20;

/** One item of the bell (the schema is in notifications.ts). */
export type AppNotification = z.infer<typeof appNotificationSchema>;

export type NotificationsAnswer = z.infer<typeof notificationsAnswerSchema>;

export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

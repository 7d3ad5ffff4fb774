import './zodConfig';
import { z } from 'zod';
import { envelope, idSchema, messageEnvelope } from './common';
import { jobPostSchema } from './jobPost';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_LIMIT,
  type NotificationKind,
} from './notificationKinds';

export * from './notificationKinds';

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

/** One item of the bell. */
export const appNotificationSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    /** When it happened (for a job-match digest: when its newest match was added). */
    createdAt: z
      .string()
      .describe('When it happened (for a job-match digest: when its newest match was added)'),
    read: z.boolean(),
    /** One sentence saying what happened. */
    text: z.string().describe('One sentence saying what happened'),
    /** The site path that opens the exact place (the request's tab, the chat, the job). */
    link: z.string().describe('The site path that opens the exact place'),
    /** The job(s) concerned, in the spec's notification layout (jobTitle, companyName, jobType, address, date). */
    jobs: z.array(jobPostSchema),
  })
  .meta({ id: 'Notification' });

export const notificationsAnswerSchema = z.object({
  items: z.array(appNotificationSchema),
  /** Unread notifications in all (not only those listed). */
  unread: z.number().int().describe('Unread notifications in all (not only those listed)'),
});

/** Which kinds of notification e-mail the person (true: e-mailed). */
export const mailPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);

/** GET /notifications */
export const notificationsAnswer = envelope(notificationsAnswerSchema);
/** POST /notifications/markRead and markAllRead: how many became read. */
export const notificationsMarkedAnswer = messageEnvelope(z.object({ marked: z.number().int() }));
/** GET and PUT /notifications/preferences */
export const mailPreferencesAnswer = envelope(mailPreferencesSchema);

/** The unsubscribe page (GET) and the one-click answer to a mail client (POST, HTML when it accepts it). */
export const htmlPage = z.string().describe('An HTML page');

import './zodConfig';
import { z } from 'zod';
import { idSchema } from './common';
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

// The bell and e-mail preferences: one function per call, and the react-query keys and options that go
// with them (so the shell's bell and both profile pages share one cache entry each).
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './notifications';
import type {
  MailPreferences,
  NotificationKind,
  NotificationsAnswer,
} from '../contract/notificationKinds';
import { apiClient, type Envelope } from './client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (userId: string | undefined) =>
    ['notifications', 'list', { userId: userId ?? '' }] as const,
  preferences: (userId: string | undefined) =>
    ['notifications', 'preferences', { userId: userId ?? '' }] as const,
};

/** GET /notifications: the newest notifications and the unread count. */
export async function getNotifications(): Promise<NotificationsAnswer> {
  return (await apiClient.get<Envelope<NotificationsAnswer>>('/notifications')).data.data;
}

/** POST /notifications/markRead `{ ids }`: the caller's own among them count as read. */
export async function markNotificationsRead(ids: string[]): Promise<{ marked: number }> {
  return (await apiClient.post<Envelope<{ marked: number }>>('/notifications/markRead', { ids }))
    .data.data;
}

/** POST /notifications/markAllRead */
export async function markAllNotificationsRead(): Promise<{ marked: number }> {
  return (await apiClient.post<Envelope<{ marked: number }>>('/notifications/markAllRead', {})).data
    .data;
}

/** GET /notifications/preferences: which kinds e-mail the caller. */
export async function getMailPreferences(): Promise<MailPreferences> {
  return (await apiClient.get<Envelope<MailPreferences>>('/notifications/preferences')).data.data;
}

/** PUT /notifications/preferences: changes some kinds; answers all of them. */
export async function updateMailPreferences(
  changes: Partial<Record<NotificationKind, boolean>>,
): Promise<MailPreferences> {
  return (await apiClient.put<Envelope<MailPreferences>>('/notifications/preferences', changes))
    .data.data;
}

export const notificationQueries = {
  /** The bell's query: refreshed by the live stream's `notification` events. */
  list: (userId: string | undefined) =>
    queryOptions({
      queryKey: notificationKeys.list(userId),
      queryFn: () => api.getNotifications(),
      enabled: Boolean(userId),
      staleTime: 30_000,
    }),
  preferences: (userId: string | undefined) =>
    queryOptions({
      queryKey: notificationKeys.preferences(userId),
      queryFn: () => api.getMailPreferences(),
      enabled: Boolean(userId),
    }),
};

import {
  errorResponses,
  listNotificationsQuery,
  mailPreferencesAnswer,
  mailPreferencesRequest,
  markNotificationsReadRequest,
  notificationsAnswer,
  notificationsMarkedAnswer,
  NOTIFICATION_KIND_LABELS,
  type NotificationKind,
} from '../../contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml, preferencesPath } from '../../lib/notification-text';
import { currentUser } from '../../plugins/auth';
import { wantsHtml } from '../../lib/simple-page';
import * as oneClick from '../one-click';
import type { RouteApp } from '../route-app';

export const NOTIFICATION_MESSAGES = {
  marked: 'Notifications marked as read',
  preferencesSaved: 'Your e-mail preferences are saved.',
  badToken: 'This unsubscribe link is not valid.',
  unsubscribed: (kind: NotificationKind) =>
    `You will no longer get e-mails about: ${NOTIFICATION_KIND_LABELS[kind]}.`,
} as const;

/** The bell: the newest notifications, marking them read. */
function bellRoutes(app: RouteApp): void {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The bell: the newest notifications and the unread count',
        querystring: listNotificationsQuery,
        response: { 200: notificationsAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { success: true, data: await app.notifications.list(me.id, request.query.limit) };
    },
  );

  /** The ids the panel showed count as read (only the caller's own; others are ignored). */
  app.post(
    '/notifications/markRead',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mark the listed notifications read (only the caller's own)",
        body: markNotificationsReadRequest,
        response: { 200: notificationsMarkedAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const marked = await app.notifications.markRead(me.id, request.body.ids);
      return { success: true, message: NOTIFICATION_MESSAGES.marked, data: { marked } };
    },
  );

  app.post(
    '/notifications/markAllRead',
    {
      schema: {
        tags: ['notifications'],
        summary: "Mark all the caller's notifications read (any body is ignored)",
        response: { 200: notificationsMarkedAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const marked = await app.notifications.markAllRead(me.id);
      return { success: true, message: NOTIFICATION_MESSAGES.marked, data: { marked } };
    },
  );
}

/** Which kinds of notification e-mail the caller gets. */
function preferenceRoutes(app: RouteApp): void {
  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification e-mail the caller',
        response: { 200: mailPreferencesAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { success: true, data: await app.notifications.preferences(me.id) };
    },
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Change some kinds of notification e-mail; answers all of them',
        body: mailPreferencesRequest,
        response: { 200: mailPreferencesAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return {
        success: true,
        message: NOTIFICATION_MESSAGES.preferencesSaved,
        data: await app.notifications.setPreferences(me.id, request.body),
      };
    },
  );
}

/** The e-mails' unsubscribe link: its page, and the one-click form that turns one kind off. */
function unsubscribeRoutes(app: RouteApp): void {
  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    oneClick.refuseLink(
      request,
      reply,
      NOTIFICATION_MESSAGES.badToken,
      `<p>Please use the newest e-mail's link, or choose your e-mails on your profile after <a href="${escapeHtml(
        `${app.config.SITE_URL}/sign-in`,
      )}">signing in</a>.</p>`,
    );

  /**
   * The e-mail's link: a page with one button (a GET never changes anything, so link scanners that
   * open every link cannot unsubscribe anyone).
   */
  app.get(
    '/notifications/unsubscribe',
    oneClick.pageRouteOptions(
      'notifications',
      "The e-mail's unsubscribe link: a page with one button (changes nothing)",
    ),
    async (request, reply) => {
      const claim = await app.notifications.readUnsubscribeToken(request.query.token);
      if (!claim) return refuse(request, reply);
      const action = oneClick.unsubscribeAction(
        app,
        '/api/notifications/unsubscribe',
        request.query.token,
      );
      return oneClick.sendPage(
        reply,
        'Unsubscribe',
        oneClick.unsubscribeButton(
          `<p>Stop e-mails about: <strong>${escapeHtml(NOTIFICATION_KIND_LABELS[claim.kind])}</strong>?</p>`,
          action,
          'You keep seeing these in the bell on Referio.',
        ),
      );
    },
  );

  /** One-click unsubscribe (RFC 8058, and the page's button): turns off exactly the token's kind. */
  app.post(
    '/notifications/unsubscribe',
    oneClick.oneClickRouteOptions(
      'notifications',
      'One-click unsubscribe (RFC 8058) from the kind of e-mail the token names',
      'Unsubscribed: JSON, or a page for a client that accepts text/html',
    ),
    async (request, reply) => {
      const kind = await app.notifications.unsubscribe(request.query.token);
      if (!kind) return refuse(request, reply);
      const message = NOTIFICATION_MESSAGES.unsubscribed(kind);
      if (wantsHtml(request)) {
        return oneClick.sendPage(
          reply,
          'You are unsubscribed',
          `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(
            `${app.config.SITE_URL}${preferencesPath(kind)}`,
          )}">Choose which e-mails you get</a></p>`,
        );
      }
      return { success: true, message };
    },
  );
}

/**
 * The bell (`GET /notifications`, mark read), e-mail preferences, and the one-click unsubscribe that
 * works without signing in (a signed token naming one person and one kind of e-mail).
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  oneClick.acceptOneClickForm(app);
  bellRoutes(app);
  preferenceRoutes(app);
  unsubscribeRoutes(app);
};

export default notificationsRoutes;

// Job alerts over HTTP: the caller's own (from the session; another's alert is "not found"), and the
// e-mails' one-click link that turns one alert off without signing in (docs/notifications.md).
import {
  alertHasCriteria,
  createJobAlertRequest,
  errorResponses,
  JOB_ALERT_MESSAGES,
  JOB_ALERTS_SETTINGS_PATH,
  jobAlertAnswer,
  jobAlertParams,
  jobAlertsAnswer,
  messageAnswer,
  updateJobAlertRequest,
  type JobFilters,
} from '../../contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { escapeHtml } from '../../lib/notification-text';
import { wantsHtml } from '../../lib/simple-page';
import { currentUser } from '../../plugins/auth';
import * as oneClick from '../one-click';
import type { RouteApp } from '../route-app';

/** The caller's alerts: listing them and saving one. */
function alertListRoutes(app: RouteApp): void {
  app.get(
    '/jobAlerts',
    {
      schema: {
        tags: ['jobs'],
        summary: "The caller's job alerts, newest first",
        response: { 200: jobAlertsAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      return { success: true, data: await app.jobAlerts.list(me.id) };
    },
  );

  app.post(
    '/jobAlerts',
    {
      schema: {
        tags: ['jobs'],
        summary:
          "Save a job alert for a job list's search and filters (again: changes its frequency)",
        body: createJobAlertRequest,
        response: { 200: jobAlertAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { search, frequency, ...rest } = request.body;
      const filters: JobFilters = rest;
      if (!alertHasCriteria({ search, filters }))
        throw new HttpError(400, JOB_ALERT_MESSAGES.nothingToAlert);
      const saved = await app.jobAlerts.create(me.id, search, filters, frequency);
      if (!saved.ok && saved.reason === 'tooMany')
        throw new HttpError(400, JOB_ALERT_MESSAGES.tooMany);
      if (!saved.ok) throw new HttpError(404, JOB_ALERT_MESSAGES.companyNotFound);
      return { success: true, message: JOB_ALERT_MESSAGES.saved, data: saved.alert };
    },
  );
}

/** One of the caller's alerts: changing how often it mails, deleting it. */
function alertChangeRoutes(app: RouteApp): void {
  app.put(
    '/jobAlerts/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "Change one of the caller's job alerts: instant, daily or off",
        params: jobAlertParams,
        body: updateJobAlertRequest,
        response: { 200: jobAlertAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const alert = await app.jobAlerts.setFrequency(
        me.id,
        request.params.id,
        request.body.frequency,
      );
      if (!alert) throw new HttpError(404, JOB_ALERT_MESSAGES.notFound);
      return { success: true, message: JOB_ALERT_MESSAGES.updated, data: alert };
    },
  );

  app.delete(
    '/jobAlerts/:id',
    {
      schema: {
        tags: ['jobs'],
        summary: "Delete one of the caller's job alerts",
        params: jobAlertParams,
        response: { 200: messageAnswer, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      if (!(await app.jobAlerts.remove(me.id, request.params.id)))
        throw new HttpError(404, JOB_ALERT_MESSAGES.notFound);
      return { success: true, message: JOB_ALERT_MESSAGES.deleted };
    },
  );
}

/** The e-mails' unsubscribe link: its page, and the one-click form that turns one alert off. */
function unsubscribeRoutes(app: RouteApp): void {
  const settingsLink = () =>
    `<p><a href="${escapeHtml(`${app.config.SITE_URL}${JOB_ALERTS_SETTINGS_PATH}`)}">Manage your job alerts</a></p>`;
  const refuse = (request: FastifyRequest, reply: FastifyReply) =>
    oneClick.refuseLink(
      request,
      reply,
      JOB_ALERT_MESSAGES.badToken,
      `<p>Please use the newest e-mail's link, or turn the alert off on your profile after signing in.</p>${settingsLink()}`,
    );

  /**
   * The e-mail's link: a page with one button (a GET never changes anything, so link scanners that
   * open every link cannot turn an alert off).
   */
  app.get(
    '/jobAlerts/unsubscribe',
    oneClick.pageRouteOptions(
      'jobs',
      "A job alert e-mail's unsubscribe link: a page with one button (changes nothing)",
    ),
    async (request, reply) => {
      const claim = await app.jobAlerts.readUnsubscribeToken(request.query.token);
      if (!claim) return refuse(request, reply);
      if (!claim.label)
        return oneClick.sendPage(
          reply,
          'Job alert deleted',
          `<p>${escapeHtml(JOB_ALERT_MESSAGES.gone)}</p>${settingsLink()}`,
        );
      const action = oneClick.unsubscribeAction(
        app,
        '/api/jobAlerts/unsubscribe',
        request.query.token,
      );
      return oneClick.sendPage(
        reply,
        'Turn off this job alert',
        oneClick.unsubscribeButton(
          `<p>Stop e-mails for the job alert <strong>${escapeHtml(claim.label)}</strong>?</p>`,
          action,
          'Your other job alerts stay as they are.',
        ),
      );
    },
  );

  /** One-click unsubscribe (RFC 8058, and the page's button): turns off exactly the token's alert. */
  app.post(
    '/jobAlerts/unsubscribe',
    oneClick.oneClickRouteOptions(
      'jobs',
      'One-click unsubscribe (RFC 8058): turns off the job alert the token names',
      'JSON, or a page for a client that accepts text/html',
    ),
    async (request, reply) => {
      const claim = await app.jobAlerts.unsubscribe(request.query.token);
      if (!claim) return refuse(request, reply);
      const message = claim.label
        ? JOB_ALERT_MESSAGES.unsubscribed(claim.label)
        : JOB_ALERT_MESSAGES.gone;
      if (!wantsHtml(request)) return { success: true, message };
      return oneClick.sendPage(
        reply,
        'You are unsubscribed',
        `<p>${escapeHtml(message)}</p>${settingsLink()}`,
      );
    },
  );
}

const jobAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  oneClick.acceptOneClickForm(app);
  alertListRoutes(app);
  alertChangeRoutes(app);
  unsubscribeRoutes(app);
};

export default jobAlertsRoutes;

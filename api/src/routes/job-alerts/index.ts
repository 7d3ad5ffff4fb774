// Job alerts over HTTP: the caller's own (from the session; another's alert is "not found"), and the
// e-mails' one-click link that turns one alert off without signing in (docs/notifications.md).
import {
  alertHasCriteria,
  createJobAlertRequest,
  errorResponse,
  errorResponses,
  htmlPage,
  JOB_ALERT_MESSAGES,
  JOB_ALERTS_SETTINGS_PATH,
  jobAlertAnswer,
  jobAlertParams,
  jobAlertsAnswer,
  messageAnswer,
  unsubscribeQuery,
  updateJobAlertRequest,
  type JobFilters,
} from '../../contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/errors';
import { escapeHtml } from '../../lib/notification-text';
import { simplePage, wantsHtml } from '../../lib/simple-page';
import { currentUser } from '../../plugins/auth';

/** A link that is not valid: JSON, or a page for a client that accepts text/html. */
const unsubscribeRefusal = {
  description: 'The link is not valid',
  content: { 'application/json': { schema: errorResponse }, 'text/html': { schema: htmlPage } },
};

const pageOrJson = {
  description: 'JSON, or a page for a client that accepts text/html',
  content: {
    'application/json': { schema: messageAnswer },
    'text/html': { schema: htmlPage },
  },
};

const jobAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; the token is in the URL.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

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

  const settingsLink = () =>
    `<p><a href="${escapeHtml(`${app.config.SITE_URL}${JOB_ALERTS_SETTINGS_PATH}`)}">Manage your job alerts</a></p>`;

  const refuse = (request: FastifyRequest, reply: FastifyReply) => {
    reply.code(400);
    if (!wantsHtml(request))
      return reply.send({ success: false, message: JOB_ALERT_MESSAGES.badToken });
    return reply
      .type('text/html; charset=utf-8')
      .send(
        simplePage(
          JOB_ALERT_MESSAGES.badToken,
          `<p>Please use the newest e-mail's link, or turn the alert off on your profile after signing in.</p>${settingsLink()}`,
        ),
      );
  };

  /**
   * The e-mail's link: a page with one button (a GET never changes anything, so link scanners that
   * open every link cannot turn an alert off).
   */
  app.get(
    '/jobAlerts/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: "A job alert e-mail's unsubscribe link: a page with one button (changes nothing)",
        querystring: unsubscribeQuery,
        response: {
          200: { description: 'The page', content: { 'text/html': { schema: htmlPage } } },
          400: unsubscribeRefusal,
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const claim = await app.jobAlerts.readUnsubscribeToken(request.query.token);
      if (!claim) return refuse(request, reply);
      reply.type('text/html; charset=utf-8');
      if (!claim.label)
        return reply.send(
          simplePage(
            'Job alert deleted',
            `<p>${escapeHtml(JOB_ALERT_MESSAGES.gone)}</p>${settingsLink()}`,
          ),
        );
      const action = `${app.config.SITE_URL}/api/jobAlerts/unsubscribe?token=${encodeURIComponent(
        request.query.token,
      )}`;
      return reply.send(
        simplePage(
          'Turn off this job alert',
          `<p>Stop e-mails for the job alert <strong>${escapeHtml(claim.label)}</strong>?</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:10px 16px;font-size:1rem">Unsubscribe</button></form>
<p style="font-size:.9rem;color:#6b7280">Your other job alerts stay as they are.</p>`,
        ),
      );
    },
  );

  /** One-click unsubscribe (RFC 8058, and the page's button): turns off exactly the token's alert. */
  app.post(
    '/jobAlerts/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'One-click unsubscribe (RFC 8058): turns off the job alert the token names',
        querystring: unsubscribeQuery,
        response: { 200: pageOrJson, 400: unsubscribeRefusal, ...errorResponses() },
      },
    },
    async (request, reply) => {
      const claim = await app.jobAlerts.unsubscribe(request.query.token);
      if (!claim) return refuse(request, reply);
      const message = claim.label
        ? JOB_ALERT_MESSAGES.unsubscribed(claim.label)
        : JOB_ALERT_MESSAGES.gone;
      if (!wantsHtml(request)) return { success: true, message };
      return reply
        .type('text/html; charset=utf-8')
        .send(simplePage('You are unsubscribed', `<p>${escapeHtml(message)}</p>${settingsLink()}`));
    },
  );
};

export default jobAlertsRoutes;

// What an e-mail's unsubscribe link needs, for every kind of e-mail that has one (notifications, job
// alerts): the one-click form mail clients POST (RFC 8058), the page with one button, the refusal.
import {
  errorResponse,
  errorResponses,
  htmlPage,
  messageAnswer,
  unsubscribeQuery,
} from '../contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../lib/notification-text';
import { simplePage, wantsHtml } from '../lib/simple-page';
import type { RouteApp } from './route-app';

/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` as a form; the token is in the URL. */
export function acceptOneClickForm(app: RouteApp): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** A link that is not valid: JSON, or a page for a client that accepts text/html. */
export const unsubscribeRefusal = {
  description: 'The link is not valid',
  content: { 'application/json': { schema: errorResponse }, 'text/html': { schema: htmlPage } },
};

/** The link's page (text/html only). */
export const unsubscribePage = {
  description: 'The page',
  content: { 'text/html': { schema: htmlPage } },
};

/** The one-click answer: JSON, or a page for a client that accepts text/html. */
export const unsubscribedAnswer = (description: string) => ({
  description,
  content: {
    'application/json': { schema: messageAnswer },
    'text/html': { schema: htmlPage },
  },
});

/**
 * The options of an unsubscribe link's GET route (public, the token in the query): answers the link's
 * page, or the refusal.
 */
export const pageRouteOptions = (tag: string, summary: string) => ({
  config: { auth: 'public' as const },
  schema: {
    tags: [tag],
    summary,
    querystring: unsubscribeQuery,
    response: { 200: unsubscribePage, 400: unsubscribeRefusal, ...errorResponses() },
  },
});

/**
 * The options of the one-click POST route (public, the token in the query): answers JSON or a page
 * (`description` says which), or the refusal.
 */
export const oneClickRouteOptions = (tag: string, summary: string, description: string) => ({
  config: { auth: 'public' as const },
  schema: {
    tags: [tag],
    summary,
    querystring: unsubscribeQuery,
    response: {
      200: unsubscribedAnswer(description),
      400: unsubscribeRefusal,
      ...errorResponses(),
    },
  },
});

/** Sends a page titled `title` with `body` (HTML, already escaped). */
export const sendPage = (reply: FastifyReply, title: string, body: string) =>
  reply.type('text/html; charset=utf-8').send(simplePage(title, body));

/** 400 with `message`: as JSON, or as a page with `help` (HTML) under it for a browser. */
export function refuseLink(
  request: FastifyRequest,
  reply: FastifyReply,
  message: string,
  help: string,
) {
  reply.code(400);
  if (!wantsHtml(request)) return reply.send({ success: false, message });
  return sendPage(reply, message, help);
}

/**
 * The link's page body: `question` (HTML), one button that POSTs the one-click form to `action` (a GET
 * never changes anything, so link scanners that open every link cannot unsubscribe anyone), `note` under it.
 */
export const unsubscribeButton = (question: string, action: string, note: string) =>
  `${question}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:10px 16px;font-size:1rem">Unsubscribe</button></form>
<p style="font-size:.9rem;color:#6b7280">${note}</p>`;

/** The address the button posts to: `path` on the site with the token. */
export const unsubscribeAction = (app: RouteApp, path: string, token: string) =>
  `${app.config.SITE_URL}${path}?token=${encodeURIComponent(token)}`;

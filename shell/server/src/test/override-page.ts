// The override page as the release-routing tests (remotes/) use it: the override cookie as the browser sends it
// back, the page and one app's form on it, and the form posted.
import type { FastifyInstance } from 'fastify';
import { OVERRIDE_COOKIE } from '../remotes/overrides';

/** The override cookie as the browser sends it back. */
export const overrideCookie = (value: Record<string, string>) =>
  `${OVERRIDE_COOKIE}=${encodeURIComponent(JSON.stringify(value))}`;

/** The override page as the browser with `cookie` gets it. */
export const pageFor = async (server: FastifyInstance, cookie: string) =>
  (await server.inject({ method: 'GET', url: '/release-override', headers: { cookie } })).body;

/** The text of one app's form on the override page, tags left out. */
export const formText = (html: string, app: string) =>
  (new RegExp(`<legend>${app}</legend>(.*?)</fieldset>`).exec(html)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The override page's form posted from the site (localhost:3000) with `headers`. */
export const postOverride = (
  server: FastifyInstance,
  headers: Record<string, string>,
  fields: Record<string, string>,
) =>
  server.inject({
    method: 'POST',
    url: '/release-override',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      host: 'localhost:3000',
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });

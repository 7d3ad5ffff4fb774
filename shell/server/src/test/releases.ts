// What the tests of the release routing (remotes/) share: a store folder of their own, kept releases with their
// manifests, the override cookie as the browser sends it back, and the override page's text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileKey, putJson, recordKey, type LocalStore } from '@referio/release';
import { OVERRIDE_COOKIE } from '../remotes/overrides';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A new temporary folder, removed after the test file. */
export function tmpDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A manifest's shared list: the @referio/shared it provides and the range it requires. */
export const sharedOf = (version: string, requiredVersion: string) => ({
  shared: [{ name: '@referio/shared', version, requiredVersion }],
});

/** A kept release: its record and its manifest (what the deploy guard reads). */
export async function keepRelease(
  store: LocalStore,
  app: string,
  version: string,
  manifest: object,
): Promise<void> {
  await putJson(store, recordKey(app, version), {});
  await putJson(store, fileKey(app, version, 'mf-manifest.json'), manifest);
}

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

// Which release of each remote a visitor gets: the shell server's answer to /remotes.json (and the copy of it in
// every page), made per visitor (docs/releases.md).
// - Static: `--remotes FILE` / REMOTES_FILE: that file, read per request, the same for everyone (tests, and a
//   shell in front of remotes deployed elsewhere).
// - The release store (the default; RELEASE_STORE, else <repo>/.releases, or s3://…): its pointer.json, read at
//   most once a second, so a deploy, rollback or canary is live within a second or two. Each remote's entry is
//   its live release's manifest under the remote's own origin, `<origin>/<version>/mf-manifest.json`
//   (RELEASES_URL, default `http://localhost:{port}/`, names that origin; `{app}` and `{port}` are filled in).
// - Canary: every visitor gets a random bucket 0-99 in the `referio_bucket` cookie (set by the shell server on
//   their first page or /remotes.json, kept a year); a bucket below the canary's percent gets the canary.
// - Override: the `referio_release` cookie (`app@version,…`), set and cleared only by a same-origin POST from
//   the /release-override page; it names kept releases only (anything else is ignored), so no link can make a
//   visitor load an arbitrary URL or someone else's choice.
import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { apps, root } from '../../tools/run/apps.mjs';

export const BUCKET_COOKIE = 'referio_bucket';
export const OVERRIDE_COOKIE = 'referio_release';
const POINTER_TTL_MS = 1000;
const RELEASES_TTL_MS = 5000;
/** An app's folder name in the store (release/src/releases.ts APP_NAME). */
const APP_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * What the shell's servers read of the release store (its layout: release/README.md): the pointer and which
 * releases exist. A folder is read here directly (the servers run without building @referio/release first);
 * an S3 bucket through @referio/release (built by `npm start` and the e2e setup).
 * @param {string | undefined} location RELEASE_STORE: a folder, or s3://bucket/prefix
 */
export async function openStoreView(location = process.env.RELEASE_STORE) {
  const where = location || path.join(root, '.releases');
  if (where.startsWith('s3://')) {
    const { default: release } = await import('@referio/release');
    const store = release.openStore(where);
    return {
      location: store.location,
      dir: null,
      readPointer: () => release.readPointer(store),
      versions: async (app) => (await release.listReleases(store, app)).map((r) => r.version),
    };
  }
  const dir = path.resolve(where);
  return {
    location: dir,
    dir,
    async readPointer() {
      try {
        return JSON.parse(await fs.promises.readFile(path.join(dir, 'pointer.json'), 'utf8'));
      } catch (err) {
        if (err.code === 'ENOENT') return { apps: {} };
        throw err;
      }
    },
    async versions(app) {
      if (!APP_NAME.test(app)) return [];
      try {
        return (await fs.promises.readdir(path.join(dir, 'meta', app)))
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -'.json'.length));
      } catch {
        return [];
      }
    },
  };
}

/** A request's cookies as a Map (the shell server has no cookie plugin). */
export function cookiesOf(req) {
  const out = new Map();
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!out.has(name)) {
      try {
        out.set(name, decodeURIComponent(part.slice(i + 1).trim()));
      } catch {
        // a malformed value: ignored
      }
    }
  }
  return out;
}

/** The visitor's bucket (0-99): the cookie, or the one given to this request by `assignBucket`. */
export function bucketOf(req) {
  if (Number.isInteger(req.raw?.referioBucket)) return req.raw.referioBucket;
  const raw = cookiesOf(req).get(BUCKET_COOKIE);
  return raw !== undefined && /^\d{1,2}$/.test(raw) ? Number(raw) : null;
}

/** Gives a visitor without a bucket a random one, in a cookie, and to this request. */
export function assignBucket(req, reply, { secure = false } = {}) {
  if (bucketOf(req) !== null) return;
  const bucket = randomInt(100);
  req.raw.referioBucket = bucket;
  reply.header(
    'Set-Cookie',
    `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`,
  );
}

/** `app@version,…` from the override cookie, as a Map app -> version (syntax checked, not yet existence). */
export function overridesOf(req) {
  const out = new Map();
  const raw = cookiesOf(req).get(OVERRIDE_COOKIE);
  if (!raw) return out;
  for (const item of raw.split(',')) {
    const at = item.indexOf('@');
    if (at < 1) continue;
    const app = item.slice(0, at);
    const version = item.slice(at + 1);
    if (APP_NAME.test(app) && /^[0-9A-Za-z.+-]{1,100}$/.test(version)) out.set(app, version);
  }
  return out;
}

export const overrideCookieValue = (map) => [...map].map(([a, v]) => `${a}@${v}`).join(',');

/** The remote's origin for its releases: RELEASES_URL with {app} and {port} filled in. */
export function releaseBase(
  app,
  template = process.env.RELEASES_URL || 'http://localhost:{port}/',
) {
  const url = template.replaceAll('{app}', app.dir).replaceAll('{port}', String(app.port));
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * @param {{ remotesFile?: string | null, store?: Awaited<ReturnType<typeof openStoreView>> | null, now?: () => number }} o
 */
export function createRemotes({ remotesFile = null, store = null, now = Date.now } = {}) {
  const remotes = apps.filter((a) => !a.host);

  if (remotesFile) {
    const read = () => JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
    return {
      mode: 'static',
      remotesFile,
      store: null,
      async remotesFor(req) {
        const list = JSON.parse(await fs.promises.readFile(remotesFile, 'utf8'));
        if (req?.raw) req.raw.referioRemotes = list;
        return list;
      },
      originsFor(req) {
        return originsOf(req?.raw?.referioRemotes ?? read());
      },
      async releasesOf() {
        return [];
      },
    };
  }

  if (!store) throw new Error('createRemotes: a remotes file or a store is needed');
  const theStore = store;
  let pointer = { at: 0, value: null, loading: null };
  async function currentPointer() {
    if (pointer.value && now() - pointer.at < POINTER_TTL_MS) return pointer.value;
    pointer.loading ??= theStore
      .readPointer()
      .then((value) => {
        pointer = { at: now(), value, loading: null };
        return value;
      })
      .catch((err) => {
        pointer.loading = null;
        if (pointer.value) return pointer.value; // the store away for a moment: the last known pointer
        throw err;
      });
    return pointer.loading;
  }
  const known = new Map(); // app dir -> { at, versions: Set }
  async function releasesOf(dir) {
    const hit = known.get(dir);
    if (hit && now() - hit.at < RELEASES_TTL_MS) return hit.versions;
    const versions = new Set(await theStore.versions(dir));
    known.set(dir, { at: now(), versions });
    return versions;
  }

  return {
    mode: 'store',
    store: theStore,
    /** The remotes list this visitor gets (and remembered on the request for its page's CSP). */
    async remotesFor(req) {
      const p = await currentPointer();
      const bucket = req ? bucketOf(req) : null;
      const overrides = req ? overridesOf(req) : new Map();
      const list = [];
      for (const app of remotes) {
        const entry = p.apps[app.dir];
        let version = entry?.live;
        if (entry?.canary && bucket !== null && bucket < entry.canary.percent)
          version = entry.canary.version;
        const wanted = overrides.get(app.dir);
        if (wanted && (await releasesOf(app.dir)).has(wanted)) version = wanted;
        if (!version) continue;
        list.push({ name: app.name, entry: `${releaseBase(app)}${version}/mf-manifest.json` });
      }
      if (req?.raw) req.raw.referioRemotes = list;
      return list;
    },
    /** The remote origins for the page's Content-Security-Policy (synchronous: serve.mjs's onSend hook). */
    originsFor(req) {
      if (req?.raw?.referioRemotes) return originsOf(req.raw.referioRemotes);
      return [...new Set(remotes.map((a) => new URL(releaseBase(a)).origin))];
    },
    releasesOf,
  };
}

/** The origins of a remotes list (a relative entry is the page's own origin: 'self'). */
export function originsOf(list) {
  const origins = new Set();
  for (const remote of list) {
    try {
      origins.add(new URL(remote.entry).origin);
    } catch {
      // relative: 'self'
    }
  }
  return [...origins];
}

const escapeHtml = (s) =>
  String(s)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/**
 * The override page (GET /release-override) and its form's target (POST /release-override). The POST is
 * accepted only from this site's own pages: `Sec-Fetch-Site: same-origin` when the browser sends it, and an
 * `Origin` equal to the site's (SITE_URL) or the host the request addressed. The cookie is HttpOnly and
 * SameSite=Strict.
 * @param {import('fastify').FastifyInstance} server
 */
export function registerOverride(server, remotesSource, { siteUrl, secure = false }) {
  const remotes = apps.filter((a) => !a.host);
  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body))),
  );

  server.get('/release-override', async (req, reply) => {
    const overrides = overridesOf(req);
    const p = remotesSource.store ? await remotesSource.store.readPointer() : { apps: {} };
    const rows = [];
    for (const app of remotes) {
      const versions =
        remotesSource.mode === 'store' ? [...(await remotesSource.releasesOf(app.dir))] : [];
      const live = p.apps[app.dir]?.live;
      const mine = overrides.get(app.dir);
      rows.push(
        `<form method="post" action="/release-override"><fieldset><legend>${escapeHtml(app.dir)}</legend>` +
          `<p>Live: ${escapeHtml(live ?? 'none')}. You get: <strong>${escapeHtml(mine && versions.includes(mine) ? `${mine} (override)` : 'what everyone gets')}</strong></p>` +
          `<input type="hidden" name="app" value="${escapeHtml(app.dir)}">` +
          `<label>Release <select name="version">${versions
            .reverse()
            .map(
              (v) =>
                `<option value="${escapeHtml(v)}"${v === mine ? ' selected' : ''}>${escapeHtml(v)}${v === live ? ' (live)' : ''}</option>`,
            )
            .join('')}</select></label> ` +
          `<button type="submit" name="action" value="set">Use this release</button> ` +
          `<button type="submit" name="action" value="clear">Clear</button></fieldset></form>`,
      );
    }
    reply
      .header('Cache-Control', 'no-store')
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Release override — Referio</title></head><body><main><h1>Release override</h1>` +
          `<p>Load a kept release of a remote in this browser only (a cookie). Everyone else keeps the live release.</p>` +
          `${overrides.size ? '<form method="post" action="/release-override"><button type="submit" name="action" value="clear-all">Clear every override</button></form>' : ''}` +
          `${rows.join('')}<p><a href="/">Back to Referio</a></p></main></body></html>`,
      );
  });

  server.post('/release-override', async (req, reply) => {
    const fetchSite = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const own = new Set([siteUrl, `${req.protocol}://${req.headers.host}`]);
    if ((fetchSite && fetchSite !== 'same-origin') || !origin || !own.has(origin)) {
      return reply
        .code(403)
        .type('text/plain')
        .send("An override can only be set from this site's own /release-override page.");
    }
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    const overrides = overridesOf(req);
    if (body.action === 'clear-all') overrides.clear();
    else {
      const app = remotes.find((a) => a.dir === body.app);
      if (!app) return reply.code(400).type('text/plain').send('Unknown app.');
      if (body.action === 'clear') overrides.delete(app.dir);
      else {
        const version = String(body.version ?? '');
        if (!(await remotesSource.releasesOf(app.dir)).has(version)) {
          return reply
            .code(400)
            .type('text/plain')
            .send(`${app.dir} has no release ${version} in the store.`);
        }
        overrides.set(app.dir, version);
      }
    }
    const value = overrideCookieValue(overrides);
    reply.header(
      'Set-Cookie',
      value
        ? `${OVERRIDE_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=86400; SameSite=Strict; HttpOnly${secure ? '; Secure' : ''}`
        : `${OVERRIDE_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict; HttpOnly${secure ? '; Secure' : ''}`,
    );
    return reply.redirect('/release-override', 303);
  });
}

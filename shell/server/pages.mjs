// The shell server's HTML: every page the browser asks for, /robots.txt and /sitemap.xml (shell/server/serve.mjs
// registers this for the shell). How a page's HTML is made (docs/performance.md):
// - The shell's server render (shell/dist/server/render.js, from the shell's own build) matches the URL with
//   the shell's route table and renders the shell's chrome around the page.
// - The page itself comes from the remote that owns it: its server module (the file named by
//   `ssr-manifest.json` beside the `mf-manifest.json` that the visitor's remotes list names) gives the page's component, head
//   and data. Both files are read on every page request, so a remote deployed alone is rendered in its new
//   version at once, with no shell rebuild or restart; each version's module is evaluated once per worker.
//   A remote that does not answer (down, hung: REMOTE_TIMEOUT_MS) is rendered with the last server module it
//   served, for as long as remotes.json names the same entry: its visitors keep getting the page as HTML.
// - The renders run in a pool of worker threads (render-pool.mjs, render-worker.mjs), never on this server's
//   event loop: a remote's server code that spins, crashes or eats memory costs its own page (rendered in the
//   browser instead) and a worker, never the /api proxy or the other pages. Budgets: RENDER_BUDGET_MS per
//   render, RENDER_MEMORY_MB per worker, RENDER_WORKERS workers.
// - A page the remote does not render on the server, a signed-in visitor (the session cookie: their pages
//   depend on what the browser stores), the dashboard, a remote that does not answer or a render that fails:
//   the page as before (index.html with the copy of the visitor's remotes list), rendered in the browser.
// Which release of each remote a visitor gets is `remotesFor(req)`'s answer (shell/server/pointer.mjs).
// Unknown paths answer 404 with the not-found page. Everything here is HTML; the CSP and the other headers are
// added by serve.mjs's onSend hook.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { RenderPool, positiveNumber } from './render-pool.mjs';

/**
 * Only for the bundle budget (tools/bench/bundle.mjs --check): the app's scripts wait for a sign of use, never for
 * idle, so Lighthouse measures the first screen alone, whether or not its run lasts past the idle start (the
 * take-over is measured on its own, from a pointer move).
 */
const HOLD_IDLE = process.env.REFERIO_BENCH_HOLD_IDLE_TAKEOVER === '1';

/** The session cookie the API sets (api/src/…/session): present means the browser holds a signed-in session. */
const SESSION_COOKIE = /(?:^|;\s*)referio_sid=/;
/** How long the server waits for a remote's manifests or its server module before rendering in the browser. */
const REMOTE_TIMEOUT_MS = 2000;
/** How long a page's render (its data included) may take before the page is rendered in the browser instead. */
const RENDER_BUDGET_MS = positiveNumber(process.env.RENDER_BUDGET_MS, 4000);
/** A render worker's heap limit (MB): a render that needs more ends its worker, and the page renders in the browser. */
const RENDER_MEMORY_MB = positiveNumber(process.env.RENDER_MEMORY_MB, 256);
/** After a remote failed to answer, how long its last server module is used without asking it again. */
const STALE_RETRY_MS = 10_000;

const NOT_FOUND_HEAD = {
  title: 'Page not found — Referio',
  description: 'The page you are looking for does not exist or has moved.',
};

const escapeHtml = (s) =>
  String(s)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** JSON for a `<script type="application/json">` block: `<` escaped so the text cannot end the block. */
const jsonBlock = (id, value) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

async function fetchOk(url, as) {
  const res = await fetch(url, {
    cache: 'no-store',
    signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return as === 'json' ? res.json() : res.text();
}

// Whether a request's Accept takes a page: no Accept at all, `*/*` (curl, link-preview bots), `text/*`,
// `text/html` or XHTML, unless refused with q=0. Only a client that names other types alone (e.g.
// `application/json`) gets the plain-text 404 instead of the HTML page.
export function acceptsHtml(accept) {
  if (accept === undefined || String(accept).trim() === '') return true;
  return String(accept)
    .split(',')
    .some((part) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      if (q !== undefined && !(Number(q.slice(2)) > 0)) return false;
      return ['text/html', 'application/xhtml+xml', '*/*', 'text/*'].includes(type.trim());
    });
}

/** SITE_URL: the site's public origin, for canonical links, sharing tags and the sitemap. Checked at boot. */
export function siteUrlFrom(value, fallback) {
  const raw = value || fallback;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `SITE_URL must be an http(s) URL such as https://referio.example, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(
      `SITE_URL must be an http(s) URL such as https://referio.example, got "${raw}"`,
    );
  }
  return url.origin;
}

/**
 * @param {import('fastify').FastifyInstance} server
 * @param {{ dist: string, remotesFor: (req: unknown) => Promise<{ name: string, entry: string }[]>, apiUrl: string, siteUrl: string }} o
 */
export async function registerPages(server, { dist, remotesFor, apiUrl, siteUrl }) {
  const serverBundle = path.join(dist, 'server', 'render.js');
  let shell = null;
  let pool = null;
  let stylesheets = {};
  /** The scripts of the shell's islands chunk group (a page taken over as islands preloads these instead). */
  let islandsPreloads = null;
  if (fs.existsSync(serverBundle)) {
    // React's production build on the server too (its development build is several times slower).
    process.env.NODE_ENV ??= 'production';
    // Here for its route table (matchPage) and head; the renders themselves run in the pool's workers.
    shell = createRequire(import.meta.url)(serverBundle);
    pool = new RenderPool({
      workerData: { serverBundle, apiBaseUrl: `${apiUrl.replace(/\/$/, '')}/api` },
      size: positiveNumber(process.env.RENDER_WORKERS, undefined),
      budgetMs: RENDER_BUDGET_MS,
      memoryMb: RENDER_MEMORY_MB,
    });
    server.addHook('onClose', async () => pool.close());
    stylesheets = JSON.parse(
      fs.readFileSync(path.join(dist, 'server', 'stylesheets.json'), 'utf8'),
    );
    const islandsFile = path.join(dist, 'server', 'islands-preloads.json');
    if (fs.existsSync(islandsFile))
      islandsPreloads = JSON.parse(fs.readFileSync(islandsFile, 'utf8'));
  } else {
    console.warn(
      `shell: no ${path.relative(process.cwd(), serverBundle)}; every page renders in the browser`,
    );
  }

  /**
   * A stylesheet's text, to put in the page itself (`<style data-href>`): no render-blocking request before the
   * first paint (one of them to another origin). The browser build's CSS loader finds the `data-href` and does not
   * fetch the file again. File names are content-hashed, so each text is kept (a bounded number of them).
   */
  const cssTexts = new Map();
  async function cssText(href) {
    let text = cssTexts.get(href);
    if (text === undefined) {
      text = /^https?:/.test(href)
        ? await fetchOk(href, 'text')
        : await fs.promises.readFile(path.join(dist, href.replace(/^\/+/, '')), 'utf8');
      text = text
        .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
        .replace(/<\/style/gi, '<\\/style');
      if (cssTexts.size > 200) cssTexts.clear();
      cssTexts.set(href, text);
    }
    return text;
  }

  /** Each stylesheet in the page (`<style data-href>`), or linked when its text cannot be had. */
  async function stylesheetTags(hrefs) {
    const tags = await Promise.all(
      hrefs.map(async (href) => {
        try {
          return `<style data-href="${escapeHtml(href)}">${await cssText(href)}</style>`;
        } catch {
          return `<link rel="stylesheet" href="${escapeHtml(href)}">`;
        }
      }),
    );
    return tags.join('');
  }

  const readRemotes = async (req) => remotesFor(req);

  /**
   * The last server module each remote served, by remote name: { entry, value, failedAt }, where value is
   * { module: { name, url, code } | null, manifest, base }. Older versions are dropped.
   */
  const lastGood = new Map();

  /** A remote's server module as it serves it now (its code, not evaluated), with its mf-manifest.json. */
  async function freshServerModule(remote, kept) {
    const manifestUrl = new URL(remote.entry);
    const [ssrManifest, manifest] = await Promise.all([
      fetchOk(new URL('ssr-manifest.json', manifestUrl), 'json').catch((err) => {
        if (/answered 404$/.test(err.message)) return {}; // a remote that renders in the browser only
        throw err;
      }),
      fetchOk(manifestUrl, 'json'),
    ]);
    if (typeof ssrManifest.render !== 'string')
      return { module: null, manifest, base: manifestUrl };
    const url = new URL(ssrManifest.render, manifestUrl).href;
    const code =
      kept?.value.module?.url === url ? kept.value.module.code : await fetchOk(url, 'text');
    return { module: { name: remote.name, url, code }, manifest, base: manifestUrl };
  }

  /**
   * A remote's server module: as it serves it now, or, when it does not answer in time, the last one it served
   * from the same entry (asked again after STALE_RETRY_MS).
   */
  async function remoteServerModule(remote) {
    const kept = lastGood.get(remote.name);
    const usable = kept && kept.entry === remote.entry ? kept : null;
    if (usable?.failedAt && Date.now() - usable.failedAt < STALE_RETRY_MS) return usable.value;
    try {
      const value = await withTimeout(
        freshServerModule(remote, usable),
        REMOTE_TIMEOUT_MS,
        `${remote.name}'s server module`,
      );
      lastGood.set(remote.name, { entry: remote.entry, value, failedAt: 0 });
      return value;
    } catch (err) {
      if (!usable) throw err;
      if (!usable.failedAt) {
        console.warn(
          `[pages] ${remote.name} did not answer (${err?.message ?? err}); rendering with its last server module`,
        );
      }
      usable.failedAt = Date.now();
      return usable.value;
    }
  }

  /** The page as the browser builds it: index.html with the copy of the visitor's remotes list (per page). */
  async function template(req) {
    const html = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8');
    let remotes = null;
    try {
      remotes = await remotesFor(req);
    } catch {
      // The shell fetches /remotes.json and reports what is wrong with it.
    }
    return { html, remotes };
  }

  function headTags(head, canonicalPath) {
    const canonical = `${siteUrl}${canonicalPath}`;
    const title = escapeHtml(head.title);
    const description = escapeHtml(head.description);
    // A page's own share image (a job's, 1200×630) shows large; the site's icon small.
    const image = head.image ? `${siteUrl}${head.image}` : `${siteUrl}/icon-512.png`;
    const tags = [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}">`,
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="Referio">`,
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
      `<meta property="og:image" content="${escapeHtml(image)}">`,
    ];
    if (head.image) {
      tags.push(
        `<meta property="og:image:type" content="image/png">`,
        `<meta property="og:image:width" content="1200">`,
        `<meta property="og:image:height" content="630">`,
        `<meta property="og:image:alt" content="${title}">`,
      );
    }
    tags.push(
      `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
      `<meta name="twitter:title" content="${title}">`,
      `<meta name="twitter:description" content="${description}">`,
      `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    );
    // Structured data (a job's JobPosting): `<` escaped so no text in it can end the block.
    if (head.jsonLd && typeof head.jsonLd === 'object') {
      tags.push(
        `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`,
      );
    }
    return tags.join('');
  }

  /**
   * index.html made into this page: its head, and when the server rendered it, the page's HTML, the stylesheets
   * it shows (linked, so it paints styled before any script) and react-query's state for the browser's client.
   */
  async function documentFor(
    { html, remotes },
    { head, canonicalPath, rendered, css = [], islands = false },
  ) {
    // The page's own title, description and sharing tags where index.html has the site's.
    let out = html
      .replace(/<meta name="?description"?[^>]*>/, '')
      .replace(/<title>[^<]*<\/title>/, () => headTags(head, canonicalPath));
    const extra = [];
    if (remotes) extra.push(jsonBlock('referio-remotes', remotes));
    if (rendered) {
      // The shell's start-up stylesheets (the browser build only preloads them), then the page's own, in the page
      // itself: the HTML paints styled before any script runs, with no stylesheet request in front of it.
      const sheets = [];
      out = out.replace(/<link rel="?preload"? as="?style"? href="?([^" >]+)"?>/g, (_m, href) => {
        sheets.push(href);
        return '';
      });
      sheets.push(...css);
      const styles = await stylesheetTags(sheets);
      out = out.replace('</head>', () => `${styles}</head>`);
      out = out.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
      // The app's scripts once the HTML has painted (public/after-paint.js), not beside the HTML.
      const scripts = [];
      const preloads = [];
      out = out
        .replace(/<script defer(?:="defer")? src="?([^" >]+)"?><\/script>/g, (_m, src) => {
          scripts.push(src);
          return '';
        })
        .replace(/<link rel="?preload"? as="?script"? href="?([^" >]+)"?[^>]*>/g, (_m, href) => {
          preloads.push(href);
          return '';
        });
      // A page taken over as islands (shell/src/islands.tsx): the islands' scripts, not the app's.
      const asIslands = islands && islandsPreloads !== null;
      if (asIslands) {
        preloads.splice(0, preloads.length, ...islandsPreloads);
        out = out.replace(/<html([^>]*)>/, (_m, attrs) => `<html${attrs} data-islands>`);
      }
      if (scripts.length) {
        extra.push(
          `<script defer src="/after-paint.js" data-scripts="${escapeHtml(scripts.join(' '))}" data-preloads="${escapeHtml(preloads.join(' '))}"${HOLD_IDLE ? ' data-idle="hold"' : ''}></script>`,
        );
      }
      out = out.replace(
        /<div id="?root"?><\/div>/,
        () => `<div id="root">${rendered.html}</div>${jsonBlock('referio-state', rendered.state)}`,
      );
    }
    return out.replace('</head>', () => `${extra.join('')}</head>`);
  }

  async function page(req, reply) {
    const url = new URL(req.url, siteUrl);
    const match = shell ? shell.matchPage(url.pathname) : { kind: 'browser' };
    const status = match.kind === 'notFound' ? 404 : 200;
    const tpl = await template(req);
    const send = (code, body) =>
      reply.code(code).header('Cache-Control', 'no-cache').type('text/html').send(body);
    const inBrowser = async () => {
      const head =
        match.kind === 'notFound' ? NOT_FOUND_HEAD : (shell?.defaultHead ?? DEFAULT_HEAD);
      return send(status, await documentFor(tpl, { head, canonicalPath: url.pathname }));
    };
    if (match.kind === 'browser' || SESSION_COOKIE.test(req.headers.cookie ?? ''))
      return inBrowser();
    try {
      if (match.kind === 'notFound') {
        const { rendered } = await pool.run({ kind: 'notFound', url: url.href });
        return send(
          404,
          await documentFor(tpl, {
            head: NOT_FOUND_HEAD,
            canonicalPath: url.pathname,
            rendered,
            css: stylesheets['not-found'] ?? [],
          }),
        );
      }
      const remote = (tpl.remotes ?? []).find((r) => r.name === match.remote);
      if (!remote) return inBrowser();
      const { module, manifest, base } = await remoteServerModule(remote);
      if (!module) return inBrowser();
      // The page's component, data and head come from the remote's module: all of it runs in the pool.
      const { rendered, head, islands } = await pool.run({
        kind: 'page',
        url: url.href,
        module: match.module,
        expose: match.expose,
        remote: module,
      });
      if (!rendered) return inBrowser();
      const exposed = manifest.exposes?.find((e) => e.path === match.expose);
      const css = pageStylesheets(manifest, exposed).map((f) => new URL(f, base).href);
      return send(
        head.status ?? 200,
        await documentFor(tpl, {
          head,
          canonicalPath: head.canonical ?? url.pathname,
          rendered,
          css,
          islands,
        }),
      );
    } catch (err) {
      req.log?.warn?.(err);
      console.warn(`[pages] ${url.pathname}: rendered in the browser (${err?.message ?? err})`);
      return inBrowser();
    }
  }

  // Pages answer HTML to any client that takes it (acceptsHtml): browsers, curl, link-preview bots. A path
  // with a file extension is a missing file, not a page: a plain 404, with no render.
  server.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.url.startsWith('/api/') ||
      /\.[A-Za-z0-9]{1,8}$/.test(pathname) ||
      !acceptsHtml(req.headers.accept)
    ) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return page(req, reply);
  });
  server.get('/', page);

  server.get('/robots.txt', async (_req, reply) => {
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /dashboard',
          'Disallow: /api/',
          `Sitemap: ${siteUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  const api = `${apiUrl.replace(/\/$/, '')}/api`;
  /** An API answer as JSON; null for a 404 (an unknown job). */
  async function apiJson(pathAndQuery) {
    const res = await fetch(`${api}${pathAndQuery}`, { signal: AbortSignal.timeout(5000) });
    if (res.status === 404 || res.status === 400) return null;
    if (!res.ok) throw new Error(`${pathAndQuery} answered ${res.status}`);
    return res.json();
  }

  // A job's share image (og:image; share-image.mjs), drawn in the render pool (or here when there is none).
  // Kept by job and last write, so an edit draws a new one; CDNs and previewers may keep it an hour.
  const images = new Map();
  server.get('/og/job/:file', async (req, reply) => {
    const id = /^([0-9a-f-]{36})\.png$/i.exec(req.params.file)?.[1];
    let job = null;
    try {
      job = id ? ((await apiJson(`/jobPost/public/${id}`))?.data ?? null) : null;
    } catch {
      return reply.code(503).header('Retry-After', '5').type('text/plain').send('Try again later');
    }
    if (!job) return reply.code(404).type('text/plain').send('Not found');
    const key = `${job._id}@${job.updatedAt}`;
    let png = images.get(key);
    if (!png) {
      png = pool
        ? Buffer.from((await pool.run({ kind: 'shareImage', job })).png)
        : await (await import('./share-image.mjs')).renderShareImage(job);
      if (images.size >= 200) images.delete(images.keys().next().value);
      images.set(key, png);
    }
    return reply
      .header('Cache-Control', 'public, max-age=3600, stale-while-revalidate=86400')
      .header('ETag', `"${key}"`)
      .type('image/png')
      .send(png);
  });

  const xml = (body) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
  const urlset = (entries) =>
    xml(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
        .map(
          ({ loc, lastmod }) =>
            `<url><loc>${escapeHtml(`${siteUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
        )
        .join('\n')}\n</urlset>`,
    );
  const sendXml = (reply, body) =>
    reply.header('Cache-Control', 'public, max-age=600').type('application/xml').send(body);

  /** The public pages and one page per company, as each remote's server module lists them (`sitemap()`). */
  async function pagePaths(req) {
    const paths = new Set();
    let remotes = [];
    try {
      remotes = await readRemotes(req);
    } catch {
      // no readable remotes.json: no pages
    }
    for (const remote of remotes) {
      try {
        const { module } = await remoteServerModule(remote);
        if (!module || !pool) continue;
        for (const p of (await pool.run({ kind: 'sitemap', remote: module })).paths) paths.add(p);
      } catch (err) {
        console.warn(`[pages] sitemap: ${remote.name} left out (${err?.message ?? err})`);
      }
    }
    return [...paths].map((loc) => ({ loc }));
  }

  /** A page of active jobs (keyset: the ids after `after`), each with its last write. */
  async function jobEntries(after, limit) {
    const q = new URLSearchParams({ limit: String(limit) });
    if (after) q.set('after', after);
    const { data } = await apiJson(`/jobPost/sitemap?${q}`);
    return data.map((j) => ({ loc: `/job-details/${j._id}`, lastmod: j.lastmod }));
  }

  // The sitemap (docs/seo.md): the pages, the companies and every active job with its lastmod, in one file
  // while they fit the protocol's 50,000 URLs; past that a sitemap index of /sitemap-pages.xml and the jobs
  // in files of 50,000 (/sitemap-jobs.xml?after=<the last id of the file before>).
  server.get('/sitemap.xml', async (req, reply) => {
    const pages = await pagePaths(req);
    let jobs = { total: 0, afters: [] };
    try {
      jobs = await apiJson(`/jobPost/sitemap/pages?size=${SITEMAP_MAX_URLS}`);
    } catch (err) {
      console.warn(`[pages] sitemap: jobs left out (${err?.message ?? err})`);
    }
    if (pages.length + jobs.total <= SITEMAP_MAX_URLS) {
      const entries = jobs.total ? await jobEntries(null, SITEMAP_MAX_URLS) : [];
      return sendXml(reply, urlset([...pages, ...entries]));
    }
    const children = [
      '/sitemap-pages.xml',
      ...jobs.afters.map((a) => `/sitemap-jobs.xml${a ? `?after=${a}` : ''}`),
    ];
    return sendXml(
      reply,
      xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children
          .map((c) => `<sitemap><loc>${escapeHtml(`${siteUrl}${c}`)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>`,
      ),
    );
  });
  server.get('/sitemap-pages.xml', async (req, reply) =>
    sendXml(reply, urlset(await pagePaths(req))),
  );
  server.get('/sitemap-jobs.xml', async (req, reply) => {
    const after = req.query?.after;
    if (after !== undefined && !/^[0-9a-f-]{36}$/i.test(String(after)))
      return reply.code(400).type('text/plain').send('after must be a job id');
    return sendXml(reply, urlset(await jobEntries(after ?? null, SITEMAP_MAX_URLS)));
  });
}

/** The most URLs one sitemap file may list (the sitemap protocol's limit); `SITEMAP_MAX_URLS` lowers it for tests. */
const SITEMAP_MAX_URLS = Math.min(50_000, positiveNumber(process.env.SITEMAP_MAX_URLS, 50_000));

/** A stylesheet's content hash (`name.<hash>.css`): two chunks with the same rules have the same one. */
const cssHash = (file) => /\.([0-9a-f]{6,})\.css$/.exec(file)?.[1] ?? file;

/**
 * The stylesheets a server-rendered page shows, as the remote's mf-manifest.json names them: the exposed page's own
 * (`sync`), then those of the site library's entries (`@referio/shared/<entry>`, e.g. the job card's) that its
 * code uses (listed among its `async` stylesheets), in the order the app adds them. Without the latter the HTML
 * would be unstyled in places until the app's scripts have run, and move when they do. One file per content hash.
 */
export function pageStylesheets(manifest, exposed) {
  const entries = new Set();
  for (const shared of manifest?.shared ?? []) {
    if (!String(shared.name).startsWith('@referio/shared/')) continue;
    for (const f of shared.assets?.css?.sync ?? []) entries.add(cssHash(f));
  }
  const seen = new Set();
  const out = [];
  const library = (exposed?.assets?.css?.async ?? []).filter((f) => entries.has(cssHash(f)));
  for (const f of [...(exposed?.assets?.css?.sync ?? []), ...library]) {
    if (seen.has(cssHash(f))) continue;
    seen.add(cssHash(f));
    out.push(f);
  }
  return out;
}

/** The site's own head when the shell has no server bundle (the bundle exports shared's DEFAULT_HEAD). */
const DEFAULT_HEAD = {
  title: 'Referio — get referred to your next job',
  description:
    'Referio connects job seekers with employees who can refer them. Browse companies, request a referral with your resume and chat with your referrer.',
};

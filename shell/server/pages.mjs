// The shell server's HTML: every page the browser asks for, /robots.txt and /sitemap.xml (shell/server/serve.mjs
// registers this for the shell). How a page's HTML is made (docs/performance.md):
// - The shell's server render (shell/dist/server/render.js, from the shell's own build) matches the URL with
//   the shell's route table and renders the shell's chrome around the page.
// - The page itself comes from the remote that owns it: its server module (the file named by
//   `ssr-manifest.json` beside the `mf-manifest.json` that remotes.json lists) gives the page's component, head
//   and data. Both files are read on every page request, so a remote deployed alone is rendered in its new
//   version at once, with no shell rebuild or restart; each version's module is evaluated once.
// - A page the remote does not render on the server, a signed-in visitor (the session cookie: their pages
//   depend on what the browser stores), the dashboard, a remote that does not answer or a render that fails:
//   the page as before (index.html with the copy of remotes.json), rendered in the browser.
// Unknown paths answer 404 with the not-found page. Everything here is HTML; the CSP and the other headers are
// added by serve.mjs's onSend hook.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import federation from '../../tools/build/federation.js';

/** The session cookie the API sets (api/src/…/session): present means the browser holds a signed-in session. */
const SESSION_COOKIE = /(?:^|;\s*)referio_sid=/;
/** How long the server waits for a remote's manifests or its server module before rendering in the browser. */
const REMOTE_TIMEOUT_MS = 2000;
/** How long a page's render (its data included) may take before the page is rendered in the browser instead. */
const RENDER_BUDGET_MS = 4000;

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
 * @param {{ dist: string, remotesFile: string, apiUrl: string, siteUrl: string,
 *   remotesFor?: (req: object) => Promise<object[]> }} o  `remotesFor`: the remotes one request sees (the
 *   file, with a developer's overrides where serve.mjs allows them); default: the file
 */
export async function registerPages(server, { dist, remotesFile, apiUrl, siteUrl, remotesFor }) {
  const serverBundle = path.join(dist, 'server', 'render.js');
  let shell = null;
  let stylesheets = {};
  if (fs.existsSync(serverBundle)) {
    // React's production build on the server too (its development build is several times slower).
    process.env.NODE_ENV ??= 'production';
    shell = createRequire(import.meta.url)(serverBundle);
    shell.configure({ apiBaseUrl: `${apiUrl.replace(/\/$/, '')}/api` });
    stylesheets = JSON.parse(
      fs.readFileSync(path.join(dist, 'server', 'stylesheets.json'), 'utf8'),
    );
  } else {
    console.warn(
      `shell: no ${path.relative(process.cwd(), serverBundle)}; every page renders in the browser`,
    );
  }
  // The shared singletons a remote's server module receives: the shell's own copies (bundled, or from Node
  // beside the shell's bundle), so a page renders with the same React, router and stores as the chrome.
  const nodeRequire = createRequire(serverBundle);
  const sharedRequire = (name) => {
    if (shell && name in shell.bundledShared) return shell.bundledShared[name];
    if (federation.isSharedName(name)) return nodeRequire(name);
    throw new Error(`a remote's server module asked for '${name}', which the site does not share`);
  };

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

  const readRemotes = async () => JSON.parse(await fs.promises.readFile(remotesFile, 'utf8'));
  const remotesOf = remotesFor ?? readRemotes;

  /** The newest server module of each remote: { url, module } by remote name (older versions are dropped). */
  const loaded = new Map();

  /** A remote's server module as it serves it now, with its mf-manifest.json (for the page's stylesheets). */
  async function remoteServerModule(remote) {
    const manifestUrl = new URL(remote.entry);
    const [ssrManifest, manifest] = await Promise.all([
      fetchOk(new URL('ssr-manifest.json', manifestUrl), 'json').catch((err) => {
        if (/answered 404$/.test(err.message)) return {}; // a remote that renders in the browser only
        throw err;
      }),
      fetchOk(manifestUrl, 'json'),
    ]);
    if (typeof ssrManifest.render !== 'string') return { module: {}, manifest, base: manifestUrl };
    const url = new URL(ssrManifest.render, manifestUrl).href;
    let known = loaded.get(remote.name);
    if (!known || known.url !== url) {
      const module = fetchOk(url, 'text').then((code) => {
        const wrapper = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, {
          filename: url,
        });
        const mod = { exports: {} };
        wrapper(mod.exports, sharedRequire, mod);
        return mod.exports;
      });
      known = { url, module };
      loaded.set(remote.name, known);
      module.catch(() => {
        if (loaded.get(remote.name) === known) loaded.delete(remote.name);
      });
    }
    return { module: await known.module, manifest, base: manifestUrl };
  }

  /** The page as the browser builds it: index.html with the copy of remotes.json (read per page). */
  async function template(req) {
    const html = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8');
    let remotes = null;
    try {
      remotes = await remotesOf(req);
    } catch {
      // The shell fetches /remotes.json and reports what is wrong with it.
    }
    return { html, remotes };
  }

  function headTags(head, canonicalPath) {
    const canonical = `${siteUrl}${canonicalPath}`;
    const title = escapeHtml(head.title);
    const description = escapeHtml(head.description);
    const image = `${siteUrl}/icon-512.png`;
    return [
      `<title>${title}</title>`,
      `<meta name="description" content="${description}">`,
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      `<meta property="og:type" content="website">`,
      `<meta property="og:site_name" content="Referio">`,
      `<meta property="og:title" content="${title}">`,
      `<meta property="og:description" content="${description}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
      `<meta property="og:image" content="${image}">`,
      `<meta name="twitter:card" content="summary">`,
      `<meta name="twitter:title" content="${title}">`,
      `<meta name="twitter:description" content="${description}">`,
      `<meta name="twitter:image" content="${image}">`,
    ].join('');
  }

  /**
   * index.html made into this page: its head, and when the server rendered it, the page's HTML, the stylesheets
   * it shows (linked, so it paints styled before any script) and react-query's state for the browser's client.
   */
  async function documentFor({ html, remotes }, { head, canonicalPath, rendered, css = [] }) {
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
      if (scripts.length) {
        extra.push(
          `<script defer src="/after-paint.js" data-scripts="${escapeHtml(scripts.join(' '))}" data-preloads="${escapeHtml(preloads.join(' '))}"></script>`,
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
        const rendered = await withTimeout(shell.renderPage({ url }), RENDER_BUDGET_MS, 'render');
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
      const { module, manifest, base } = await withTimeout(
        remoteServerModule(remote),
        REMOTE_TIMEOUT_MS,
        `${remote.name}'s server module`,
      );
      const serverPage = module.pages?.[match.expose];
      if (!serverPage) return inBrowser();
      const rendered = await withTimeout(
        shell.renderPage({ url, module: match.module, page: serverPage }),
        RENDER_BUDGET_MS,
        'render',
      );
      const head = serverPage.head(url, rendered.state);
      const exposed = manifest.exposes?.find((e) => e.path === match.expose);
      const css = (exposed?.assets?.css?.sync ?? []).map((f) => new URL(f, base).href);
      return send(
        200,
        await documentFor(tpl, {
          head,
          canonicalPath: head.canonical ?? url.pathname,
          rendered,
          css,
        }),
      );
    } catch (err) {
      req.log?.warn?.(err);
      console.warn(`[pages] ${url.pathname}: rendered in the browser (${err?.message ?? err})`);
      return inBrowser();
    }
  }

  server.setNotFoundHandler(async (req, reply) => {
    const accept = req.headers.accept || '';
    if (req.method !== 'GET' || req.url.startsWith('/api/') || !accept.includes('text/html')) {
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

  // The public pages and one page per company, as each remote's server module lists them (`sitemap()`).
  server.get('/sitemap.xml', async (_req, reply) => {
    const paths = new Set();
    let remotes = [];
    try {
      remotes = await readRemotes();
    } catch {
      // no readable remotes.json: an empty sitemap
    }
    for (const remote of remotes) {
      try {
        const { module } = await withTimeout(
          remoteServerModule(remote),
          REMOTE_TIMEOUT_MS,
          remote.name,
        );
        if (typeof module.sitemap !== 'function') continue;
        for (const p of await withTimeout(module.sitemap(), RENDER_BUDGET_MS, 'sitemap'))
          paths.add(p);
      } catch (err) {
        console.warn(`[pages] sitemap: ${remote.name} left out (${err?.message ?? err})`);
      }
    }
    const urls = [...paths].map((p) => `<url><loc>${escapeHtml(`${siteUrl}${p}`)}</loc></url>`);
    reply
      .header('Cache-Control', 'no-cache')
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });
}

/** The site's own head when the shell has no server bundle (the bundle exports shared's DEFAULT_HEAD). */
const DEFAULT_HEAD = {
  title: 'Referio — get referred to your next job',
  description:
    'Referio connects job seekers with employees who can refer them. Browse companies, request a referral with your resume and chat with your referrer.',
};

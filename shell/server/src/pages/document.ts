// index.html made into a page: its head (title, description, canonical, sharing tags, structured data) and, when
// the server rendered it, the page's HTML, the stylesheets it shows (in the page itself, so it paints styled before
// any script) and react-query's state for the browser's client. Every page carries the copy of the visitor's
// remotes list (a JSON data block, which the CSP does not treat as a script).
import fs from 'node:fs';
import path from 'node:path';
import { fetchOk } from '../fetch';
import { escapeHtml, jsonBlock, scriptJson } from '../html';
import type { RemoteEntry } from '../remotes/remotes';
import type { PageHead, Rendered } from '../render/tasks';
import { REMOTE_TIMEOUT_MS } from './remote-modules';

/**
 * Only for the bundle budget (tools/bench/bundle.mjs --check): the app's scripts wait for a sign of use, never for
 * idle, so Lighthouse measures the first screen alone (the take-over is measured on its own, from a pointer move).
 */
const HOLD_IDLE = process.env.REFERIO_BENCH_HOLD_IDLE_TAKEOVER === '1';

/** index.html and the visitor's remotes list (null when it cannot be read: the shell reports it). */
export interface Template {
  html: string;
  remotes: RemoteEntry[] | null;
}

export interface PageContent {
  head: PageHead;
  canonicalPath: string;
  rendered?: Rendered | null;
  /** The page's own stylesheets (after the shell's). */
  css?: string[];
  /** Taken over as islands (shell/src/islands.tsx): the islands' scripts are preloaded, not the app's. */
  islands?: boolean;
  /**
   * The visitor holds a session (a page rendered for everyone): the app's scripts start once the page has painted,
   * not at the first sign of use, and `<html data-session>` hides the header's Login until the app's header is in.
   */
  session?: boolean;
}

/** The title, description, canonical link, sharing tags and structured data of a page. */
export function headTags(head: PageHead, canonicalPath: string, siteUrl: string): string {
  const canonical = escapeHtml(`${siteUrl}${canonicalPath}`);
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  // A page's own share image (a job's, 1200×630) shows large; the site's icon small.
  const image = escapeHtml(head.image ? `${siteUrl}${head.image}` : `${siteUrl}/icon-512.png`);
  const meta = (attr: string, key: string, content: string) =>
    `<meta ${attr}="${key}" content="${content}">`;
  const tags = [
    `<title>${title}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${canonical}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Referio'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', '1200'),
      meta('property', 'og:image:height', '630'),
      meta('property', 'og:image:alt', title),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  );
  // Structured data (a job's JobPosting).
  if (head.jsonLd && typeof head.jsonLd === 'object')
    tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  return tags.join('');
}

/** Takes every match of `re` out of `html`, collecting its first group. */
function extract(html: string, re: RegExp, into: string[]): string {
  return html.replace(re, (_m, value: string) => {
    into.push(value);
    return '';
  });
}

export class DocumentMaker {
  /** Stylesheets' texts by href; file names are content-hashed, so each text is kept (a bounded number). */
  private readonly cssTexts = new Map<string, string>();

  constructor(
    private readonly o: { dist: string; siteUrl: string; islandsPreloads: string[] | null },
  ) {}

  /** The page as the browser builds it: index.html with the copy of the visitor's remotes list. */
  async template(remotesFor: () => Promise<RemoteEntry[]>): Promise<Template> {
    const html = await fs.promises.readFile(path.join(this.o.dist, 'index.html'), 'utf8');
    const remotes = await remotesFor().catch(() => null);
    return { html, remotes };
  }

  /** index.html made into this page. */
  async document({ html, remotes }: Template, page: PageContent): Promise<string> {
    // The page's own title, description and sharing tags where index.html has the site's.
    let out = html
      .replace(/<meta name="?description"?[^>]*>/, '')
      .replace(/<title>[^<]*<\/title>/, () =>
        headTags(page.head, page.canonicalPath, this.o.siteUrl),
      );
    const extra: string[] = [];
    if (remotes) extra.push(jsonBlock('referio-remotes', remotes));
    if (page.rendered) out = await this.withRender(out, page.rendered, page, extra);
    return out.replace('</head>', () => `${extra.join('')}</head>`);
  }

  /** The server's HTML in #root, styled in the page, with the app's scripts after the first paint. */
  private async withRender(html: string, rendered: Rendered, page: PageContent, extra: string[]) {
    // The shell's start-up stylesheets (the browser build only preloads them), then the page's own, in the page
    // itself: the HTML paints styled before any script runs, with no stylesheet request in front of it.
    const sheets: string[] = [];
    let out = extract(html, /<link rel="?preload"? as="?style"? href="?([^" >]+)"?>/g, sheets);
    const styles = await this.stylesheetTags([...sheets, ...(page.css ?? [])]);
    out = out
      .replace('</head>', () => `${styles}</head>`)
      .replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    // The app's scripts once the HTML has painted (public/after-paint.js), not beside the HTML.
    const scripts: string[] = [];
    let preloads: string[] = [];
    out = extract(out, /<script defer(?:="defer")? src="?([^" >]+)"?><\/script>/g, scripts);
    out = extract(out, /<link rel="?preload"? as="?script"? href="?([^" >]+)"?[^>]*>/g, preloads);
    // A page taken over as islands (shell/src/islands.tsx): the islands' scripts, not the app's.
    const marks: string[] = [];
    if (page.islands && this.o.islandsPreloads !== null) {
      preloads = [...this.o.islandsPreloads];
      marks.push(' data-islands');
    }
    if (page.session) marks.push(' data-session');
    out = out.replace(/<html([^>]*)>/, (_m, attrs: string) => `<html${attrs}${marks.join('')}>`);
    if (scripts.length) extra.push(afterPaint(scripts, preloads, page.session === true));
    return out.replace(
      /<div id="?root"?><\/div>/,
      () => `<div id="root">${rendered.html}</div>${jsonBlock('referio-state', rendered.state)}`,
    );
  }

  /** Each stylesheet in the page (`<style data-href>`), or linked when its text cannot be had. */
  private async stylesheetTags(hrefs: string[]): Promise<string> {
    const tags = await Promise.all(
      hrefs.map(async (href) => {
        try {
          return `<style data-href="${escapeHtml(href)}">${await this.cssText(href)}</style>`;
        } catch {
          return `<link rel="stylesheet" href="${escapeHtml(href)}">`;
        }
      }),
    );
    return tags.join('');
  }

  /**
   * A stylesheet's text, to put in the page itself: no render-blocking request before the first paint (one of them
   * to another origin). The browser build's CSS loader finds the `data-href` and does not fetch the file again.
   */
  private async cssText(href: string): Promise<string> {
    const known = this.cssTexts.get(href);
    if (known !== undefined) return known;
    const raw = /^https?:/.test(href)
      ? await fetchOk(href, 'text', REMOTE_TIMEOUT_MS)
      : await fs.promises.readFile(path.join(this.o.dist, href.replace(/^\/+/, '')), 'utf8');
    const text = raw
      .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
      .replace(/<\/style/gi, '<\\/style');
    if (this.cssTexts.size > 200) this.cssTexts.clear();
    this.cssTexts.set(href, text);
    return text;
  }
}

/** The loader of the app's scripts after the first paint (public/after-paint.js). */
const afterPaint = (scripts: string[], preloads: string[], now: boolean): string =>
  `<script defer src="/after-paint.js" data-scripts="${escapeHtml(scripts.join(' '))}" data-preloads="${escapeHtml(preloads.join(' '))}"${HOLD_IDLE ? ' data-idle="hold"' : ''}${now ? ' data-start="now"' : ''}></script>`;

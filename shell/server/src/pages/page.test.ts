// Which requests the server renders (page.ts): sign-in and sign-up like the other public pages, for a visitor
// without the session cookie; the landing (its route `forEveryone`) for a visitor with one too, whose page then
// starts the app once it has painted (after-paint.js `data-start="now"`) and hides the header's Login until then
// (`<html data-session>`); any other page with the cookie is left
// to the browser, unrendered. The pool and the remote's module are stand-ins: what is checked is the decision and
// the document made of the render.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RenderPool } from '../render/render-pool';
import { RenderQuarantine } from '../render/quarantine';
import type { RenderTask } from '../render/tasks';
import { DocumentMaker } from './document';
import { answerPage, type PageDeps } from './page';
import type { PageMatch } from './shell-render';

/** The route table's answers for the paths used here (the shell's own is tested in src/server). */
const ROUTES: Record<string, PageMatch> = {
  '/': {
    kind: 'remote',
    module: 'mfe_public/Landing',
    remote: 'mfe_public',
    expose: './Landing',
    forEveryone: true,
  },
  '/sign-in': {
    kind: 'remote',
    module: 'mfe_public/SignIn',
    remote: 'mfe_public',
    expose: './SignIn',
    forEveryone: false,
  },
  '/sign-up': {
    kind: 'remote',
    module: 'mfe_public/SignUp',
    remote: 'mfe_public',
    expose: './SignUp',
    forEveryone: false,
  },
  '/job-details/1': {
    kind: 'remote',
    module: 'mfe_public/JobDetails',
    remote: 'mfe_public',
    expose: './JobDetails',
    forEveryone: false,
  },
};

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>shell</title>' +
  '<script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

let dir: string;
let server: FastifyInstance;
/** The renders the pool was asked for. */
const asked: Extract<RenderTask, { kind: 'page' }>[] = [];

/** The pool's answer: the page's name in a heading, the landing as islands. */
async function run(task: RenderTask) {
  if (task.kind !== 'page') throw new Error(`unexpected ${task.kind}`);
  asked.push(task);
  const { pathname, search } = new URL(task.url);
  return {
    rendered: {
      status: 200,
      html: `<h1>${task.expose} ${pathname}${search}</h1>`,
      state: { queries: [] },
    },
    head: { title: `${task.expose} — Referio`, description: 'A page.', canonical: pathname },
    islands: task.expose === './Landing',
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-page-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  const deps: PageDeps = {
    render: {
      bundle: { matchPage: (p) => ROUTES[p] ?? { kind: 'notFound' } },
      pool: { run } as unknown as RenderPool,
      stylesheets: {},
      islandsPreloads: ['/islands.js'],
    },
    documents: new DocumentMaker({
      dist: dir,
      siteUrl: 'http://localhost:3000',
      islandsPreloads: ['/islands.js'],
    }),
    modules: {
      of: async () => ({
        module: { name: 'mfe_public', url: 'http://localhost:3001/ssr/render.js', code: '' },
        manifest: { metaData: { buildInfo: { buildVersion: '1.0.0' } } },
        base: new URL('http://localhost:3001/mf-manifest.json'),
      }),
    },
    remotesFor: async () => [
      { name: 'mfe_public', entry: 'http://localhost:3001/mf-manifest.json' },
    ],
    siteUrl: 'http://localhost:3000',
    quarantine: new RenderQuarantine({ report: () => undefined }),
  };
  server = Fastify();
  server.get('/*', (req, reply) => answerPage(deps, req, reply));
  await server.ready();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  asked.length = 0;
});

async function get(url: string, signedIn = false) {
  const res = await server.inject({
    url,
    headers: {
      accept: 'text/html',
      ...(signedIn ? { cookie: 'theme=dark; referio_sid=abc.def' } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The after-paint loader's tag (document.ts): null when the page was not rendered on the server. */
const afterPaintTag = (html: string) =>
  /<script defer src="\/after-paint\.js"[^>]*>/.exec(html)?.[0] ?? null;

describe('the pages the server renders', () => {
  it.each(['/sign-in', '/sign-up'])(
    '%s arrives rendered for a signed-out visitor, the app started on use',
    async (p) => {
      const html = await get(p);
      expect(html).toContain(
        `<div id="root"><h1>./${p === '/sign-in' ? 'SignIn' : 'SignUp'} ${p}</h1>`,
      );
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000${p}">`);
      const tag = afterPaintTag(html);
      expect(tag).toContain('data-scripts="/main.js"');
      expect(tag).not.toContain('data-start');
      expect(html).not.toContain('data-islands');
    },
  );

  it('renders /sign-in with its next page in the address it was asked for, and one canonical address', async () => {
    const html = await get('/sign-in?next=%2Fjob-details%2F1');
    expect(asked.map((t) => t.url)).toEqual([
      'http://localhost:3000/sign-in?next=%2Fjob-details%2F1',
    ]);
    expect(html).toContain('<h1>./SignIn /sign-in?next=%2Fjob-details%2F1</h1>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/sign-in">');
  });

  it('leaves sign-in and a job page to the browser for a visitor with the session cookie', async () => {
    for (const p of ['/sign-in', '/job-details/1']) {
      const html = await get(p, true);
      expect(html).toContain('<div id="root"></div>');
      expect(afterPaintTag(html)).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it('renders the landing for a visitor with the session cookie too, and starts the app once it has painted', async () => {
    const out = await get('/', true);
    expect(out).toContain('<div id="root"><h1>./Landing /</h1>');
    expect(out).toContain('<html lang="en" data-islands data-session>');
    expect(afterPaintTag(out)).toContain('data-start="now"');
    // The same HTML as a signed-out visitor's, but for the start.
    const signedOut = await get('/');
    expect(afterPaintTag(signedOut)).not.toContain('data-start');
    expect(signedOut).toContain('<html lang="en" data-islands>');
    const unmarked = (html: string) =>
      html.replace(' data-start="now"', '').replace(' data-session', '');
    expect(unmarked(signedOut)).toBe(unmarked(out));
  });
});

// The shell's server in front of a stand-in API, over HTTP: which requests get a page (Accept), the security
// headers, request ids, and the /api proxy's own rules (the client's address, the body limit, retries). The same
// server over the real API (its rate limits, its database stalling, the sitemap and share images from its data):
// api/test/shell-*.test.ts.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appByDir } from '@referio/release';
import type { ServerConfig } from './config';
import { fileRemotes } from './remotes/remotes';
import { createServer } from './server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What reached the stand-in API: method, path and headers. */
const arrived: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
/** The server's log lines (LOG_REQUESTS), as JSON. */
const logged: Record<string, unknown>[] = [];

let api: http.Server;
let server: FastifyInstance;
let base: string;
let dir: string;

/** A stand-in API: /api/hangup closes the connection without answering; anything else answers its own headers. */
function standInApi(): http.Server {
  return http.createServer((req, res) => {
    arrived.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/api/hangup')) return void req.socket.destroy();
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true }));
    });
  });
}

function config(apiUrl: string): ServerConfig {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-shell-server-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>',
  );
  const remotesFile = path.join(dir, 'remotes.json');
  const list = [{ name: 'mfe_public', entry: 'http://cdn.example/public/mf-manifest.json' }];
  fs.writeFileSync(remotesFile, JSON.stringify(list));
  return {
    app: appByDir('shell'),
    port: 0,
    host: '127.0.0.1',
    dist: dir,
    store: null,
    remotes: fileRemotes(remotesFile),
    apiUrl,
    siteUrl: 'http://localhost:3000',
    secure: false,
    dev: false,
    logRequests: true,
    deadlineMs: 30_000,
    bodyMaxBytes: 1024 * 1024,
    benchHelloDir: null,
  };
}

beforeAll(async () => {
  api = standInApi();
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const c = config(`http://127.0.0.1:${(api.address() as AddressInfo).port}`);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // no server bundle: pages in the browser
  jest.spyOn(process.stdout, 'write').mockImplementation((line) => {
    if (String(line).startsWith('{'))
      logged.push(JSON.parse(String(line)) as Record<string, unknown>);
    return true;
  });
  server = await createServer(c);
  await server.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => api?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { headers });

describe('pages and Accept', () => {
  it.each([
    ['no Accept header', {}],
    ['*/*', { accept: '*/*' }],
    ['a browser', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }],
  ])('answers a page with HTML to %s, with its policy and its remotes', async (_name, headers) => {
    for (const url of ['/job-details/00000000-0000-4000-8000-000000000000', '/company-list']) {
      const res = await get(url, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('content-security-policy')).toContain(
        "script-src 'self' http://cdn.example https://accounts.google.com/gsi/client",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<script type="application/json" id="referio-remotes">');
    }
  });

  it('answers plain text to a client that wants JSON only, and to a missing file', async () => {
    const json = await get('/job-details/x', { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toContain('text/plain');
    expect((await get('/company-list', { accept: 'text/html;q=0, application/json' })).status).toBe(
      404,
    );
    const file = await get('/missing-chunk.js', { accept: '*/*' });
    expect(file.status).toBe(404);
    expect(await file.text()).toBe('Not found');
  });

  it('answers a page form sent without the app with the page again (303), its fields never in the address', async () => {
    const res = await fetch(`${base}/sign-in?next=%2Fjobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: 'email=someone%40example.com&userType=candidate',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sign-in?next=%2Fjobs');
    const other = await fetch(`${base}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(other.status).toBe(404);
  });
});

describe('request ids', () => {
  const linesOf = async (id: string) => {
    for (let i = 0; i < 100 && !logged.some((l) => l.reqId === id); i++)
      await new Promise((r) => setTimeout(r, 20));
    return logged.filter((l) => l.reqId === id);
  };

  it('echoes a sane X-Request-Id, logs it and passes it on to the API', async () => {
    const id = 'trace-7f3a.2:b_c';
    const res = await get('/api/auth/config', { 'x-request-id': id });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(arrived.at(-1)?.headers['x-request-id']).toBe(id);
    expect(await linesOf(id)).toEqual([
      expect.objectContaining({
        app: 'shell',
        method: 'GET',
        url: '/api/auth/config',
        status: 200,
      }),
    ]);
  });

  it('makes a UUID for a request without one or with a forged one; static answers are logged too', async () => {
    for (const sent of [undefined, 'x'.repeat(129), 'two words', '<script>']) {
      const res = await get('/api/auth/config', sent === undefined ? {} : { 'x-request-id': sent });
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect(arrived.at(-1)?.headers['x-request-id']).toBe(id);
      expect(await linesOf(id)).toHaveLength(1);
    }
    const res = await get('/index.html', { 'x-request-id': 'static-1' });
    expect(res.headers.get('x-request-id')).toBe('static-1');
    expect(await linesOf('static-1')).toEqual([
      expect.objectContaining({ app: 'shell', method: 'GET', url: '/index.html' }),
    ]);
  });
});

describe('the /api proxy', () => {
  it("tells the API the client's address itself: what the client says about it is dropped", async () => {
    await get('/api/auth/me', {
      'x-forwarded-for': '10.0.0.1',
      forwarded: 'for=10.0.1.1',
      'x-real-ip': '10.0.2.1',
      host: 'site.example',
    });
    const { headers } = arrived.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
  });

  it('refuses a body over the limit with 413 and the JSON error; the API never sees it', async () => {
    const before = arrived.length;
    const res = await fetch(`${base}/api/company/getAllCompany`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: 'The request body is too large.' });
    expect(arrived.length).toBe(before);
  });

  it('tries a GET whose connection fails twice at most, a POST, PUT or DELETE once; each answers 503', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const id = `hangup-${method}`;
      const res = await fetch(`${base}/api/hangup`, {
        method,
        headers: { 'x-request-id': id },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        success: false,
        message: 'Service temporarily unavailable. Please try again.',
      });
      const tries = arrived.filter((a) => a.headers['x-request-id'] === id);
      expect(tries).toHaveLength(method === 'GET' ? 2 : 1);
    }
  });
});

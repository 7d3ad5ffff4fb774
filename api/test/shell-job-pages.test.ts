// The shell's server (shell/server/src/pages) in front of a real API: the sitemap lists every active job with its
// lastmod (a sitemap index with keyset-paged job files past the per-file limit), and a job's share image is a cached
// 1200×630 PNG (docs/seo.md). Which requests get a page (Accept) is tested in the shell
// (shell/server/src/server.test.ts); the server-rendered job page itself is e2e/tests/job-pages.spec.ts.
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db';
import { createClock, createTestDatabase, testConfig } from './helper';
import { insertJob, makeUser } from './market-fixtures';
import { startShell, type ShellServer } from './shell-support';

let api: FastifyInstance;
let database: Database;
let shell: ShellServer;
let referrerId = '';

beforeAll(async () => {
  api = await buildApp(testConfig(), {
    database: (database = await createTestDatabase()),
    now: createClock(new Date()).now,
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as net.AddressInfo).port}`;
  // Three URLs a sitemap file, so that a handful of jobs needs an index.
  shell = await startShell(apiUrl, { SITEMAP_MAX_URLS: '3' });
  referrerId = (await makeUser(api, 'ref')).id;
});

afterAll(async () => {
  await shell?.stop();
  await api?.close();
  await database?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${shell.base}${path}`, { headers });

const jobIds = (xml: string) =>
  [...xml.matchAll(/\/job-details\/([0-9a-f-]{36})</g)].map((m) => m[1]);

describe('the sitemap', () => {
  it('lists every active job with its lastmod and leaves closed ones out, then pages them past the limit', async () => {
    const a = (await insertJob(api, referrerId)).id;
    const b = (await insertJob(api, referrerId)).id;
    const closed = (await insertJob(api, referrerId, { status: 'inactive' })).id;

    const one = await get('/sitemap.xml');
    expect(one.headers.get('content-type')).toContain('application/xml');
    const xml = await one.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(jobIds(xml).sort()).toEqual([a, b].sort());
    expect(xml).not.toContain(closed);
    expect(xml).toMatch(
      new RegExp(`/job-details/${a}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z</lastmod>`),
    );

    // Four active jobs and three URLs a file: an index of the pages' file and two job files.
    const c = (await insertJob(api, referrerId)).id;
    const d = (await insertJob(api, referrerId)).id;
    const index = await (await get('/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    const sorted = [a, b, c, d].sort();
    expect(children.map((u) => new URL(u).pathname + new URL(u).search)).toEqual([
      '/sitemap-pages.xml',
      '/sitemap-jobs.xml',
      `/sitemap-jobs.xml?after=${sorted[2]}`,
    ]);
    const seen: string[] = [];
    for (const child of children.slice(1)) {
      const res = await get(new URL(child).pathname + new URL(child).search);
      expect(res.status).toBe(200);
      const file = await res.text();
      expect(jobIds(file).length).toBeLessThanOrEqual(3);
      seen.push(...(jobIds(file) as string[]));
    }
    expect(seen).toEqual(sorted);
    expect((await get('/sitemap-jobs.xml?after=x')).status).toBe(400);
  });
});

describe('the share image', () => {
  it('is a 1200×630 PNG with cache headers; an unknown job has none', async () => {
    const id = (await insertJob(api, referrerId, { jobTitle: 'Site Reliability Engineer' })).id;
    const res = await get(`/og/job/${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=3600, stale-while-revalidate=86400',
    );
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await get('/og/job/00000000-0000-4000-8000-000000000000.png')).status).toBe(404);
    expect((await get('/og/job/nope.png')).status).toBe(404);
  }, 30_000);
});

// Job pages that travel (docs/seo.md): a job's page arrives as HTML to anyone who asks for it (curl and
// link-preview bots send `*/*` or no Accept at all) with its own title, sharing tags, share image and a
// JobPosting; a closed job says so and leaves the sitemap; an unknown job is "Job not found" with 404.
import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { createJobOverApi, signUp } from '../support/session';
import { jobPostingProblems } from '../support/job-posting';

const SITE = 'http://localhost:3000';
const TITLE = 'Platform Engineer <Payments> & "Ops"';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

let openId = '';
let closedId = '';

/** A GET with exactly these headers (Node's http adds no Accept of its own). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    http
      .get(`${SITE}${path}`, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
        );
      })
      .on('error', reject);
  });
}

const ldBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );

async function sitemapLocs(request: APIRequestContext) {
  const res = await request.get('/sitemap.xml', { headers: { accept: '*/*' } });
  expect(res.status()).toBe(200);
  const xml = await res.text();
  expect(xml).toContain('<urlset');
  return xml;
}

test.describe.serial('job pages', () => {
  test('a referrer posts two jobs and closes one', async ({ page }) => {
    const { userId } = await signUp(page, 'Referrer');
    openId = await createJobOverApi(page, userId, TITLE);
    closedId = await createJobOverApi(page, userId, 'Closed Role Engineer');
    const closed = await page.request.put(`/api/jobPost/updateStatus/${closedId}`, {
      data: { status: 'inactive' },
    });
    expect(closed.ok(), await closed.text()).toBe(true);
  });

  test('a job page answers */* with HTML: its title, sharing tags, canonical link and a valid JobPosting', async ({
    request,
  }) => {
    const res = await request.get(`/job-details/${openId}`, { headers: { accept: '*/*' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    const title = 'Platform Engineer &lt;Payments&gt; &amp; &quot;Ops&quot; at Acme Corp — Referio';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    const url = `${SITE}/job-details/${openId}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]*Bengaluru[^"]*">/);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image">`);
    const image = `${SITE}/og/job/${openId}.png`;
    expect(html).toContain(`<meta property="og:image" content="${image}">`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    // The page itself, before any script: the job and its facts.
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Platform Engineer &lt;Payments&gt;');
    expect(root).toContain('Run the platform');

    const [ld, ...more] = ldBlocks(html);
    expect(more).toHaveLength(0);
    expect(jobPostingProblems(ld)).toEqual([]);
    expect(ld).toMatchObject({
      title: TITLE,
      hiringOrganization: { name: 'Acme Corp' },
      employmentType: 'FULL_TIME',
      jobLocation: { address: { addressLocality: '1 Residency Road, Bengaluru' } },
      baseSalary: { currency: 'INR', value: { minValue: 2_000_000, maxValue: 3_000_000 } },
      url,
    });
    // `<` in the job's text is escaped inside the block: no text of a job can end it.
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toContain('<');
    expect(block).toContain('\\u003cPayments>');
  });

  test('its share image is a 1200×630 PNG that caches', async ({ request }) => {
    const res = await request.get(`/og/job/${openId}.png`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['cache-control']).toMatch(/public, max-age=\d+/);
    const png = await res.body();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect((await request.get(`/og/job/${UNKNOWN}.png`)).status()).toBe(404);
  });

  test('pages answer HTML to no Accept header and to */*; only a client that wants other types alone gets plain text', async () => {
    for (const path of [`/job-details/${openId}`, '/company-list']) {
      const none = await rawGet(path);
      expect(none.status, path).toBe(200);
      expect(none.type).toContain('text/html');
      expect(none.body).toContain('<div id="root">');
      const any = await rawGet(path, { accept: '*/*' });
      expect(any.status).toBe(200);
      expect(any.type).toContain('text/html');
    }
    const json = await rawGet(`/job-details/${openId}`, { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(json.type).toContain('text/plain');
  });

  test('a closed job says so, has no JobPosting, and leaves the sitemap; the open one is in it with its lastmod', async ({
    request,
  }) => {
    const html = await (
      await request.get(`/job-details/${closedId}`, { headers: { accept: '*/*' } })
    ).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Closed Role Engineer');
    expect(root).toContain('This job is no longer accepting referral requests.');
    expect(html).toMatch(/<meta name="description" content="[^"]*This job is closed\./);
    expect(ldBlocks(html)).toEqual([]);

    const xml = await sitemapLocs(request);
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>${SITE}/job-details/${openId}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T[^<]+</lastmod></url>`,
      ),
    );
    expect(xml).not.toContain(closedId);
    // Every active job of the API's list is there, and the public pages too.
    const api = (await (await request.get('/api/jobPost/sitemap')).json()) as {
      data: { _id: string }[];
    };
    const jobs = [...xml.matchAll(/\/job-details\/([0-9a-f-]{36})</g)].map((m) => m[1]);
    expect(jobs.sort()).toEqual(api.data.map((j) => j._id).sort());
    expect(xml).toContain(`<loc>${SITE}/company-list</loc>`);
  });

  test('an unknown job is "Job not found" with 404 and a way to the jobs, on the server and in the browser', async ({
    request,
    page,
  }) => {
    for (const headers of [{ accept: '*/*' }, { accept: 'text/html' }]) {
      const res = await request.get(`/job-details/${UNKNOWN}`, { headers });
      expect(res.status()).toBe(404);
      const html = await res.text();
      expect(html).toContain('<title>Job not found — Referio</title>');
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root).toContain('Job not found');
      expect(root).toContain('href="/company-list"');
      expect(root).not.toContain('Try again');
    }
    // In the browser, reached inside the site (no server render): the same screen.
    await page.goto('/company-list');
    await page.evaluate((id) => {
      window.history.pushState({}, '', `/job-details/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, UNKNOWN);
    await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Browse jobs' }).click();
    await expect(page).toHaveURL(/\/company-list$/);
  });
});

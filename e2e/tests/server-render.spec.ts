// Server rendering: the public pages arrive as HTML (rendered by the shell's server with the page from mfe-public's
// server module), React takes them over without a change, and what search engines need is served.
import { expect, test } from '@playwright/test';
import { readState, writeState } from '../support/stack-state';

const SITE = 'http://localhost:3000';

/** Each public page: text its HTML must carry before any script runs, and its title. */
const PAGES = [
  {
    path: '/',
    title: 'Referio — get referred to your next job',
    content: [
      'Get referred to the job you want',
      'Companies hiring through referrals',
      'Amber Cloud',
    ],
  },
  {
    path: '/company-list',
    title: 'Browse companies and jobs — Referio',
    content: ['Browse Companies', 'See Details', 'class="rf-job__title"'],
  },
  {
    path: '/become-a-referral',
    title: 'Become a referrer — Referio',
    content: ['Become a Referrer', 'Expand your network'],
  },
  {
    path: '/premium',
    title: 'Premium — Referio',
    content: ['Early access: all premium features are free', 'For job seekers'],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy — Referio',
    content: ['Who sees your resume'],
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms &amp; Conditions — Referio',
    content: ['Terms and Conditions'],
  },
  {
    path: '/sign-in',
    title: 'Sign in — Referio',
    content: ['Sign In', 'User type', 'LOGIN', 'Register for free'],
    // Nothing to find there: not in the sitemap.
    sitemap: false,
  },
  {
    path: '/sign-up',
    title: 'Create a free account — Referio',
    content: ['Sign Up', 'User type', 'Already have an account?'],
    sitemap: false,
  },
  {
    path: '/refund-cancellation-policy',
    title: 'Refund &amp; Cancellation Policy — Referio',
    content: ['nothing to refund or cancel'],
  },
];

const html = { accept: 'text/html' };

for (const p of PAGES) {
  test(`${p.path} arrives as HTML with its content, title, description, canonical link and sharing tags`, async ({
    request,
  }) => {
    const res = await request.get(p.path, { headers: html });
    expect(res.status()).toBe(200);
    const body = await res.text();
    const root = body.slice(body.indexOf('<div id="root">'));
    for (const text of p.content) expect(root).toContain(text);
    expect(body).toContain(`<title>${p.title}</title>`);
    expect(body.match(/<title>/g)).toHaveLength(1);
    expect(body).toMatch(/<meta name="description" content="[^"]{40,}">/);
    expect(body).toContain(`<link rel="canonical" href="${SITE}${p.path}">`);
    expect(body).toContain(`<meta property="og:title" content="${p.title}">`);
    expect(body).toContain(`<meta property="og:url" content="${SITE}${p.path}">`);
    expect(body).toContain(`<meta name="twitter:title" content="${p.title}">`);
    // The data the page shows travels with it for React's takeover, as a data block (the CSP allows no inline script).
    expect(body).toContain('<script type="application/json" id="referio-state">');
  });
}

test('a company page (from the sitemap) arrives with that company’s jobs and its own title', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  // Companies with open jobs have their page in the sitemap: /company/<id>/<slug>.
  const first = /<loc>http:\/\/localhost:3000(\/company\/([0-9a-f-]{36})(?:\/[^<]*)?)<\/loc>/.exec(
    sitemap,
  );
  expect(first).not.toBeNull();
  const [, path, id] = first!;
  const company = (
    (await (await request.get(`/api/company/${id}`)).json()) as {
      data: { companyName: string; openJobs: number };
    }
  ).data;
  expect(company.openJobs).toBeGreaterThan(0);
  const name = company.companyName.replace(/&/g, '&amp;');
  const page = await request.get(path!, { headers: html });
  expect(page.status()).toBe(200);
  const body = await page.text();
  expect(body).toContain(`<title>${name}: jobs and referrals — Referio</title>`);
  expect(body).toContain(`<link rel="canonical" href="${SITE}${path}">`);
  expect(body).toContain('See Details');
  // The job list filtered by that company still names it, and its cards lead to the company's page.
  const list = await (
    await request.get(`/company-list?company=${encodeURIComponent(id!)}`, { headers: html })
  ).text();
  expect(list).toContain(`<title>${name} jobs — Referio</title>`);
  expect(list).toContain(`>${name}</a></p>`);
});

test('an unknown path answers 404 with the Page not found screen, in the HTML and in the browser', async ({
  page,
  request,
}) => {
  const res = await request.get('/no-such-page', { headers: html });
  expect(res.status()).toBe(404);
  const body = await res.text();
  expect(body).toContain('Page not found');
  expect(body).toContain('<title>Page not found — Referio</title>');

  const visit = await page.goto('/no-such-page');
  expect(visit?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('link', { name: 'Get Referred Now' })).toBeVisible();
});

test('robots.txt, the sitemap of public and company pages, and the web manifest with its icons', async ({
  request,
}) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  expect(robots).toContain('Disallow: /dashboard');

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const p of PAGES.filter((x) => x.sitemap !== false))
    expect(xml).toContain(`<loc>${SITE}${p.path}</loc>`);
  expect(xml).not.toContain(`<loc>${SITE}/sign-in</loc>`);
  expect(xml).toContain(`<loc>${SITE}/company/`);

  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest.name).toBe('Referio');
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

for (const { path, data, heading, islands } of [
  {
    path: '/',
    data: ['/api/company/getAllCompany', '/api/testimonials/'],
    heading: 'Get referred to the job you want',
    // Taken over as islands (shell/src/islands.tsx): its links load the next page from the server.
    islands: true,
  },
  {
    path: '/company-list',
    data: ['/api/jobPost/getAllJobPost'],
    heading: 'Browse Companies',
    islands: false,
  },
]) {
  test(`React takes over ${path} in place: no layout shift, no hydration error, no second fetch of its data`, async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || /hydrat/i.test(msg.text())) warnings.push(msg.text());
    });
    const calls: string[] = [];
    page.on('request', (req) => {
      if (data.some((d) => req.url().includes(d))) calls.push(req.url());
    });
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number; __h1: Element | null };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[])
          w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('DOMContentLoaded', () => {
        w.__h1 = document.querySelector('h1');
      });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Untouched, the page is taken over once it is idle (shell/public/after-paint.js).
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // The heading the server sent is the one React now owns (a fresh render would have replaced it).
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { __h1: Element | null };
        return w.__h1 !== null && w.__h1 === document.querySelector('h1');
      }),
    ).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
    expect(calls).toEqual([]);
    expect(warnings).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Get Premium' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
    await expect(page).toHaveTitle('Premium — Referio');
    if (islands) {
      // Its islands are React's, the rest is HTML: the link loaded the next page from the server.
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-islands'))).toBe(
        false,
      );
      return;
    }
    // And it is React's now: a link moves without a page load.
    expect(
      await page.evaluate(() => (window as unknown as { __h1: Element | null }).__h1?.isConnected),
    ).toBe(false);
  });
}

test('mfe-public stopped: a public page stays as the server rendered it; a page opened in the browser gives the failure message, and Retry brings it back', async ({
  page,
}) => {
  const state = readState();
  const stack = await import('../../tools/run/stack.mjs');
  // The shell's server has rendered the landing with mfe-public's server module before it stops.
  expect(await (await page.request.get('/', { headers: html })).text()).toContain(
    'Get referred to the job you want',
  );
  process.kill(state.pids['mfe-public']!, 'SIGTERM');
  try {
    await expect
      .poll(() =>
        fetch('http://localhost:3001/mf-manifest.json').then(
          () => 'up',
          () => 'down',
        ),
      )
      .toBe('down');
    const kept: string[] = [];
    page.on('console', (msg) => {
      if (/the server's page stays/.test(msg.text())) kept.push(msg.text());
    });
    // A page the app takes over (the landing is taken over as islands: runtime-resilience.spec.ts (c)).
    await page.goto('/become-a-referral');
    // The server renders it with the module it last had; the browser cannot load its code and keeps that HTML.
    await expect(page.getByRole('heading', { level: 1, name: 'Become a Referrer' })).toBeVisible();
    await expect.poll(() => kept.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByText('This part of Referio could not be loaded.')).toHaveCount(0);
    // A page the browser opens itself (the shell's navigation) needs mfe-public's code: the failure message.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Get Premium' })
      .click();
    await expect(page.getByText('This part of Referio could not be loaded.')).toBeVisible({
      timeout: 20_000,
    });
    // The chrome is the shell's and still works.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const child = stack.startStatic('mfe-public', { quiet: true });
    child.unref();
    state.pids['mfe-public'] = child.pid!;
    writeState(state);
    await stack.waitForUrl('http://localhost:3001/mf-manifest.json', 20_000);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible({
      timeout: 20_000,
    });
    // And the next visit arrives as HTML again.
    const body = await (await page.request.get('/', { headers: html })).text();
    expect(body).toContain('Get referred to the job you want');
  } finally {
    const fresh = readState();
    await stack.waitForUrl('http://localhost:3001/mf-manifest.json', 5_000).catch(() => {
      const child = stack.startStatic('mfe-public', { quiet: true });
      child.unref();
      fresh.pids['mfe-public'] = child.pid!;
      writeState(fresh);
    });
  }
});

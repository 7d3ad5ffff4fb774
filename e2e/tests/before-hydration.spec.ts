import { expect, test, type Page } from '@playwright/test';

// The public pages arrive as HTML that works before the app's scripts have run (shell/public/after-paint.js):
// the scripts are held here (page.route) and the visitor acts on the server's HTML, then lets them through and
// acts while React takes the page over.

/** Holds every script but after-paint.js until `release()`: the page stays the server's HTML. */
async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route('**/*', async (route) => {
    const req = route.request();
    if (
      req.resourceType() === 'script' &&
      !new URL(req.url()).pathname.endsWith('/after-paint.js')
    ) {
      held += 1;
      await gate;
    }
    await route.continue().catch(() => undefined);
  });
  return { release, held: () => held };
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]');

/**
 * Waits until the server renders `path` (the first renders after the stack starts may take over the render
 * budget on a busy machine, and then the page is rendered in the browser, which needs the held scripts).
 */
async function serverRenders(page: Page, path: string, text: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await (await page.request.get(path, { headers: { accept: 'text/html' } })).text()
        ).includes(text),
      { timeout: 60_000 },
    )
    .toBe(true);
}

test.beforeEach(async ({ page }) => {
  await serverRenders(page, '/', 'Get referred to the job you want');
  await serverRenders(page, '/company-list', 'rf-job__title');
});

test('before the scripts run: a link opens the next page, a search typed and sent shows its results', async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  // Not waiting for the load event: a script the page asks for before it (a page that came without its data
  // starts the app at once) is held here, and so would the event be.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Get referred to the job you want' }),
  ).toBeVisible();
  // A click is a sign of use: the app's scripts are asked for (and held).
  await page.getByRole('link', { name: 'Get Referred Now' }).click();
  await expect(page).toHaveURL(/\/company-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  expect(scripts.held()).toBeGreaterThan(0);

  const search = page.getByRole('searchbox', { name: 'Search companies and job roles' });
  await search.click();
  await search.pressSequentially('Engineer');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/company-list\?search=Engineer$/);
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('article');
  await expect(jobs.first().getByRole('heading')).toContainText('Engineer');
  await expect(search).toHaveValue('Engineer');
  // All of it without the app: React has not taken any of these pages over.
  await expect(hydrated(page)).toHaveCount(0);
  scripts.release();
});

test('while React takes the page over: text typed before is searched, a button pressed before is done', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  await page.goto('/company-list', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search companies and job roles' });
  await search.click();
  await search.pressSequentially('Engineer');
  // The menu button needs the app: pressed now, it opens once React has the page.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(hydrated(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/company-list$/);

  scripts.release();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  // What was typed stays in the box and becomes the search (the app's debounce, then the URL).
  await expect(search).toHaveValue('Engineer');
  await expect(page).toHaveURL(/\/company-list\?search=Engineer$/);
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('article');
  await expect(jobs.first().getByRole('heading')).toContainText('Engineer');
});

test('nobody touches the page: React takes it over on its own once the page has loaded and is idle', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Get referred to the job you want' }),
  ).toBeVisible();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 30_000 });
  // React's now: a link moves without a page load.
  const h1 = await page.locator('h1').elementHandle();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Get Premium' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  expect(await h1?.evaluate((el) => el.isConnected)).toBe(false);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

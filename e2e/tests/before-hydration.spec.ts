import { expect, test, type Page } from '@playwright/test';
import { readCode, uniqueEmail } from '../support/mailbox';
import { signUp } from '../support/session';

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

/** The header's burger: a native disclosure (`<summary>`), which opens without any script. */
const burger = (page: Page) => page.getByRole('navigation', { name: 'Main' }).locator('summary');
/** A link of the header's menu: visible on a phone only while the menu is open. */
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

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

  const search = page.getByRole('combobox', { name: 'Search companies and job roles' });
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

test('while React takes the page over: text typed before is searched, a menu opened before stays open', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  await page.goto('/company-list', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search companies and job roles' });
  await search.click();
  await search.pressSequentially('Engineer');
  // The menu is the browser's: it opens at once, and stays open when React takes the page over.
  await burger(page).click();
  await expect(menuLink(page, 'Get Premium')).toBeVisible();
  await expect(hydrated(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/company-list$/);

  scripts.release();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(menuLink(page, 'Get Premium')).toBeVisible();
  // What was typed stays in the box and becomes the search (the app's debounce, then the URL).
  await expect(search).toHaveValue('Engineer');
  await expect(page).toHaveURL(/\/company-list\?search=Engineer$/);
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('article');
  await expect(jobs.first().getByRole('heading')).toContainText('Engineer');
});

test('nobody touches the page: React takes it over on its own once the page has loaded and is idle', async ({
  page,
}) => {
  await page.goto('/company-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 30_000 });
  // The app's now: a link moves without a page load.
  const h1 = await page.locator('h1').elementHandle();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Get Premium' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  expect(await h1?.evaluate((el) => el.isConnected)).toBe(false);
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});

test('the landing is taken over as islands: a menu opened before stays open, a carousel button pressed before is done, the subscribe box works, no app scripts, links load the next page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  const held = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html[data-islands]')).toHaveCount(1);
  // The menu opens at once (no script needed), stays open when the header's island is React's, and one
  // press then closes it (not a held press replayed on top), as does Escape.
  await burger(page).click();
  await expect(menuLink(page, 'Get Premium')).toBeVisible();
  // The stories carousel's button needs its island: pressed now, it is done once the island is React's.
  const track = page.getByRole('region', { name: 'Success Stories' }).getByRole('list');
  const before = await track.evaluate((el) => el.scrollLeft);
  await page.getByRole('button', { name: 'Next stories' }).click();
  await expect(hydrated(page)).toHaveCount(0);
  held.release();
  await expect(hydrated(page)).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
  await expect(menuLink(page, 'Get Premium')).toBeVisible();
  await burger(page).click();
  await expect(menuLink(page, 'Get Premium')).toBeHidden();
  await burger(page).click();
  await expect(menuLink(page, 'Get Premium')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menuLink(page, 'Get Premium')).toBeHidden();
  await expect(burger(page)).toBeFocused();

  // The subscribe box checks the address and answers with a toast.
  const box = page.getByRole('region', { name: 'Get new jobs in your inbox' });
  await box.getByLabel('Email for new job alerts').fill('not-an-address');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByRole('alert')).toHaveText('Please enter a valid email address');
  await box.getByLabel('Email for new job alerts').fill(`islands-${Date.now()}@example.com`);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Thanks for subscribing!')).toBeVisible();

  // Nothing of the app came: not its start-up chunk, not the landing page's own module.
  expect(scripts.filter((s) => /\/bootstrap\.[0-9a-f]+\.js$/.test(s))).toEqual([]);
  expect(scripts.filter((s) => s.includes('__federation_expose_Landing'))).toEqual([]);
  expect(scripts.some((s) => s.includes('__federation_expose_StoriesIsland'))).toBe(true);

  // A link is a page load: the server renders the next page, and the app takes that one over.
  await page.getByRole('link', { name: 'Get Referred Now' }).click();
  await expect(page).toHaveURL(/\/company-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-islands'))).toBe(
    false,
  );
});

test('sign-up before the scripts run: the type chosen, the address typed and the button pressed are done once React has taken over; the code leads to next', async ({
  page,
}) => {
  const next = '/company-list';
  const path = `/sign-up?next=${encodeURIComponent(next)}`;
  await serverRenders(page, path, 'Already have an account?');
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Applicant' })).toBeChecked();
  const email = uniqueEmail('before-hydration');
  const sentAt = Date.now() - 1000;
  await page.getByRole('radio', { name: 'Referrer' }).check();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(hydrated(page)).toHaveCount(0);
  expect(scripts.held()).toBeGreaterThan(0);

  scripts.release();
  const firstDigit = page.getByRole('textbox', { name: 'Digit 1 of 4' });
  await expect(firstDigit).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel(/e-?mail/i)).toHaveValue(email);
  await expect(page.getByRole('radio', { name: 'Referrer' })).toBeChecked();
  const code = await readCode(page.request, email, sentAt);
  await firstDigit.focus();
  await page.keyboard.type(code);
  await page.waitForURL(`**${next}`);
  // Signed up as the type chosen before React took over.
  expect(await page.evaluate(() => window.localStorage.getItem('role'))).toBe('referer');
});

test('signed in, the landing arrives as the same HTML, and the app then makes the header theirs', async ({
  page,
}) => {
  await signUp(page);
  const title = 'Get referred to the job you want';
  const served = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
  expect(served.slice(served.indexOf('<div id="root">'))).toContain(title);
  expect(served).toContain('data-start="now"');
  expect(served).toContain('data-session');
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // Its content is there before any script of the app has run.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Companies hiring through referrals' }),
  ).toBeVisible();
  // The header's Login is not theirs: hidden until the app's header, with their name, is in.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Browse Companies' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();
  await expect(hydrated(page)).toHaveCount(0);

  scripts.release();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(hydrated(page)).toHaveCount(1);
  // The app's now: a link moves without a page load (this document's marker stays).
  await page.evaluate(() => {
    (window as unknown as { __same?: boolean }).__same = true;
  });
  await nav.getByRole('link', { name: 'Get Premium' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
});

test.describe('with JavaScript off, on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the header's menu opens on a tap and by keyboard, and its links load the page, on the landing, the company list and a job page", async ({
    page,
  }) => {
    const jobs = (await (await page.request.get('/api/jobPost/sitemap')).json()) as {
      data: { _id: string }[];
    };
    const jobId = jobs.data[0]?._id;
    expect(jobId, 'a job to open').toBeTruthy();
    // Its header is the server's (a render over budget would leave the page to scripts that are off here).
    await serverRenders(page, `/job-details/${jobId}`, 'id="site-menu"');

    await page.goto('/');
    await expect(burger(page)).toHaveAccessibleName('Menu');
    await expect(menuLink(page, 'Browse Companies')).toBeHidden();
    await burger(page).tap();
    await expect(menuLink(page, 'Browse Companies')).toBeVisible();
    await burger(page).tap();
    await expect(menuLink(page, 'Browse Companies')).toBeHidden();
    await burger(page).tap();
    await menuLink(page, 'Browse Companies').tap();
    await expect(page).toHaveURL(/\/company-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();

    // The keyboard: the burger comes right after the logo, Enter opens it, the links come next.
    await expect(menuLink(page, 'Get Premium')).toBeHidden();
    await menuLink(page, 'Referio home').focus();
    await page.keyboard.press('Tab');
    await expect(burger(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menuLink(page, 'Get Premium')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menuLink(page, 'Browse Companies')).toBeFocused();

    await page.goto(`/job-details/${jobId}`);
    await burger(page).tap();
    await menuLink(page, 'Get Premium').tap();
    await expect(page).toHaveURL(/\/premium$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  });
});

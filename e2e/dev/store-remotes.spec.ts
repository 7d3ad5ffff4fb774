import { expect, test } from '@playwright/test';
import { signUp } from '../support/session';

// The dev loop with a release store (start.mjs keeps the built remotes in it, as `npm start` does): the remotes
// that are not on a dev server are served from the store, and the shell on its dev server loads them through their
// stable URLs (remotes.json names http://localhost:<port>/mf-manifest.json). Those answer the live release with
// every file under its version (docs/releases.md): a page of such a remote renders, not the failure card.
const FAILED = 'This part of Referio could not be loaded.';
const CANDIDATE = 'http://localhost:3002';

test('a page of a remote served from the release store loads through its stable URL', async ({
  page,
}) => {
  // A dev page loads many scripts: keep every resource timing entry (the default keeps 250).
  await page.addInitScript(() => performance.setResourceTimingBufferSize(5000));
  // The shell's dev server answers before its first compile is done: wait for the page itself.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Referred Now' })).toBeVisible({
      timeout: 20_000,
    });
  }).toPass({ timeout: 180_000 });
  await signUp(page, 'Applicant');
  // The candidate's dashboard is mfe-candidate's, a remote served from the store here.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Jobs You May Like' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(FAILED)).toHaveCount(0);
  // What this page load fetched from it: the stable manifest (200, no-cache), then the live release's own files.
  const manifest = await page.request.get(`${CANDIDATE}/mf-manifest.json`);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const { metaData } = (await manifest.json()) as { metaData: { remoteEntry: { path: string } } };
  const version = metaData.remoteEntry.path;
  const fetched = await page.evaluate(
    (origin) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((url) => url.startsWith(origin)),
    CANDIDATE,
  );
  expect(fetched).toContain(`${CANDIDATE}/mf-manifest.json`);
  expect(fetched).toContain(`${CANDIDATE}/${version}/remoteEntry.js`);
  for (const url of fetched.filter((u) => !u.endsWith('/mf-manifest.json')))
    expect(url.startsWith(`${CANDIDATE}/${version}/`)).toBe(true);
});

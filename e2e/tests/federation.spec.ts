import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { readState, writeState } from '../support/stack-state';
import { signUp } from '../support/session';

const repo = path.resolve(__dirname, '..', '..');

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

/** Maps every JS file a manifest lists for a shared package to that package's name. */
async function sharedFileOwners(page: Page): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  const remotes = (await (await page.request.get('/remotes.json')).json()) as { entry: string }[];
  const entries = ['http://localhost:3000/mf-manifest.json', ...remotes.map((r) => r.entry)];
  for (const entry of entries) {
    const manifest = (await (await page.request.get(entry)).json()) as { shared: ManifestShared[] };
    for (const s of manifest.shared) {
      for (const f of [...s.assets.js.sync, ...s.assets.js.async])
        owners.set(path.basename(f), s.name);
    }
  }
  return owners;
}

test('React, react-dom, @referio/shared, its contract and react-hook-form are each fetched once across the shell and the remotes', async ({
  page,
}) => {
  const jsFiles: string[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') jsFiles.push(req.url());
  });
  await signUp(page, 'Applicant');
  // Visit pages from three remotes in one page load of the shell.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Candidate mode activated')).toBeVisible();
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/explore$/);
  // The profile form: react-hook-form and the contract's schemas arrive with the first page that has a form.
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Update Profile' })).toBeVisible();

  const owners = await sharedFileOwners(page);
  for (const pkg of [
    'react',
    'react-dom',
    '@referio/shared',
    '@referio/shared/contract',
    'react-hook-form',
  ]) {
    const urls = jsFiles.filter((u) => owners.get(path.basename(new URL(u).pathname)) === pkg);
    // Fetched, from exactly one app (the one whose copy won the singleton negotiation), each file once.
    expect(urls.length, `${pkg} was never fetched`).toBeGreaterThan(0);
    const origins = new Set(urls.map((u) => new URL(u).origin));
    expect([...origins], `${pkg} fetched from ${urls.join(', ')}`).toHaveLength(1);
    expect(new Set(urls).size, `${pkg} fetched twice: ${urls.join(', ')}`).toBe(urls.length);
  }
  const origins = new Set(jsFiles.map((u) => new URL(u).origin));
  expect(origins.size).toBeGreaterThanOrEqual(3); // shell + public + candidate/chat: really composed at run time
});

test('a stopped remote shows the failure message with Retry while the rest of the site keeps working', async ({
  page,
}) => {
  const state = readState();
  const stack = await import('../../tools/run/stack.mjs');
  await signUp(page, 'Applicant');

  process.kill(state.pids['mfe-chat']!, 'SIGTERM');
  try {
    await page.goto('/dashboard/chat');
    await expect(page.getByText('This part of Referio could not be loaded.')).toBeVisible({
      timeout: 20_000,
    });
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    // The frame and the other remotes still work.
    await expect(page.getByText('Candidate mode activated')).toBeVisible();
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Referred Now' })).toBeVisible();

    // Back on the chat page while the remote is still down; bring the server back; Retry loads it in place.
    await page.goto('/dashboard/chat');
    await expect(page.getByText('This part of Referio could not be loaded.')).toBeVisible({
      timeout: 20_000,
    });
    const child = stack.startStatic('mfe-chat', { quiet: true });
    child.unref();
    state.pids['mfe-chat'] = child.pid!;
    writeState(state);
    await stack.waitForUrl('http://localhost:3004/mf-manifest.json', 20_000);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('This part of Referio could not be loaded.')).toHaveCount(0);
  } finally {
    const fresh = readState();
    if (fresh.pids['mfe-chat'] === state.pids['mfe-chat']) {
      // make sure the remote is up for the tests that follow
      await stack.waitForUrl('http://localhost:3004/mf-manifest.json', 5_000).catch(() => {
        const child = stack.startStatic('mfe-chat', { quiet: true });
        child.unref();
        fresh.pids['mfe-chat'] = child.pid!;
        writeState(fresh);
      });
    }
  }
});

test('releasing and deploying one remote with a visible change shows it on reload and in the HTML the shell serves, with no shell rebuild or restart', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stack = await import('../../tools/run/stack.mjs');
  const file = path.join(
    repo,
    'mfe-public',
    'src',
    'features',
    'auth',
    'components',
    'AuthPage.tsx',
  );
  // A page the shell's server renders from the remote's server module.
  const landingFile = path.join(repo, 'mfe-public', 'src', 'pages', 'Landing', 'index.tsx');
  const original = fs.readFileSync(file, 'utf8');
  const landing = fs.readFileSync(landingFile, 'utf8');
  const before = 'Register for free';
  const after = 'Register for free (rebuilt)';
  const hero = 'Get referred to the job you want';
  const heroAfter = 'Get referred to the job you want (rebuilt)';
  expect(original, `${file} should contain '${before}'`).toContain(before);
  expect(landing, `${landingFile} should contain '${hero}'`).toContain(hero);
  const shellManifest = fs.statSync(path.join(repo, 'shell', 'dist', 'index.html')).mtimeMs;
  const landingHtml = async () =>
    (await page.request.get('/', { headers: { accept: 'text/html' } })).text();

  /** `referio-release <args> --json` against the suite's release store. */
  const releaseCli = async (...args: string[]) =>
    JSON.parse(
      (
        await promisify(execFile)(
          process.execPath,
          [path.join(repo, 'release', 'bin', 'referio-release.js'), ...args, '--json'],
          { cwd: repo },
        )
      ).stdout,
    ) as { apps: Record<string, { live: string }> };
  const live = (await releaseCli('status')).apps['mfe-public']!.live;

  await page.goto('/sign-in');
  await expect(page.getByRole('link', { name: before, exact: true })).toBeVisible();
  expect(await landingHtml()).not.toContain(heroAfter);
  try {
    fs.writeFileSync(file, original.replace(before, after));
    fs.writeFileSync(landingFile, landing.replace(hero, heroAfter));
    // Release it (build, keep in the store) and deploy it: what a team does to ship a change.
    await stack.run(
      'npm',
      ['run', 'release', '--silent', '-w', '@referio/mfe-public', '--', '--deploy'],
      { quiet: true },
    );
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: after })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(await landingHtml()).toContain(heroAfter);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: heroAfter })).toBeVisible();
    expect(fs.statSync(path.join(repo, 'shell', 'dist', 'index.html')).mtimeMs).toBe(shellManifest);
  } finally {
    fs.writeFileSync(file, original);
    fs.writeFileSync(landingFile, landing);
    // The release the suite started with, deployed back: nothing is rebuilt (dist/ keeps the changed build until
    // the next `npm start` or suite rebuilds it from the restored source, which is newer).
    await releaseCli('deploy', 'mfe-public', live, '--note', 'e2e: back to the suite build');
  }
  await expect(async () => {
    await page.goto('/sign-in');
    await expect(page.getByRole('link', { name: before, exact: true })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  expect(await landingHtml()).not.toContain(heroAfter);
});

// Releases in the browser (docs/releases.md): a deploy while a user has the site open, a rollback, a canary.
// The suite's stack serves every remote from its own release store (RELEASE_STORE, set by global-setup). The
// second and third mfe-referrer releases are the current build with one visible text changed, kept with
// `referio-release publish --dist` (what CI does with a build it made once): nothing is built here.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp } from '../support/session';

const repo = path.resolve(__dirname, '..', '..');
const cli = path.join(repo, 'release', 'bin', 'referio-release.js');
const HEADING = 'Manage Your Job Posts Effortlessly!';
const FAILED = 'This part of Referio could not be loaded.';

/** `referio-release <args> --json` against the suite's store; its JSON answer. */
async function release<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cli, ...args, '--json', '--by', 'e2e'],
    {
      cwd: repo,
      env: process.env,
    },
  );
  return JSON.parse(stdout) as T;
}

/** The current mfe-referrer build with the Job Posts heading changed: a new release (new content, new version). */
async function releaseWithHeading(suffix: string): Promise<string> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-e2e-dist-'));
  try {
    fs.cpSync(path.join(repo, 'mfe-referrer', 'dist'), dist, { recursive: true });
    let changed = 0;
    for (const file of fs.readdirSync(dist, { recursive: true }) as string[]) {
      if (!file.endsWith('.js')) continue;
      const text = fs.readFileSync(path.join(dist, file), 'utf8');
      if (text.includes(HEADING)) {
        fs.writeFileSync(path.join(dist, file), text.replaceAll(HEADING, `${HEADING} ${suffix}`));
        changed++;
      }
    }
    expect(changed, 'the heading is in the build').toBeGreaterThan(0);
    const out = await release<{ version: string }>('publish', 'mfe-referrer', '--dist', dist);
    return out.version;
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/** The shell's current build with one file added: a release of its own (a new version), nothing built. */
async function anotherShellRelease(): Promise<string> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'referio-e2e-shell-'));
  try {
    fs.cpSync(path.join(repo, 'shell', 'dist'), dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'pinned.txt'), `a shell release to pin (${Date.now()})`);
    return (await release<{ version: string }>('publish', 'shell', '--dist', dist)).version;
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

const liveVersion = async (): Promise<string> =>
  (await release<{ apps: Record<string, { live: string }> }>('status')).apps['mfe-referrer']!.live;

/** The errors a page reports that mean a chunk or a remote did not load. */
function watchLoadErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (
      m.type() === 'error' &&
      /ChunkLoadError|Loading chunk|Loading script failed/i.test(m.text())
    )
      errors.push(m.text());
  });
  return errors;
}

async function referrerOnRequests(page: Page): Promise<void> {
  await signUp(page, 'Referrer');
  await page.goto('/dashboard/referralRequests');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Requests' })).toBeVisible({
    timeout: 20_000,
  });
}

test.describe.serial('releases', () => {
  let original: string;
  let v2: string;

  test.beforeAll(async () => {
    original = await liveVersion();
  });

  test.afterAll(async () => {
    // The rest of the suite expects the build it started with.
    const status = await release<{ apps: Record<string, { live: string; canary?: unknown }> }>(
      'status',
    );
    if (status.apps['mfe-referrer']?.canary) await release('abort', 'mfe-referrer');
    if ((await liveVersion()) !== original)
      await release('deploy', 'mfe-referrer', original, '--note', 'e2e: back to the suite build');
  });

  test('a new release deployed while a user has the site open: the next page loads, a reload shows the new text', async ({
    page,
  }) => {
    const errors = watchLoadErrors(page);
    await referrerOnRequests(page);
    v2 = await releaseWithHeading('(release 2)');
    expect(v2).not.toBe(original);
    const deployed = await release<{ from: string; to: string; by: string; note: string }>(
      'deploy',
      'mfe-referrer',
      v2,
      '--note',
      'e2e: the new heading',
    );
    expect(deployed).toMatchObject({
      from: original,
      to: v2,
      by: 'e2e',
      note: 'e2e: the new heading',
    });

    // A page this tab has not loaded yet: its chunk comes from the release the tab started with, still served.
    await page.getByRole('link', { name: 'Job Posts', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(FAILED)).toHaveCount(0);
    expect(errors).toEqual([]);
    // The shell noticed the newer release of a remote this tab runs (on the route change, or when the tab gets
    // focus): it says so, and reloads only when asked.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(page.getByText('A new version of Referio is available')).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

    await expect(async () => {
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: `${HEADING} (release 2)` }),
      ).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('rollback brings the previous release back within 5 s, with nothing built', async ({
    page,
  }) => {
    await referrerOnRequests(page);
    await page.goto('/dashboard/jobPosts');
    await expect(
      page.getByRole('heading', { level: 1, name: `${HEADING} (release 2)` }),
    ).toBeVisible({
      timeout: 20_000,
    });
    const manifest = path.join(repo, 'mfe-referrer', 'dist', 'mf-manifest.json');
    const builtAt = fs.statSync(manifest).mtimeMs;
    const versions = async () =>
      (await release<{ version: string }[]>('list', 'mfe-referrer')).map((r) => r.version);
    const releasesBefore = await versions();

    const t0 = Date.now();
    const rolled = await release<{ from: string; to: string; action: string }>(
      'rollback',
      'mfe-referrer',
      '--note',
      'e2e: heading broken',
    );
    expect(rolled).toMatchObject({ action: 'rollback', from: v2, to: original });
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: HEADING, exact: true })).toBeVisible(
        {
          timeout: 1_000,
        },
      );
    }).toPass({ timeout: 30_000, intervals: [100, 250, 250, 500] });
    // Live by the pointer alone (nothing rebuilt, below); how fast is the releases benchmark's
    // (tools/bench/releases.mjs), not a bound a loaded machine could miss.
    const seconds = (Date.now() - t0) / 1000;
    console.log(`rollback: the previous release shown ${seconds.toFixed(2)} s after the command`);

    // Nothing was built or released: the build and the store's releases are as they were.
    expect(fs.statSync(manifest).mtimeMs).toBe(builtAt);
    expect(await versions()).toEqual(releasesBefore);
    const history = await release<{ action: string; to: string }[]>('history', 'mfe-referrer');
    expect(history.slice(-2).map((e) => `${e.action} ${e.to}`)).toEqual([
      `deploy ${v2}`,
      `rollback ${original}`,
    ]);
  });

  test('a 50 % canary: two visitors in different buckets get different releases, each the same on every reload', async ({
    browser,
  }) => {
    const canary = await releaseWithHeading('(canary)');
    await release('canary', 'mfe-referrer', canary, '--percent', '50', '--note', 'e2e: half');

    // The shell server gives each new visitor a random bucket (0-99, cookie referio_bucket); a bucket below the
    // percent gets the canary. These two visitors come with their buckets set: 10 (canary) and 90 (live).
    const visitor = async (b: Browser, bucket: number) => {
      const context = await b.newContext();
      await context.addCookies([
        { name: 'referio_bucket', value: String(bucket), url: 'http://localhost:3000' },
      ]);
      const page = await context.newPage();
      await referrerOnRequests(page);
      return { context, page };
    };
    const inCanary = await visitor(browser, 10);
    const onLive = await visitor(browser, 90);
    try {
      for (let i = 0; i < 3; i++) {
        await inCanary.page.goto('/dashboard/jobPosts');
        await expect(
          inCanary.page.getByRole('heading', { level: 1, name: `${HEADING} (canary)` }),
        ).toBeVisible({ timeout: 20_000 });
        await onLive.page.goto('/dashboard/jobPosts');
        await expect(
          onLive.page.getByRole('heading', { level: 1, name: HEADING, exact: true }),
        ).toBeVisible({ timeout: 20_000 });
      }
      // The bucket the server set is the one the visitor keeps.
      const cookies = await inCanary.context.cookies('http://localhost:3000');
      expect(cookies.find((c) => c.name === 'referio_bucket')?.value).toBe('10');
    } finally {
      await inCanary.context.close();
      await onLive.context.close();
    }
    await release('abort', 'mfe-referrer', '--note', 'e2e: done');
  });

  test('a shell release pinned on /release-override: this browser gets its pages until the override is cleared', async ({
    page,
  }) => {
    const shellLive = (await release<{ apps: Record<string, { live: string }> }>('status')).apps
      .shell!.live;
    const pinned = await anotherShellRelease();
    const shellOf = async (url: string) =>
      (await page.goto(url))?.headers()['referio-shell-release'];
    expect(await shellOf('/')).toBe(shellLive);

    await page.goto('/release-override');
    const form = page.getByRole('group', { name: 'shell' });
    await expect(form).toContainText(`This browser gets: ${shellLive} (live)`);
    await form.getByLabel('Release').selectOption(pinned);
    await form.getByRole('button', { name: 'Use this release' }).click();
    await expect(form).toContainText(`This browser gets: ${pinned} (your override)`);
    await expect(form).not.toContainText('This page was answered by');

    // Its pages, its /remotes.json and the site working in it.
    expect(await shellOf('/')).toBe(pinned);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Get referred to the job you want' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(FAILED)).toHaveCount(0);
    const remotes = await page.request.get('/remotes.json');
    expect(remotes.headers()['referio-shell-release']).toBe(pinned);

    await page.goto('/release-override');
    await form.getByRole('button', { name: 'Clear' }).click();
    await expect(form).toContainText(`This browser gets: ${shellLive} (live)`);
    expect(await shellOf('/')).toBe(shellLive);
  });
});

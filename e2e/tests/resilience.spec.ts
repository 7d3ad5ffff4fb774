import { expect, test } from '@playwright/test';
import { readState, writeState } from '../support/stack-state';
import { signUp } from '../support/session';
import { e2eApiEnv } from '../support/api-env';

const API_HEALTH = 'http://localhost:4000/api/health';
// The profile form's own sentence for a failed save (a 5xx or no answer), from the spec.
const SAVE_FAILED = 'Error updating profile.Please try again.';

const apiEnv = e2eApiEnv;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the API restarted mid-session: the page says so, then the signed-in user keeps working', async ({
  page,
}) => {
  const stack = await import('../../tools/run/stack.mjs');
  const state = readState();
  await signUp(page, 'Applicant');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const fullName = page.getByLabel('Full Name');
  await fullName.fill('Before Restart');
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  const apiPid = state.pids.api!;
  process.kill(apiPid, 'SIGTERM');
  try {
    await expect.poll(() => alive(apiPid), { timeout: 15_000 }).toBe(false);

    // While it is down: a clear message, and the user is still signed in on the same page.
    await fullName.fill('During Restart');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText(SAVE_FAILED)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account:/ })).toBeVisible();

    const child = stack.startApi({ env: apiEnv(state.dataDir), quiet: true });
    child.unref();
    state.pids.api = child.pid!;
    writeState(state);
    await stack.waitForUrl(API_HEALTH, 60_000);

    // Back: the same session (the cookie lives in the database, not in the process) keeps working.
    await fullName.fill('After Restart');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!').last()).toBeVisible();
    // Away and back: the page reads the profile again through the same session.
    await page
      .getByRole('navigation', { name: 'Dashboard pages' })
      .getByRole('link', { name: 'Explore', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('After Restart');
  } finally {
    const fresh = readState();
    if (!alive(fresh.pids.api!)) {
      const child = stack.startApi({ env: apiEnv(fresh.dataDir), quiet: true });
      child.unref();
      fresh.pids.api = child.pid!;
      writeState(fresh);
    }
    await stack.waitForUrl(API_HEALTH, 60_000);
  }
});

test("the shell's pages carry the security headers and the site runs under its CSP", async ({
  page,
  context,
}) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(msg.text()))
      violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });

  const res = await page.goto('/');
  const headers = res!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toContain("'self'");
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(scriptSrc).not.toContain('unsafe-eval');
  const remotes = (await (await page.request.get('/remotes.json')).json()) as { entry: string }[];
  for (const r of remotes) expect(scriptSrc).toContain(new URL(r.entry).origin);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

  // Pages from every remote render under the policy.
  await expect(page.getByRole('link', { name: 'Get Referred Now' })).toBeVisible();
  await signUp(page, 'Applicant');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Candidate mode activated')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your referral requests' })).toBeVisible();
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Chat' })).toBeVisible();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('link', { name: 'Browse Companies' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Companies' })).toBeVisible();
  expect(violations).toEqual([]);

  // An inline script is refused by the page's policy.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.join('\n')).toContain('script-src');

  const session = (await context.cookies()).find((c) => c.name === 'referio_sid');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
});

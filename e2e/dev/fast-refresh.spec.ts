import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// React Fast Refresh (docs/teams.md, "The dev loop"): an edit to a remote's component, saved while the page
// is open, updates it in place: no reload, and the text typed in the form stays. The component edited is the
// sign-in page's e-mail step (mfe-public, a file that exports components only, as Fast Refresh needs: an edit to
// a file that also exports values reloads the page).
const file = path.resolve(
  __dirname,
  '..',
  '..',
  'mfe-public',
  'src',
  'features',
  'auth',
  'components',
  'EmailStep.tsx',
);
const LEGEND = '<legend className="rf-auth__legend">User type</legend>';
const EDITED = '<legend className="rf-auth__legend">User type (edited in dev)</legend>';

let original = '';
test.beforeAll(() => {
  original = fs.readFileSync(file, 'utf8');
  expect(original).toContain(LEGEND);
});
test.afterAll(() => {
  if (original) fs.writeFileSync(file, original);
});

test('an edit to a component keeps the text typed in a form on the page', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
  // The shell's dev server answers before its first compile is done: wait for the page itself.
  await expect(async () => {
    await page.goto('/sign-in');
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 20_000 });
  }).toPass({ timeout: 180_000 });
  const email = page.getByLabel('Email');
  await email.fill('typed.before@edit.example');
  // A full reload would clear this.
  await page.evaluate(() => Object.assign(window, { __beforeEdit: true }));

  fs.writeFileSync(file, original.replace(LEGEND, EDITED));

  await expect(page.getByText('User type (edited in dev)')).toBeVisible({ timeout: 120_000 });
  const reloaded = !(await page.evaluate(
    () => (window as { __beforeEdit?: boolean }).__beforeEdit,
  ));
  expect(reloaded, `the page reloaded instead of updating in place:\n${logs.join('\n')}`).toBe(
    false,
  );
  await expect(email).toHaveValue('typed.before@edit.example');
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// React Fast Refresh (docs/teams.md, "The dev loop"): an edit to a remote's component, saved while the page
// is open, updates it in place: no reload, and the text typed in the form stays.
const page = path.resolve(
  __dirname,
  '..',
  '..',
  'mfe-public',
  'src',
  'pages',
  'ContactUs',
  'index.tsx',
);
const HEADING = '<h1 id="rf-contact-title">Contact Us</h1>';
const EDITED = '<h1 id="rf-contact-title">Contact Us (edited in dev)</h1>';

let original = '';
test.beforeAll(() => {
  original = fs.readFileSync(page, 'utf8');
  expect(original).toContain(HEADING);
});
test.afterAll(() => {
  if (original) fs.writeFileSync(page, original);
});

test('an edit to a component keeps the text typed in a form on the page', async ({ page: tab }) => {
  // The shell's dev server answers before its first compile is done: wait for the page itself.
  await expect(async () => {
    await tab.goto('/contact-us');
    await expect(tab.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible({
      timeout: 20_000,
    });
  }).toPass({ timeout: 180_000 });
  const message = tab.getByLabel('Message');
  await message.fill('Typed before the edit');
  await tab.getByLabel('First name').fill('Ada');
  // A full reload would clear this.
  await tab.evaluate(() => Object.assign(window, { __beforeEdit: true }));

  fs.writeFileSync(page, original.replace(HEADING, EDITED));

  await expect(
    tab.getByRole('heading', { level: 1, name: 'Contact Us (edited in dev)' }),
  ).toBeVisible({ timeout: 120_000 });
  await expect(message).toHaveValue('Typed before the edit');
  await expect(tab.getByLabel('First name')).toHaveValue('Ada');
  expect(await tab.evaluate(() => (window as { __beforeEdit?: boolean }).__beforeEdit)).toBe(true);
});

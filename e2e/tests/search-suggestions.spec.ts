import { expect, test, type Page } from '@playwright/test';

// The landing's search box and its suggestions (docs/search.md): typed on the server's page, the island
// takes it over and suggests titles, skills, companies and places; a suggestion opens its job list.

const box = (page: Page) => page.getByRole('combobox', { name: 'Search companies and job roles' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });

test('on a phone: type on the landing, tap a suggestion, land on the list of its jobs', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await box(page).click();
  // A few letters: several kinds at once.
  await box(page).pressSequentially('de', { delay: 80 });
  await expect(suggestions(page).getByRole('option').nth(2)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('suggestions-390x844-de.png') });
  await box(page).fill('');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await box(page).pressSequentially('kube', { delay: 80 });
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true', { timeout: 30_000 });
  const option = suggestions(page).getByRole('option', { name: 'Kubernetes, Skill' });
  await expect(option).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('suggestions-390x844.png') });

  await option.click();
  await expect(page).toHaveURL(/\/company-list\?search=Kubernetes$/);
  await expect(box(page)).toHaveValue('Kubernetes');
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('article');
  await expect(jobs.first()).toBeVisible();
  await expect(jobs.first()).toContainText('Kubernetes');
  await expect(page.getByRole('status').filter({ hasText: 'found' })).toBeVisible();

  // The list's own box suggests too.
  await box(page).fill('');
  await box(page).pressSequentially('rea', { delay: 80 });
  await expect(suggestions(page).getByRole('option', { name: 'React, Skill' })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: testInfo.outputPath('list-suggestions-390x844.png') });
});

test('on a laptop: the keyboard picks a company from the suggestions and opens its jobs', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const tile = page
    .getByRole('list', { name: 'Companies' })
    .getByRole('link')
    .filter({ hasText: /\d+ jobs?$/ })
    .first();
  const name = ((await tile.locator('.rf-company-tile__name').textContent()) ?? '').trim();
  expect(name.length).toBeGreaterThan(3);

  await box(page).click();
  await box(page).pressSequentially('s', { delay: 80 });
  await expect(suggestions(page).getByRole('option').nth(4)).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('suggestions-1280x900-s.png') });
  await box(page).fill('');
  // Most of its name: a few letters may begin more companies than the three suggested.
  await box(page).pressSequentially(name.slice(0, Math.max(4, name.length - 2)), { delay: 80 });
  const wanted = `${name}, Company`;
  await expect(suggestions(page).getByRole('option', { name: wanted })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: testInfo.outputPath('suggestions-1280x900.png') });

  const names = await suggestions(page)
    .getByRole('option')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  for (let i = 0; i <= names.indexOf(wanted); i++) await box(page).press('ArrowDown');
  await expect(suggestions(page).getByRole('option', { name: wanted })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/company-list\?company=[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('list', { name: 'Active filters' }).getByText(`Company: ${name}`),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Jobs' }).getByRole('article').first()).toBeVisible();
});

test('before any script runs, the landing box is a form that opens the searched list', async ({
  page,
}) => {
  await page.route('**/*.js', (route) =>
    new URL(route.request().url()).pathname.endsWith('/after-paint.js')
      ? route.continue()
      : route.abort(),
  );
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await box(page).fill('Kubernetes');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/company-list\?search=Kubernetes$/);
  await expect(page.locator('.rf-job__title').first()).toBeVisible();
});

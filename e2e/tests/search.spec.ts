import { expect, test } from '@playwright/test';

// Job search and discovery: filters in the URL beside the search and the page, shown as
// removable chips, surviving reload and Back; a company tile opens that company's jobs.

test('a visitor filters the job list by job type and location type, reloads, and goes Back', async ({
  page,
}) => {
  await page.goto('/company-list');
  const jobs = page.getByRole('list', { name: 'Jobs' }).getByRole('article');
  await expect(jobs.first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Job type' }).selectOption('Full-time');
  await expect(page).toHaveURL(/\/company-list\?jobType=Full-time$/);
  await page.getByRole('combobox', { name: 'Location type' }).selectOption('Remote');
  await expect(page).toHaveURL(/\/company-list\?jobType=Full-time&location=Remote$/);

  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByText('Job type: Full-time')).toBeVisible();
  await expect(chips.getByText('Location type: Remote')).toBeVisible();
  // Every job shown is a full-time remote one.
  await expect(jobs.first()).toBeVisible();
  for (const card of await jobs.all()) {
    await expect(card.getByRole('definition').first()).toHaveText('Full-time');
    await expect(card).toContainText('· Remote');
  }
  const firstTitle = await jobs.first().getByRole('heading').textContent();

  // A reload keeps the filters, the chips and the list.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Job type' })).toHaveValue('Full-time');
  await expect(page.getByRole('combobox', { name: 'Location type' })).toHaveValue('Remote');
  await expect(chips.getByText('Location type: Remote')).toBeVisible();
  await expect(jobs.first().getByRole('heading')).toHaveText(firstTitle ?? '');

  // Back undoes the last filter.
  await page.goBack();
  await expect(page).toHaveURL(/\/company-list\?jobType=Full-time$/);
  await expect(page.getByRole('combobox', { name: 'Location type' })).toHaveValue('');
  await expect(chips.getByText('Location type: Remote')).toHaveCount(0);

  // A chip removes its filter; the search box combines with what is left.
  await page.getByRole('button', { name: 'Remove filter Job type: Full-time' }).click();
  await expect(page).toHaveURL(/\/company-list$/);
  await expect(page.getByRole('combobox', { name: 'Job type' })).toBeFocused();
});

test('a company tile on the landing page opens that company’s page with its jobs', async ({
  page,
}) => {
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Companies' });
  const tile = grid
    .getByRole('link')
    .filter({ hasText: /\d+ jobs?$/ })
    .first();
  await expect(tile).toBeVisible();
  const name = (await tile.locator('.rf-company-tile__name').textContent()) ?? '';
  const count = Number((await tile.locator('.rf-company-tile__jobs').textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(0);

  await tile.click();
  await expect(page).toHaveURL(/\/company\/[0-9a-f-]{36}\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('dl.rf-company__counts')).toContainText(`Open jobs${count}`);
  const jobs = page.getByRole('list', { name: `Open jobs at ${name}` }).getByRole('article');
  await expect(jobs).toHaveCount(Math.min(count, 9));
  for (const card of await jobs.all()) {
    await expect(card.locator('.rf-job__company')).toHaveText(name);
  }
});

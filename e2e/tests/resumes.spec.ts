// Named resumes on a phone (390x844): the candidate uploads two resumes on their profile, names the second,
// sends a request choosing it in the request dialog, and the referrer opens exactly that file. Screenshots
// of the list and the dialog at 390x844 and 1280x900 go to test-results/resumes/.
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createJobOverApi, signUp } from '../support/session';

const pdf = (tag: string) =>
  Buffer.from(`%PDF-1.4\n% ${tag}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n`);
const GENERAL = pdf('general');
const BACKEND = pdf('backend');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const SHOTS = path.join(__dirname, '..', 'test-results', 'resumes');

/**
 * A screenshot at the phone's size, then at 1280x900 (the phone size is put back after), with `top` (when
 * given) scrolled to the middle of the window each time.
 */
async function shots(page: Page, name: string, top?: Locator) {
  const scroll = () => top?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await scroll();
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await scroll();
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: false });
  await page.setViewportSize(PHONE.viewport);
}

test('a candidate keeps two named resumes and sends the second with a request; the referrer opens that file', async ({
  browser,
}) => {
  const title = `Resume Picker Engineer ${Date.now().toString(36)}`;
  const refContext = await browser.newContext();
  const refPage = await refContext.newPage();
  const referrer = await signUp(refPage, 'Referrer');
  const jobId = await createJobOverApi(refPage, referrer.userId, title);
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await signUp(page, 'Applicant');
    await page.goto('/dashboard/profile');
    const section = page.getByRole('region', { name: 'My Resume' });
    const add = section.getByLabel('Add a resume');
    await add.setInputFiles({
      name: 'General CV.pdf',
      mimeType: 'application/pdf',
      buffer: GENERAL,
    });
    const list = section.getByRole('list', { name: 'Your resumes' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await add.setInputFiles({
      name: 'backend-v2.pdf',
      mimeType: 'application/pdf',
      buffer: BACKEND,
    });
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // The second is named after its file; the candidate renames it.
    await list.getByRole('button', { name: 'Rename backend-v2' }).tap();
    await list.getByLabel('Resume name').fill('Backend resume');
    await list.getByRole('button', { name: 'Save' }).tap();
    await expect(list.getByRole('link', { name: 'View Backend resume' })).toBeVisible();
    await expect(list.getByRole('listitem').first()).toContainText('Default');
    await shots(page, 'resumes-list', list);

    // The request dialog preselects the default; the candidate picks the second.
    await page.goto(`/job-details/${jobId}`);
    await page.getByRole('button', { name: 'Request a Referral' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Send your resume' });
    const picker = dialog.getByRole('group', { name: 'Resume to send' });
    await expect(picker.getByRole('radio', { name: /General CV/ })).toBeChecked();
    await picker.getByRole('radio', { name: /Backend resume/ }).tap();
    await expect(picker.getByRole('radio', { name: /Backend resume/ })).toBeChecked();
    await shots(page, 'request-dialog');
    await dialog.getByRole('button', { name: 'Submit' }).tap();
    await expect(page.getByRole('dialog', { name: 'Referral Request Sent!' })).toBeVisible();

    // The referrer's card links to the file that was chosen.
    await refPage.goto('/dashboard/referralRequests');
    const view = refPage.getByRole('link', { name: /View Resume/ }).first();
    await expect(view).toBeVisible();
    const href = await view.getAttribute('href');
    const file = await refPage.request.get(href!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(BACKEND)).toBe(true);
  } finally {
    await context.close();
    await refContext.close();
  }
});

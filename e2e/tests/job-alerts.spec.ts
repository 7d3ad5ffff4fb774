// Job alerts on a phone (390x844, touch): a candidate saves an alert for a search on the job list; another
// user posts a matching job; the alert's e-mail reaches the candidate's mailbox once, and its unsubscribe
// link turns that alert off in one click, without signing in; the profile then shows it paused.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { waitForMail, type DevMail } from '../support/mailbox';
import { createJobOverApi, signUp } from '../support/session';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** The alert mails in `email`'s dev mailbox (newest first). */
async function alertMails(request: APIRequestContext, email: string): Promise<DevMail[]> {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: DevMail[] }).data.filter((m) =>
    m.subject.includes('for your alert'),
  );
}

test('an alert saved on a phone mails a matching new job once, and its link turns it off', async ({
  browser,
}, testInfo) => {
  // A word nobody else's job has, so only this test's post matches.
  const tag = `alert${Date.now().toString(36)}`;
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const candidate = await signUp(page, 'Applicant');

  await page.goto(`/company-list?search=${tag}&location=Hybrid`);
  await page.getByRole('button', { name: 'Get alerts for this search' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Get job alerts' });
  await expect(dialog).toContainText(`New jobs for "${tag}" · Hybrid, by e-mail.`);
  await dialog.getByRole('radio', { name: /Instant/ }).check();
  await page.screenshot({ path: testInfo.outputPath('save-alert-dialog.png') });
  await dialog.getByRole('button', { name: 'Save alert' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Alert on' })).toHaveText(
    /Alert on: instant e-mails\./,
  );
  await page.screenshot({ path: testInfo.outputPath('alert-on.png') });

  // Another user posts a matching job.
  const referrerContext = await browser.newContext();
  const referrerPage = await referrerContext.newPage();
  const referrer = await signUp(referrerPage, 'Referrer');
  const title = `Platform Engineer ${tag}`;
  const jobId = await createJobOverApi(referrerPage, referrer.userId, title);
  await referrerContext.close();

  const mail = await waitForMail(
    page.request,
    candidate.email,
    new RegExp(`^New job for your alert "${tag}" · Hybrid: ${title} at Acme Corp$`),
  );
  expect(mail.text).toContain(`/job-details/${jobId}`);
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const link = /Turn off this alert: (\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link).toMatch(/\/api\/jobAlerts\/unsubscribe\?token=/);

  // The link, in a browser that is not signed in: one page, one button.
  const stranger = await browser.newContext(PHONE);
  const linkPage = await stranger.newPage();
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { name: 'Turn off this job alert' })).toBeVisible();
  await linkPage.getByRole('button', { name: 'Unsubscribe' }).tap();
  await expect(linkPage.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(
    linkPage.getByText(`no longer get e-mails for the job alert "${tag}" · Hybrid`),
  ).toBeVisible();
  await stranger.close();

  // The profile shows the alert paused; the mailbox holds the one mail.
  await page.goto('/dashboard/profile#job-alerts');
  const alerts = page.getByRole('list', { name: 'Your job alerts' });
  await expect(alerts.getByRole('combobox', { name: new RegExp(tag) })).toHaveValue('paused');
  await page.screenshot({ path: testInfo.outputPath('profile-alerts.png'), fullPage: true });
  expect(await alertMails(page.request, candidate.email)).toHaveLength(1);
  await context.close();
});

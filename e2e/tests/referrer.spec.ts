// The referrer area: the create-job wizard, job posts (toggle, edit), and answering referral requests
// behind the work-email gate. Referrers are fresh users signed up through the site choosing Referrer;
// candidates are fresh users driven over the API in request contexts of their own.
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
} from '@playwright/test';
import { readCode, uniqueEmail } from '../support/mailbox';
import {
  signUp,
  createJobOverApi,
  E2E_COMPANY_DOMAIN,
  verifyWorkEmailOverApi,
} from '../support/session';
import { confirmDomainAsOperator } from '../support/confirm-domain';
import { BASE, PDF } from '../support/site';

interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

/** A fresh candidate with a name and a resume, signed in over the API in a context of its own. */
async function candidateWithResume(
  fullName: string,
): Promise<{ api: APIRequestContext; id: string }> {
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const email = uniqueEmail('candidate');
  const sentAt = Date.now() - 1000;
  const sent = await api.post('/api/auth/createUser', { data: { email, roleId: '0' } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await readCode(api, email, sentAt);
  const verified = await api.post('/api/auth/verifyOtp', { data: { email, otp, roleId: '0' } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const id = ((await verified.json()) as Envelope<{ _id: string }>).data._id;
  const named = await api.put(`/api/auth/updateById/${id}`, {
    data: { userId: id, roleId: 0, updatedData: { fullName, email } },
  });
  expect(named.ok(), await named.text()).toBe(true);
  const uploaded = await api.post('/api/documentsUpload/resumeUpload', {
    multipart: {
      userId: id,
      file: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  return { api, id };
}

async function requestReferral(
  candidate: { api: APIRequestContext; id: string },
  jobPostId: string,
  referrerId: string,
): Promise<void> {
  const res = await candidate.api.post('/api/referralRequest/sendReferralRequest', {
    data: { jobPostId, targetUserId: referrerId, userId: candidate.id },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a referrer creates a job through both steps, toggles it inactive and back, and edits it', async ({
  page,
}) => {
  const { userId } = await signUp(page, 'Referrer');
  // Posting for Acme Corp needs a verified work e-mail at Acme Corp's domain.
  await verifyWorkEmailOverApi(page.request, userId);
  const title = `Platform Engineer ${Date.now().toString(36)}`;
  await page.goto('/create-job-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Job Post' })).toBeVisible();

  // Step 1: a missing field keeps the step with its message.
  await page.getByLabel('Company Name').fill('Acme Corp');
  await page.getByLabel('Job Title').fill(title);
  await page.getByLabel('Job Location').selectOption('Remote');
  await page.getByLabel('Industry').selectOption({ label: 'IT' });
  await page.getByLabel('Address').fill('12 MG Road, Bengaluru');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fill in all required fields in Step 1.')).toBeVisible();
  await page.getByLabel('Job Type').selectOption('Full-time');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: sentences on '.', skills and notes on ',' or Enter; the salary is missing at first.
  const chipField = (name: string) => page.getByRole('textbox', { name, exact: true });
  await chipField('Job Description').pressSequentially('Build the platform. Mentor the team.');
  await page.getByLabel('Experience').selectOption('3-6');
  await chipField('Required Skills').pressSequentially('Go, Kubernetes,');
  await chipField('Notes').fill('Hybrid three days a week');
  await chipField('Notes').press('Enter');
  await expect(page.getByRole('button', { name: 'Remove skill Kubernetes' })).toBeVisible();
  await page.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByText('Please fill in all required fields in Step 2.')).toBeVisible();
  await page.getByLabel('Salary Range (LPA)').fill('25-35');
  await page.getByRole('button', { name: 'Post Job' }).click();

  const live = page.getByRole('dialog', { name: 'Your Job Post is Live!' });
  await expect(live).toBeVisible();
  await live.getByRole('button', { name: 'Go to Job Openings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobPosts$/);
  await expect(
    page.getByRole('heading', { name: 'Manage Your Job Posts Effortlessly!' }),
  ).toBeVisible();

  // The active switch saves at once, both ways, and survives a reload.
  const toggle = page.getByRole('switch', { name: `Active: ${title}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeEnabled();
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('tab', { name: 'Inactive Jobs' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(toggle).toBeEnabled();

  // Edit through the details modal.
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('button', { name: `See Details: ${title}` }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByText('₹25-35 LPA')).toBeVisible();
  await details.getByRole('button', { name: 'Edit Job' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Job' });
  await form.getByLabel('Salary Range (LPA)').fill('30-40');
  await form.getByLabel('Required Skills').fill(' Go ,  Kubernetes, Terraform ');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Job Updated!' })).toBeVisible();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('Terraform')).toBeVisible();
  await page.getByRole('button', { name: `See Details: ${title}` }).click();
  await expect(page.getByRole('dialog', { name: title }).getByText('₹30-40 LPA')).toBeVisible();
});

test('a referrer approves a request behind the work-email gate and declines another', async ({
  page,
}) => {
  const { userId: referrerId } = await signUp(page, 'Referrer');
  const title = `Data Engineer ${Date.now().toString(36)}`;
  const jobId = await createJobOverApi(page, referrerId, title);
  // The gate guards a company whose domain an operator confirmed (a name nobody confirmed is open to all).
  await confirmDomainAsOperator(new URL(page.url()).origin, E2E_COMPANY_DOMAIN);
  const first = await candidateWithResume('Asha Iyer');
  const second = await candidateWithResume('Vikram Das');
  await requestReferral(first, jobId, referrerId);
  await requestReferral(second, jobId, referrerId);

  await page.goto('/dashboard/referralRequests');
  await expect(page.getByRole('heading', { level: 1, name: 'Referral Requests' })).toBeVisible();
  // The bell shows the new requests.
  await expect(page.getByRole('button', { name: 'Notifications (2 unread)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Pending\s*2$/ })).toBeVisible();
  const asha = page.getByRole('article', { name: 'Request from Asha Iyer' });
  await expect(asha.getByText(title)).toBeVisible();
  await expect(asha.getByRole('link', { name: /View Resume/ })).toBeVisible();

  // The referrer's current work address moves to another company (verified over the API): the server
  // refuses the approval, and 'Verify Work Email' opens with its reason, naming the job's company.
  const elsewhere = await verifyWorkEmailOverApi(page.request, referrerId, 'elsewhere.example');
  await asha.getByRole('button', { name: 'Approve Asha Iyer' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Approval' })
    .getByRole('button', { name: 'Yes, Continue' })
    .click();
  const gate = page.getByRole('dialog', { name: 'Verify Work Email' });
  await expect(gate).toBeVisible();
  await expect(
    gate.getByText(`Your verified work email ${elsewhere} is not at Acme Corp.`, { exact: false }),
  ).toBeVisible();
  await expect(
    gate.getByText('Approving referrals for Acme Corp needs a verified work email at Acme Corp'),
  ).toBeVisible();
  const workEmail = `ref.${Date.now().toString(36)}@${E2E_COMPANY_DOMAIN}`;
  const sentAt = Date.now() - 1000;
  await gate.getByLabel('Work Email').fill(workEmail);
  await gate.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent to your work email')).toBeVisible();
  const code = await readCode(page.request, workEmail, sentAt);
  await gate.getByRole('textbox', { name: 'Digit 1 of 4' }).focus();
  await page.keyboard.type(code);
  await expect(page.getByText('Work email verified successfully')).toBeVisible();
  await expect(page.getByText('Referral approved')).toBeVisible();
  await expect(gate).toBeHidden();

  await expect(page.getByRole('tab', { name: /^Approved\s*1$/ })).toBeVisible();
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const approved = page.getByRole('article', { name: 'Request from Asha Iyer' });
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await expect(approved.getByRole('button', { name: 'Go to Chat with Asha Iyer' })).toBeVisible();

  // The second request is declined.
  await page.getByRole('tab', { name: /^Pending/ }).click();
  await page.getByRole('button', { name: 'Decline Vikram Das' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Decline' })
    .getByRole('button', { name: 'Yes, Decline' })
    .click();
  await expect(page.getByText('Referral declined')).toBeVisible();
  await page.getByRole('tab', { name: /^Declined/ }).click();
  await expect(
    page
      .getByRole('article', { name: 'Request from Vikram Das' })
      .getByText('Declined', { exact: true }),
  ).toBeVisible();

  // The profile lists the verified work e-mail.
  await page.goto('/dashboard/referrarProfile');
  await expect(page.getByRole('cell', { name: workEmail })).toBeVisible();

  await first.api.dispose();
  await second.api.dispose();
});

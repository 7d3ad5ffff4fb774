import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readCode, uniqueEmail } from './mailbox';

export interface SignedUp {
  email: string;
  userId: string;
}

/**
 * Signs a fresh user up through the site, as a person would: the sign-up page, the mailed code typed into the
 * four boxes, the move to `/`. The page is then signed in (cookie + stored profile).
 */
export async function signUp(
  page: Page,
  role: 'Applicant' | 'Referrer' = 'Applicant',
  /** The start of the address (the role by default); a long one tries how pages show long e-mails. */
  emailPrefix: string = role.toLowerCase(),
  /** The name given when the site asks for it after the first sign-in. */
  fullName: string = role === 'Referrer' ? 'Rohan Referrer' : 'Chitra Candidate',
): Promise<SignedUp> {
  return signUpAs(page, uniqueEmail(emailPrefix), role, fullName);
}

export { E2E_OPERATOR_EMAIL } from './operator';

/**
 * `signUp` with a given address: sign-up and sign-in are one flow (an existing account simply signs in),
 * so this also signs a known user in again, such as the operator.
 */
export async function signUpAs(
  page: Page,
  email: string,
  role: 'Applicant' | 'Referrer' = 'Applicant',
  /** The name given when the site asks for it (a known user who has one is not asked). */
  fullName: string = role === 'Referrer' ? 'Rohan Referrer' : 'Chitra Candidate',
): Promise<SignedUp> {
  const sentAt = Date.now() - 1000;
  await page.goto('/sign-up');
  await page.getByRole('radio', { name: role }).check();
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const code = await readCode(page.request, email, sentAt);
  await page.getByRole('textbox', { name: 'Digit 1 of 4' }).focus();
  await page.keyboard.type(code);
  // The site's home on whatever origin the page is on (the suite's stack, or a balancer in front of one).
  await page.waitForURL(new URL('/', page.url()).href, { timeout: 5_000 });
  const stored = await page.evaluate(
    () =>
      (
        JSON.parse(window.localStorage.getItem('currentUserInfo') ?? '{}') as {
          data: { _id: string; fullName?: string | null };
        }
      ).data,
  );
  // A new account is asked for its name; one that has a name is not.
  if (!stored.fullName?.trim()) await giveName(page, fullName);
  return { email, userId: stored._id };
}

/** Signs a known address in on the sign-in page: the e-mail, LOGIN, the mailed code typed in. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  const sentAt = Date.now() - 1000;
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  const code = await readCode(page.request, email, sentAt);
  await page.getByRole('textbox', { name: 'Digit 1 of 4' }).focus();
  await page.keyboard.type(code);
}

/** Answers the "What's your name?" prompt a new account gets after its first sign-in. */
export async function giveName(page: Page, fullName: string): Promise<void> {
  const prompt = page.getByRole('dialog', { name: "What's your name?" });
  await prompt.getByRole('textbox', { name: /Your full name/ }).fill(fullName);
  await prompt.getByRole('button', { name: 'Save name' }).click();
  await expect(prompt).toBeHidden();
}

/** The company `createJobOverApi` posts for, and the domain its referrers' work addresses are at. */
export const E2E_COMPANY = 'Acme Corp';
export const E2E_COMPANY_DOMAIN = 'acme-corp.com';

/**
 * Verifies a work address of the signed-in user of `request` over the API (the code read from the dev
 * mailbox): by default a fresh one at `domain`, which makes them verified at the company that has it
 * (or lets their first job post give a new company that domain). Returns the address.
 */
export async function verifyWorkEmailOverApi(
  request: APIRequestContext,
  userId: string,
  domain: string = E2E_COMPANY_DOMAIN,
  workEmail: string = uniqueEmail('work').replace(/@.*$/, `@${domain}`),
): Promise<string> {
  const sentAt = Date.now() - 1000;
  const sent = await request.post('/api/auth/workEmailVerify', { data: { workEmail, id: userId } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await readCode(request, workEmail, sentAt);
  const ok = await request.post('/api/auth/workEmailVerifyOtp', {
    data: { workEmail, id: userId, otp },
  });
  expect(ok.ok(), await ok.text()).toBe(true);
  return workEmail;
}

/** The users `createJobOverApi` has verified at a company's domain (`user@domain`, once each, in this worker). */
const verifiedAt = new Set<string>();

/** A company to post for and the domain its referrers verify at. */
export interface E2eCompany {
  name: string;
  domain: string;
}

/**
 * Creates an active job post for `company` (E2E_COMPANY by default) owned by the signed-in referrer of `page`,
 * over the API; returns its id. The referrer is verified at the company's domain first (posting needs it),
 * over the API only: the profile stored in the page is not touched.
 */
export async function createJobOverApi(
  page: Page,
  userId: string,
  jobTitle: string,
  company: E2eCompany = { name: E2E_COMPANY, domain: E2E_COMPANY_DOMAIN },
): Promise<string> {
  if (!verifiedAt.has(`${userId}@${company.domain}`)) {
    await verifyWorkEmailOverApi(page.request, userId, company.domain);
    verifiedAt.add(`${userId}@${company.domain}`);
  }
  const res = await page.request.post('/api/jobPost/createJobPost', {
    data: {
      userId,
      jobTitle,
      companyName: company.name,
      jobLocation: 'Hybrid',
      address: '1 Residency Road, Bengaluru',
      companyLogo: '',
      industry: 'it',
      experience: '3-6',
      jobType: 'Full-time',
      salaryRange: '20-30',
      requiredSkills: ['Go', 'SQL'],
      jobDescription: ['Run the platform'],
      notes: ['On call once a month'],
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

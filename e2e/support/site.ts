// What the journeys share about the site under test: its address, a small upload file, and waiting for a
// page to be ready.
import { expect, type Page } from '@playwright/test';

/** The site the suite's stack serves (the shell's server, which proxies /api). */
export const BASE = 'http://localhost:3000';

/** The start of a PDF: small, valid by content (what a resume upload checks). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/** The candidate dashboard's pages other than the chat: the path under /dashboard/ and the page's heading. */
export const CANDIDATE_PAGES = [
  ['userdashboard', 'Dashboard'],
  ['explore', 'Explore'],
  ['myReferralRequests', 'My Referral Requests'],
  ['profile', 'Profile'],
  ['upgradToPremium', 'Upgrade To Premium'],
] as const;

/** The referrer dashboard's pages other than the chat: the path under /dashboard/ and the page's heading. */
export const REFERRER_PAGES = [
  ['referrarDashboard', /^Welcome/],
  ['referralRequests', 'Referral Requests'],
  ['jobPosts', 'Manage Your Job Posts Effortlessly!'],
  ['giverefferal', 'Give Referral'],
  ['referrarProfile', 'Profile'],
] as const;

/** A createJobPost body's fields other than its poster, title and company (the journeys' jobs). */
export const JOB_FIELDS = {
  jobLocation: 'Remote',
  address: 'Bengaluru',
  companyLogo: '',
  industry: 'it',
  experience: '3-6',
  jobType: 'Full-time',
  salaryRange: '12-18',
  requiredSkills: ['TypeScript'],
  jobDescription: ['Build the product.'],
  notes: ['Be kind.'],
};

/**
 * Waits until the page shows its main heading (named `heading`, if given) and nothing is loading any
 * more; with `fonts`, also until its fonts are loaded (for screenshots and measured layout).
 */
export async function settle(
  page: Page,
  heading?: string | RegExp,
  { fonts = false }: { fonts?: boolean } = {},
): Promise<void> {
  const h1 = heading
    ? page.getByRole('heading', { level: 1, name: heading })
    : page.getByRole('heading', { level: 1 });
  await expect(h1.first()).toBeVisible();
  await expect(page.locator('.rf-spinner')).toHaveCount(0);
  if (fonts) await page.evaluate(() => document.fonts.ready);
}

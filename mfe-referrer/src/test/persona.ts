// The referrer's side of the shared test data: the signed-in user is the referrer (`makeReferrer`), who
// posted the jobs and receives the requests.
import {
  useSessionStore,
  type CurrentUser,
  type JobPost,
  type ReferralRequest,
} from '@referio/shared';
import { USER_ID, makeJob, makeReferrer, makeRequest } from '@referio/shared/test-utils';

/** Signs the referrer (or, with role 'user', a candidate-mode user) into the store. */
export function signInAs(
  overrides: Partial<CurrentUser> = {},
  role: 'referer' | 'user' = 'referer',
) {
  const user = makeReferrer(overrides);
  if (role === 'user') user.roles = [...user.roles].reverse();
  useSessionStore.getState().signIn({ success: true, message: '', data: user });
  return user;
}

/** A job the signed-in referrer posted three days ago at Acme Corp. */
export function myJob(overrides: Partial<JobPost> = {}): JobPost {
  return makeJob({
    _id: '7c0a3b1e-1d2f-4c5a-8b6e-9f0a1b2c3d4e',
    userId: USER_ID,
    companyName: 'Acme Corp',
    jobLocation: 'Remote',
    address: '12 MG Road, Bengaluru',
    requiredSkills: ['React', 'TypeScript', 'CSS', 'Testing', 'Node'],
    jobDescription: ['Build the web app', 'Review code'],
    notes: ['Own the design system'],
    referralBonus: 0,
    createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString(),
    ...overrides,
  });
}

/** A pending request from Priya Shah to the signed-in referrer for `myJob()`, sent two hours ago. */
export function requestToMe(overrides: Partial<ReferralRequest> = {}): ReferralRequest {
  return makeRequest(overrides.status ?? 'pending', {
    _id: 'a1b2c3d4-0000-4000-8000-000000000001',
    createdAt: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
    jobPostId: myJob(),
    senderId: {
      _id: 'c0ffee00-0000-4000-8000-000000000002',
      fullName: 'Priya Shah',
      email: 'priya@example.com',
      overAllExperience: 4,
      resumeLink: '/api/documentsUpload/resume/c0ffee00',
      skills: ['React', 'GraphQL'],
    },
    recipientId: { _id: USER_ID, fullName: 'Ravi Menon', email: 'ravi@example.com' },
    ...overrides,
  });
}

/**
 * The server's answer to the right work-email code: the referrer, now with workEmailAdded, and the
 * companies (by name) the address counts for.
 */
export function workEmailVerified({
  companies = [],
  message = 'Work email verified successfully',
}: { companies?: string[]; message?: string } = {}) {
  const verified = makeReferrer({ workEmailAdded: true });
  return {
    success: true,
    message,
    user: verified,
    data: verified,
    companies: companies.map((companyName, i) => ({ _id: `c${i}`, companyName, confirmed: true })),
  };
}

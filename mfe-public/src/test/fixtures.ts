// Test data shaped like the API's answers.
import type { JobPost, JobPostDetails } from '@referio/shared';

export { USER_ID, makeSession, makeUser } from '@referio/shared/test-utils';

export const REFERRER_ID = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const JOB_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';

export function makeJob(overrides: Partial<JobPost> = {}): JobPost {
  return {
    _id: JOB_ID,
    userId: REFERRER_ID,
    jobTitle: 'Frontend Engineer',
    companyName: 'Acme',
    jobLocation: 'Hybrid',
    address: 'Bengaluru',
    companyLogo: '',
    industry: 'it',
    experience: '3-6',
    jobType: 'Full-time',
    salaryRange: '12-18',
    requiredSkills: ['React', 'TypeScript'],
    jobDescription: ['Build the candidate dashboard.'],
    notes: ['Own the design system.'],
    status: 'active',
    totalReferrals: 0,
    referralBonus: 1000,
    createdAt: '2026-03-01T10:00:00.000Z',
    isApplied: false,
    verifiedAtCompany: null,
    ...overrides,
  };
}

export function makeJobDetails(
  overrides: Partial<Omit<JobPostDetails, 'userId'>> & {
    userId?: Partial<JobPostDetails['userId']>;
  } = {},
): JobPostDetails {
  const { userId, ...rest } = overrides;
  return {
    ...makeJob(rest as Partial<JobPost>),
    userId: {
      _id: REFERRER_ID,
      email: 'ravi@acme.example',
      fullName: 'Ravi Kumar',
      position: 'Staff Engineer',
      profileLink: null,
      workEmailHistory: [],
      ...userId,
    },
  } as JobPostDetails;
}

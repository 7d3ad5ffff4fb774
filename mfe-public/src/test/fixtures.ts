// Test data shaped like the API's answers.
import type { CurrentUser, JobPost, JobPostDetails, SessionResponse } from '@referio/shared';

export const USER_ID = '0b5d8e59-8a4e-4a8f-9d6e-2f4b7f3b7a11';
export const REFERRER_ID = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const JOB_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: USER_ID,
    email: 'ana@example.com',
    fullName: 'Ana Rao',
    displayName: 'Ana Rao',
    authMode: 'candidate',
    roleId: [0, 1],
    roles: [
      { roleName: 'user', roleId: 0 },
      { roleName: 'referer', roleId: 1 },
    ],
    workEmailAdded: false,
    profileLink: null,
    overAllExperience: 4,
    summary: '',
    skills: ['React'],
    ...overrides,
  };
}

export function makeSession(overrides: Partial<CurrentUser> = {}): SessionResponse {
  return { success: true, message: 'OTP Verified Sucessfully!', data: makeUser(overrides) };
}

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

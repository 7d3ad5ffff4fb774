// Jobs, referral requests and profiles shaped as the API answers them (test data only). Every call makes a
// new id, so lists of them have distinct keys; a test that needs a known id passes it.
import type { CompanyPage } from '../contract/companies';
import type { JobPost, JobPostDetails } from '../contract/jobPost';
import type { ReferralStatus } from '../contract/lists';
import type { Profile } from '../contract/profile';
import type { ReferralCounts, ReferralRequest } from '../contract/referral';
import { USER_ID } from './fixtures';

/** The referrer who posted `makeJob`'s jobs and receives `makeRequest`'s requests. */
export const REFERRER_ID = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
/** Acme's id (`makeJob`'s company, `makeCompanyPage`'s). */
export const COMPANY_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
/** A job's id for tests that name one (`makeJob({ _id: JOB_ID })`). */
export const JOB_ID = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';

let seq = 0;
/** A new id each call: `00000000-0000-4000-8000-<n>` under `prefix`'s first block. */
const nextId = (prefix: string) => `${prefix}-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

/** An active job at Acme posted by REFERRER_ID on 1 March 2026. */
export function makeJob(overrides: Partial<JobPost> = {}): JobPost {
  return {
    _id: nextId('00000000'),
    userId: REFERRER_ID,
    jobTitle: 'Frontend Engineer',
    companyName: 'Acme',
    companyId: COMPANY_ID,
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

/** GET /jobPost/GetById: `makeJob` with its poster (Ravi Kumar, REFERRER_ID) spelled out. */
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

/**
 * A referral request from the shared test user (USER_ID, Ana Rao) to REFERRER_ID (Ravi Kumar) for a job
 * at Globex whose title is new each call ('Platform Engineer 7'), so requests in a list read apart.
 */
export function makeRequest(
  status: ReferralStatus = 'pending',
  overrides: Partial<ReferralRequest> = {},
): ReferralRequest {
  const _id = nextId('10000000');
  return {
    _id,
    status,
    createdAt: '2026-03-05T10:00:00.000Z',
    jobPostId: makeJob({ jobTitle: `Platform Engineer ${seq}`, companyName: 'Globex' }),
    senderId: {
      _id: USER_ID,
      fullName: 'Ana Rao',
      email: 'ana@example.com',
      overAllExperience: 4,
      resumeLink: null,
      skills: ['React'],
    },
    recipientId: { _id: REFERRER_ID, fullName: 'Ravi Kumar', email: 'ravi@globex.test' },
    expiresAt: '2099-01-01T00:00:00.000Z',
    declineReason: null,
    declineNote: null,
    ...overrides,
  };
}

/** GET /auth/getProfile of the shared test user: only the essentials filled in. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: USER_ID,
    fullName: 'Ana Rao',
    position: '',
    homeAddress: '',
    mobileNo: '',
    officeAddress: '',
    dateOfBirth: '',
    email: 'ana@example.com',
    profileLink: null,
    resumeLink: null,
    resumeName: null,
    overAllExperience: 4,
    summary: '',
    skills: ['React'],
    ...overrides,
  };
}

/** The shared test user's profile as a referrer: Ravi Menon, an engineering manager, every field filled. */
export function makeReferrerProfile(overrides: Partial<Profile> = {}): Profile {
  return makeProfile({
    fullName: 'Ravi Menon',
    position: 'Engineering Manager',
    homeAddress: 'Indiranagar',
    mobileNo: '9876543210',
    officeAddress: 'Whitefield',
    dateOfBirth: '1990-05-01',
    email: 'ravi@example.com',
    overAllExperience: 9,
    summary: 'Builds teams',
    skills: ['Leadership'],
    ...overrides,
  });
}

/** GET /company/:companyId: Acme with 3 open jobs by 2 referrers at its confirmed domain acme.example. */
export function makeCompanyPage(overrides: Partial<CompanyPage> = {}): CompanyPage {
  return {
    _id: COMPANY_ID,
    companyName: 'Acme',
    logo: null,
    industry: 'it',
    openJobs: 3,
    referrers: 2,
    domains: [{ domain: 'acme.example', confirmed: true, referrers: 2 }],
    ...overrides,
  };
}

/** Request counts as the dashboards get them (getRefererCount, getCandidateCount): none unless given. */
export function makeCounts(counts: Partial<ReferralCounts> = {}): ReferralCounts {
  return { total: 0, approved: 0, pending: 0, declined: 0, expired: 0, ...counts };
}

// Test data shaped as the API answers it (see shared/README.md).
import type { JobPost, Profile, ReferralRequest, ReferralStatus } from '@referio/shared';
import { USER_ID } from '@referio/shared/test-utils';

export { USER_ID, makeSession, makeUser } from '@referio/shared/test-utils';

export const REFERRER_ID = '7f0c2b1a-3d4e-4f5a-8b6c-9d0e1f2a3b4c';

let jobSeq = 0;
export function makeJob(overrides: Partial<JobPost> = {}): JobPost {
  jobSeq += 1;
  return {
    _id: `00000000-0000-4000-8000-${String(jobSeq).padStart(12, '0')}`,
    userId: REFERRER_ID,
    jobTitle: `Frontend Engineer ${jobSeq}`,
    companyName: 'Acme',
    jobLocation: 'Remote',
    address: 'Bengaluru',
    companyLogo: '',
    industry: 'it',
    experience: '3-6',
    jobType: 'Full-time',
    salaryRange: '12-18',
    requiredSkills: ['React', 'TypeScript', 'CSS', 'Testing', 'GraphQL'],
    jobDescription: ['Build the candidate area.'],
    notes: ['Own the profile screens.'],
    status: 'active',
    totalReferrals: 0,
    referralBonus: 1000,
    createdAt: new Date().toISOString(),
    isApplied: false,
    verifiedAtCompany: null,
    ...overrides,
  };
}

let requestSeq = 0;
export function makeRequest(
  status: ReferralStatus,
  overrides: Partial<ReferralRequest> = {},
): ReferralRequest {
  requestSeq += 1;
  return {
    _id: `10000000-0000-4000-8000-${String(requestSeq).padStart(12, '0')}`,
    status,
    createdAt: '2026-03-05T10:00:00.000Z',
    jobPostId: makeJob({ jobTitle: `Platform Engineer ${requestSeq}`, companyName: 'Globex' }),
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

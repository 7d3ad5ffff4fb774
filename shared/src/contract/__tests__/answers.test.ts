import { makeSession } from '../../test-utils/fixtures';
import { sessionResponseSchema } from '../account';
import { envelope, errorResponse, errorResponses, messageAnswer } from '../common';
import { jobPostSchema } from '../jobPost';
import { z } from 'zod';

describe('answer schemas', () => {
  it('keep every field of the answers the web client is tested with', () => {
    const session = makeSession({ profileLink: '/api/documentsUpload/profileImage/x?v=1' });
    expect(sessionResponseSchema.parse(session)).toEqual(session);
  });

  it('describe the one error shape, with or without issues', () => {
    const refusal = {
      success: false,
      message: 'Please enter a valid OTP',
      issues: [{ path: 'otp', message: 'Please enter a valid OTP' }],
    };
    expect(errorResponse.parse(refusal)).toEqual(refusal);
    expect(errorResponse.safeParse({ success: true, message: 'ok' }).success).toBe(false);
    expect(errorResponse.safeParse({ success: false }).success).toBe(false);
  });

  it('list a route’s refusals under each status given, and 5xx always', () => {
    expect(Object.keys(errorResponses(400, 401)).sort()).toEqual(['400', '401', '5xx']);
    expect(Object.keys(errorResponses())).toEqual(['5xx']);
    expect(errorResponses(404)[404]).toBe(errorResponse);
  });

  it('wrap data in the envelope and refuse a message answer without its message', () => {
    const answer = envelope(z.array(z.string()));
    expect(answer.parse({ success: true, data: ['a'] })).toEqual({ success: true, data: ['a'] });
    expect(messageAnswer.safeParse({ success: true }).success).toBe(false);
  });

  it('refuse a job post whose enumerated fields hold a value the UI does not know', () => {
    const job = {
      _id: 'j1',
      userId: 'u1',
      jobTitle: 'Engineer',
      companyName: 'Acme',
      jobLocation: 'Remote',
      address: 'Pune',
      companyLogo: '',
      logo: null,
      industry: 'it',
      experience: '3-6',
      jobType: 'Full-time',
      salaryRange: '10-20',
      requiredSkills: ['React'],
      jobDescription: ['Build'],
      notes: ['Ship'],
      status: 'active',
      totalReferrals: 0,
      referralBonus: 1000,
      createdAt: '2025-03-10T09:00:00.000Z',
      isApplied: false,
      verifiedAtCompany: null,
    };
    expect(jobPostSchema.parse(job)).toEqual(job);
    expect(jobPostSchema.safeParse({ ...job, jobLocation: 'Mars' }).success).toBe(false);
  });
});

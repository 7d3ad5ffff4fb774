import { addListItem, isJobActive, splitCommaList } from '../lists';
import {
  createJobPostRequest,
  getAllJobPostByUserIdRequest,
  getAllJobPostRequest,
  jobWizardStep1Schema,
  jobWizardStep2Schema,
  toCreateJobPostRequest,
  updateJobStatusRequest,
} from '../jobPost';

const step1 = {
  companyName: 'Acme',
  jobTitle: ' Frontend Engineer ',
  jobLocationType: 'Remote' as const,
  industry: 'it' as const,
  jobType: 'Full-time' as const,
  jobAddress: 'Bengaluru',
};
const step2 = {
  jobDescription: ['Build screens.'],
  experience: '3-6' as const,
  requiredSkills: ['React'],
  salaryRange: '12-18',
  notes: ['Own the design system'],
};

describe('job post contract', () => {
  it('refuses an incomplete step 1 with the wizard message', () => {
    const r = jobWizardStep1Schema.safeParse({ ...step1, jobTitle: '   ', jobType: 'select' });
    expect(r.success).toBe(false);
    expect(new Set(r.error?.issues.map((i) => i.message))).toEqual(
      new Set(['Please fill in all required fields in Step 1.']),
    );
  });

  it('refuses a step 2 without a description, skill or note with the wizard message', () => {
    const r = jobWizardStep2Schema.safeParse({ ...step2, requiredSkills: [], salaryRange: ' ' });
    expect(r.success).toBe(false);
    expect(new Set(r.error?.issues.map((i) => i.message))).toEqual(
      new Set(['Please fill in all required fields in Step 2.']),
    );
  });

  it('turns the two wizard steps into a create payload the API accepts', () => {
    const payload = toCreateJobPostRequest(step1, step2);
    expect(payload).toMatchObject({
      jobTitle: 'Frontend Engineer',
      jobLocation: 'Remote',
      address: 'Bengaluru',
      companyLogo: '',
    });
    expect(createJobPostRequest.safeParse(payload).success).toBe(true);
  });

  it('adds tag items trimmed, without a trailing separator, ignoring blanks and duplicates', () => {
    expect(addListItem(['React'], ' Node, ')).toEqual(['React', 'Node']);
    expect(addListItem(['React'], 'React')).toEqual(['React']);
    expect(addListItem(['React'], 'react')).toEqual(['React']);
    expect(addListItem(['React'], '  ')).toEqual(['React']);
    expect(splitCommaList(' a, b ,, a,c ')).toEqual(['a', 'b', 'c']);
  });

  it('applies list defaults and accepts a status in any case for the referrer list', () => {
    expect(getAllJobPostRequest.parse({})).toEqual({ search: '', start: 0, limit: 100 });
    const r = getAllJobPostByUserIdRequest.parse({
      userId: '0b5d8e59-8a4e-4a8f-9d6e-2f4b7f3b7a11',
      start: '0',
      limit: '100',
      status: 'Active',
    });
    expect(r.status).toBe('active');
    expect(r.limit).toBe(100);
    expect(updateJobStatusRequest.safeParse({ status: 'paused' }).success).toBe(false);
  });

  it('counts anything not inactive as active', () => {
    expect(isJobActive('active')).toBe(true);
    expect(isJobActive(undefined)).toBe(true);
    expect(isJobActive('inactive')).toBe(false);
  });
});

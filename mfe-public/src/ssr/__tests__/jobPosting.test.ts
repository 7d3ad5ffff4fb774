import type { PublicJobPost } from '@referio/shared';
import { jobHead, jobPostingLd, salaryOf, VALID_DAYS } from '../jobPosting';

const job: PublicJobPost = {
  _id: '7d1c6f1e-0000-4000-8000-0000000000aa',
  userId: 'u-1',
  jobTitle: 'Platform Engineer',
  companyName: 'Amber Cloud',
  jobLocation: 'Hybrid',
  address: 'Pune',
  companyLogo: '',
  logo: 'https://cdn.example/amber.png',
  industry: 'it',
  experience: '3-6',
  jobType: 'Full-time',
  salaryRange: '12-18',
  requiredSkills: ['Go', 'SQL'],
  jobDescription: ['Own the <b>platform</b>.'],
  notes: ['On call one week in six.'],
  status: 'active',
  totalReferrals: 0,
  referralBonus: 1000,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  isApplied: false,
  verifiedAtCompany: null,
};
const NOW = new Date('2025-03-10T00:00:00.000Z');

describe('a job’s JobPosting (Google job results)', () => {
  it('has the required and recommended properties, from the job', () => {
    const ld = jobPostingLd(job, 'https://referio.example', NOW)!;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Platform Engineer',
      datePosted: '2025-03-01T10:00:00.000Z',
      validThrough: new Date(NOW.getTime() + VALID_DAYS * 86_400_000).toISOString(),
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Amber Cloud',
        logo: 'https://cdn.example/amber.png',
      },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Pune', addressCountry: 'IN' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'INR',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 1_200_000,
          maxValue: 1_800_000,
          unitText: 'YEAR',
        },
      },
      identifier: { '@type': 'PropertyValue', name: 'Referio', value: job._id },
      url: `https://referio.example/job-details/${job._id}`,
    });
    // The description is HTML of the job's own text, escaped.
    expect(ld.description).toContain('<li>Own the &lt;b&gt;platform&lt;/b&gt;.</li>');
    expect(ld.description).toContain('On call one week in six.');
    expect(ld).not.toHaveProperty('jobLocationType');
  });

  it('says a remote job is remote, for applicants in India', () => {
    const ld = jobPostingLd({ ...job, jobLocation: 'Remote', address: '' }, 'https://r.example')!;
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'India' });
    expect(ld).not.toHaveProperty('jobLocation');
  });

  it('has none for a closed job, and leaves out a salary that is not a range of lakhs', () => {
    expect(jobPostingLd({ ...job, status: 'inactive' }, 'https://r.example')).toBeNull();
    expect(
      jobPostingLd({ ...job, salaryRange: 'negotiable' }, 'https://r.example'),
    ).not.toHaveProperty('baseSalary');
    expect(salaryOf('₹ 20 LPA')).toEqual({ value: 2_000_000 });
    expect(salaryOf('7.5–10')).toEqual({ minValue: 750_000, maxValue: 1_000_000 });
    expect(salaryOf('18-12')).toBeNull();
  });

  it('gives the job a title and description of its own, and says when it is closed', () => {
    expect(jobHead(job)).toEqual({
      title: 'Platform Engineer at Amber Cloud — Referio',
      description:
        'Hybrid, Pune · Full-time · ₹12-18 LPA. Ask the employee who posted it to refer you. Own the <b>platform</b>.',
    });
    expect(jobHead({ ...job, status: 'inactive' }).description).toContain('This job is closed.');
  });
});

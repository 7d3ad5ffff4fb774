import { generateSeedData } from '../src/db/seed-data';
import { companyNameFromEmail, isFreeMailAddress } from '../src/lib/work-email';

describe('work e-mail helpers', () => {
  it.each([
    ['asha@nimbus-labs.co.in', 'Nimbus Labs'],
    ['ravi@tcs.com', 'TCS'],
    ['k@mail.quartzdata.com', 'Quartzdata'],
    ['m@corp.saffron-finserv.com.au', 'Saffron Finserv'],
    ['p@kestrel.example', 'Kestrel'],
  ])('derives the company of %s as %s', (email, name) => {
    expect(companyNameFromEmail(email)).toBe(name);
  });

  it('recognises personal mailbox providers', () => {
    expect(isFreeMailAddress('a@Gmail.com')).toBe(true);
    expect(isFreeMailAddress('a@outlook.com')).toBe(true);
    expect(isFreeMailAddress('a@nimbus.example')).toBe(false);
  });
});

describe('demo data generator', () => {
  const now = new Date('2025-03-10T09:00:00Z');

  it('gives the same data for the same day', () => {
    expect(generateSeedData(now)).toEqual(generateSeedData(now));
  });

  it('uses the spec enums, LPA salary ranges and unique company names', () => {
    const data = generateSeedData(now);
    expect(new Set(data.companies.map((c) => c.name)).size).toBe(data.companies.length);
    const salaries = new Set(data.jobs.map((j) => j.salaryRange));
    for (const s of salaries) expect(s).toMatch(/^(\d+)-(\d+)$/);
    expect(new Set(data.jobs.map((j) => j.industry))).toEqual(
      new Set(['it', 'marketing', 'finance', 'sales']),
    );
    expect(new Set(data.jobs.map((j) => j.experience))).toEqual(
      new Set(['1-3', '3-6', '6-9', '9-12']),
    );
    expect(new Set(data.jobs.map((j) => j.jobType))).toEqual(
      new Set(['Full-time', 'Part-time', 'Contract']),
    );
    expect(new Set(data.jobs.map((j) => j.jobLocation))).toEqual(
      new Set(['On-site', 'Remote', 'Hybrid']),
    );
  });
});

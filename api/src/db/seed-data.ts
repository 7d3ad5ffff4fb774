// Demo data, generated from a seeded PRNG (same seed, same data) and written for this project.
// Companies, people and places are invented; work e-mails use the reserved .example domain.
import { createRng, type Rng } from '../lib/prng';

export type Industry = 'it' | 'marketing' | 'finance' | 'sales';
export type Experience = '1-3' | '3-6' | '6-9' | '9-12';

const PREFIXES = [
  'Nimbus',
  'Quartz',
  'Saffron',
  'Lotus',
  'Vertex',
  'Kestrel',
  'Banyan',
  'Indigo',
  'Monsoon',
  'Cobalt',
  'Peacock',
  'Tandem',
  'Orbit',
  'Juniper',
  'Meridian',
  'Cedar',
  'Ember',
  'Harbor',
  'Lumen',
  'Nova',
  'Pinnacle',
  'Riverstone',
  'Sable',
  'Tidal',
  'Umber',
  'Velvet',
  'Willow',
  'Zephyr',
  'Amber',
  'Brightline',
  'Coral',
  'Drift',
  'Falcon',
  'Granite',
  'Helix',
  'Ironwood',
  'Jade',
  'Kite',
  'Lark',
  'Mosaic',
] as const;

const SUFFIXES: Record<Industry, readonly string[]> = {
  it: [
    'Labs',
    'Systems',
    'Technologies',
    'Softworks',
    'Cloud',
    'Data',
    'Networks',
    'Digital',
    'Infotech',
  ],
  marketing: ['Media', 'Creative', 'Brandworks', 'Studios', 'Communications'],
  finance: ['Finserv', 'Capital', 'Payments', 'Wealth', 'Ledger'],
  sales: ['Retail', 'Commerce', 'Trading', 'Distribution', 'Markets'],
};

const INDUSTRY_WEIGHTS: readonly Industry[] = [
  'it',
  'it',
  'it',
  'it',
  'it',
  'marketing',
  'marketing',
  'finance',
  'finance',
  'sales',
  'sales',
];

const CITIES = [
  'Bengaluru',
  'Hyderabad',
  'Pune',
  'Chennai',
  'Gurugram',
  'Noida',
  'Mumbai',
  'Kolkata',
  'Ahmedabad',
  'Kochi',
  'Jaipur',
  'Coimbatore',
] as const;
const PARKS = [
  'Lakeview',
  'Greenfield',
  'Silver Oak',
  'Riverside',
  'Sunrise',
  'Orchid',
  'Palm Grove',
  'Hillcrest',
] as const;

interface RoleDef {
  title: string;
  skills: readonly string[];
  levels: readonly Experience[];
}

const JUNIOR_MID: readonly Experience[] = ['1-3', '3-6'];
const ANY: readonly Experience[] = ['1-3', '3-6', '6-9', '9-12'];
const MID_SENIOR: readonly Experience[] = ['3-6', '6-9', '9-12'];
const SENIOR: readonly Experience[] = ['6-9', '9-12'];

const ROLES: Record<Industry, readonly RoleDef[]> = {
  it: [
    {
      title: 'Software Engineer',
      skills: ['Java', 'Spring Boot', 'SQL', 'REST APIs', 'Git', 'Microservices', 'Docker'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Senior Software Engineer',
      skills: ['Java', 'Kotlin', 'System Design', 'PostgreSQL', 'Kafka', 'AWS', 'Kubernetes'],
      levels: SENIOR,
    },
    {
      title: 'Frontend Developer',
      skills: [
        'React',
        'TypeScript',
        'JavaScript',
        'CSS',
        'HTML',
        'Redux',
        'Jest',
        'Accessibility',
      ],
      levels: ANY,
    },
    {
      title: 'Backend Developer',
      skills: ['Node.js', 'TypeScript', 'PostgreSQL', 'Redis', 'REST APIs', 'GraphQL', 'Docker'],
      levels: ANY,
    },
    {
      title: 'Full Stack Developer',
      skills: ['React', 'Node.js', 'TypeScript', 'MongoDB', 'PostgreSQL', 'AWS', 'CI/CD'],
      levels: ANY,
    },
    {
      title: 'DevOps Engineer',
      skills: ['Kubernetes', 'Terraform', 'AWS', 'Linux', 'Jenkins', 'Prometheus', 'Bash'],
      levels: MID_SENIOR,
    },
    {
      title: 'Site Reliability Engineer',
      skills: ['Linux', 'Go', 'Kubernetes', 'Observability', 'Incident Response', 'GCP'],
      levels: MID_SENIOR,
    },
    {
      title: 'Data Engineer',
      skills: ['Python', 'Spark', 'Airflow', 'SQL', 'Kafka', 'Snowflake', 'dbt'],
      levels: ANY,
    },
    {
      title: 'Data Scientist',
      skills: ['Python', 'Pandas', 'scikit-learn', 'Statistics', 'SQL', 'A/B Testing'],
      levels: ANY,
    },
    {
      title: 'Machine Learning Engineer',
      skills: ['Python', 'PyTorch', 'MLOps', 'Docker', 'Feature Stores', 'SQL'],
      levels: MID_SENIOR,
    },
    {
      title: 'QA Automation Engineer',
      skills: ['Selenium', 'Playwright', 'Java', 'API Testing', 'Jenkins', 'TestNG'],
      levels: ANY,
    },
    {
      title: 'Android Developer',
      skills: ['Kotlin', 'Jetpack Compose', 'Android SDK', 'Coroutines', 'Firebase'],
      levels: ANY,
    },
    {
      title: 'iOS Developer',
      skills: ['Swift', 'SwiftUI', 'UIKit', 'Combine', 'Xcode'],
      levels: ANY,
    },
    {
      title: 'Cloud Architect',
      skills: ['AWS', 'Azure', 'Networking', 'Security', 'Terraform', 'Cost Optimisation'],
      levels: SENIOR,
    },
    {
      title: 'Engineering Manager',
      skills: ['People Management', 'System Design', 'Agile', 'Hiring', 'Roadmapping'],
      levels: SENIOR,
    },
    {
      title: 'Product Manager',
      skills: ['Product Discovery', 'Roadmapping', 'Analytics', 'Stakeholder Management', 'SQL'],
      levels: MID_SENIOR,
    },
    {
      title: 'UI/UX Designer',
      skills: ['Figma', 'User Research', 'Prototyping', 'Design Systems', 'Accessibility'],
      levels: ANY,
    },
    {
      title: 'Security Engineer',
      skills: ['Application Security', 'OWASP', 'Threat Modelling', 'SIEM', 'Python'],
      levels: MID_SENIOR,
    },
  ],
  marketing: [
    {
      title: 'Digital Marketing Manager',
      skills: ['Google Ads', 'Meta Ads', 'SEO', 'Analytics', 'Budgeting'],
      levels: MID_SENIOR,
    },
    {
      title: 'SEO Specialist',
      skills: ['SEO', 'Keyword Research', 'Google Search Console', 'Content Writing', 'Ahrefs'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Content Strategist',
      skills: ['Content Writing', 'Editing', 'Storytelling', 'SEO', 'CMS'],
      levels: ANY,
    },
    {
      title: 'Performance Marketing Analyst',
      skills: ['Google Ads', 'Excel', 'Attribution', 'SQL', 'Looker Studio'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Brand Manager',
      skills: ['Brand Strategy', 'Market Research', 'Campaign Planning', 'Agency Management'],
      levels: MID_SENIOR,
    },
    {
      title: 'Social Media Manager',
      skills: ['Instagram', 'LinkedIn', 'Copywriting', 'Community Management', 'Canva'],
      levels: ANY,
    },
    {
      title: 'Growth Marketer',
      skills: ['Lifecycle Marketing', 'A/B Testing', 'CRM', 'SQL', 'Email Marketing'],
      levels: ANY,
    },
  ],
  finance: [
    {
      title: 'Financial Analyst',
      skills: ['Excel', 'Financial Modelling', 'Forecasting', 'SQL', 'Power BI'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Senior Accountant',
      skills: ['Ind AS', 'GST', 'Tally', 'Reconciliation', 'SAP FICO'],
      levels: MID_SENIOR,
    },
    {
      title: 'Risk Analyst',
      skills: ['Credit Risk', 'Python', 'SAS', 'Statistics', 'Basel Norms'],
      levels: ANY,
    },
    {
      title: 'Credit Analyst',
      skills: ['Credit Appraisal', 'Financial Statements', 'Excel', 'Due Diligence'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Investment Associate',
      skills: ['Valuation', 'Financial Modelling', 'Due Diligence', 'PowerPoint'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Treasury Manager',
      skills: ['Cash Management', 'FX Hedging', 'Banking Relations', 'Excel'],
      levels: SENIOR,
    },
    {
      title: 'Compliance Officer',
      skills: ['RBI Regulations', 'KYC', 'AML', 'Audit', 'Policy Writing'],
      levels: MID_SENIOR,
    },
    {
      title: 'FP&A Manager',
      skills: ['Budgeting', 'Forecasting', 'Variance Analysis', 'Anaplan', 'Excel'],
      levels: SENIOR,
    },
  ],
  sales: [
    {
      title: 'Sales Executive',
      skills: ['Lead Generation', 'Negotiation', 'CRM', 'Cold Calling', 'Communication'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Business Development Manager',
      skills: ['B2B Sales', 'Negotiation', 'Pipeline Management', 'Salesforce'],
      levels: MID_SENIOR,
    },
    {
      title: 'Key Account Manager',
      skills: ['Account Management', 'Upselling', 'Negotiation', 'Forecasting'],
      levels: MID_SENIOR,
    },
    {
      title: 'Inside Sales Representative',
      skills: ['Cold Calling', 'Email Outreach', 'HubSpot', 'Qualification'],
      levels: JUNIOR_MID,
    },
    {
      title: 'Sales Operations Analyst',
      skills: ['Salesforce', 'Excel', 'Reporting', 'Territory Planning', 'SQL'],
      levels: ANY,
    },
    {
      title: 'Regional Sales Manager',
      skills: ['Team Leadership', 'Channel Sales', 'Forecasting', 'Distribution'],
      levels: SENIOR,
    },
    {
      title: 'Customer Success Manager',
      skills: ['Onboarding', 'Renewals', 'Customer Advocacy', 'Gainsight', 'SaaS'],
      levels: ANY,
    },
  ],
};

const SALARIES: Record<Experience, readonly string[]> = {
  '1-3': ['3-6', '4-7', '5-8', '6-10'],
  '3-6': ['8-14', '10-16', '12-18', '14-20'],
  '6-9': ['16-24', '18-28', '20-30', '24-34'],
  '9-12': ['28-40', '30-45', '35-50', '40-55'],
};

const NOTES: Record<Industry, readonly string[]> = {
  it: [
    'Design, build and ship features with automated tests',
    'Review pull requests and help newer teammates grow',
    'Own your services in production, including a shared on-call rotation',
    'Improve performance and reliability against measurable goals',
    'Write short design notes before large changes',
    'Work with product and design to shape each release',
  ],
  marketing: [
    'Plan and run campaigns across paid and organic channels',
    'Report weekly on funnel metrics, spend and return',
    'Work with design on landing pages and creatives',
    'Keep the content calendar full and on brand',
    'Run experiments and share what was learned',
  ],
  finance: [
    'Prepare monthly reports with variance analysis',
    'Build and maintain financial models for planning',
    'Support audits and regulatory filings on time',
    'Improve controls and close processes',
    'Partner with business teams on budgets and forecasts',
  ],
  sales: [
    'Build and manage a pipeline of qualified leads',
    'Meet quarterly revenue targets for your territory',
    'Keep CRM records accurate and current',
    'Run product demos and handle objections',
    'Work with customer success on renewals and upsell',
  ],
};

const LEADS: Record<Industry, readonly string[]> = {
  it: ['Head of Engineering', 'Engineering Manager', 'CTO'],
  marketing: ['Head of Marketing', 'Marketing Director'],
  finance: ['Finance Controller', 'CFO'],
  sales: ['Head of Sales', 'Sales Director'],
};

const FIRST_NAMES = [
  'Aarav',
  'Ananya',
  'Vikram',
  'Priya',
  'Rohan',
  'Sneha',
  'Karthik',
  'Meera',
  'Arjun',
  'Divya',
  'Nikhil',
  'Kavya',
  'Rahul',
  'Ishita',
  'Siddharth',
  'Pooja',
] as const;
const LAST_NAMES = [
  'Sharma',
  'Iyer',
  'Reddy',
  'Nair',
  'Kulkarni',
  'Menon',
  'Gupta',
  'Das',
  'Patel',
  'Rao',
  'Verma',
  'Joshi',
] as const;

const PALETTE = [
  '#6d28d9',
  '#0f766e',
  '#b45309',
  '#1d4ed8',
  '#be123c',
  '#15803d',
  '#7c3aed',
  '#0369a1',
  '#c2410c',
  '#4d7c0f',
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

export const SEED_COMPANY_COUNT = 64;
export const SEED_JOB_COUNT = 320;
/** One verified referrer per company: every job is posted by someone who works there. */
export const SEED_REFERRER_COUNT = SEED_COMPANY_COUNT;
export const DEMO_CANDIDATE_EMAIL = 'candidate@referio.test';
export const DEMO_REFERRER_EMAIL = 'referrer@referio.test';

export interface SeedCompany {
  name: string;
  slug: string;
  /** Its e-mail domain (its referrers' work addresses are at it). */
  domain: string;
  industry: Industry;
  city: string;
  logo: string;
}
export interface SeedUser {
  email: string;
  fullName: string;
  authMode: 'candidate' | 'referrer';
  workEmailAdded: boolean;
  position: string;
  overAllExperience: number;
  summary: string;
  skills: string[];
  officeAddress: string;
  homeAddress: string;
  mobileNo: string;
  createdAt: Date;
  /** Work e-mail history: index into companies and start date. */
  history: { email: string; companyIndex: number; startDate: string }[];
}
export interface SeedJob {
  ownerIndex: number;
  companyIndex: number;
  jobTitle: string;
  jobLocation: 'On-site' | 'Remote' | 'Hybrid';
  address: string;
  industry: Industry;
  experience: Experience;
  jobType: 'Full-time' | 'Part-time' | 'Contract';
  salaryRange: string;
  requiredSkills: string[];
  jobDescription: string[];
  notes: string[];
  status: 'active' | 'inactive';
  totalReferrals: number;
  referralBonus: number;
  createdAt: Date;
}
export interface SeedTestimonial {
  name: string;
  profile: string;
  position: string;
  description: string;
}
export interface SeedData {
  companies: SeedCompany[];
  /** Referrers first (the first is the demo referrer), then the demo candidate. */
  users: SeedUser[];
  jobs: SeedJob[];
  testimonials: SeedTestimonial[];
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** A small inline SVG badge with initials (no external image host needed). */
export function initialsSvg(name: string, color: string, round: boolean): string {
  const shape = round
    ? `<circle cx='32' cy='32' r='32' fill='${color}'/>`
    : `<rect width='64' height='64' rx='12' fill='${color}'/>`;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>${shape}` +
    `<text x='32' y='41' font-family='Arial,Helvetica,sans-serif' font-size='24' font-weight='700' fill='#fff' text-anchor='middle'>${initials(name)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function officeAddress(rng: Rng, city: string) {
  return `${ordinal(rng.int(1, 12))} Floor, Block ${rng.pick(['A', 'B', 'C', 'D'])}, ${rng.pick(PARKS)} Tech Park, ${city}`;
}

function makeCompanies(rng: Rng): SeedCompany[] {
  const out: SeedCompany[] = [];
  const seen = new Set<string>();
  while (out.length < SEED_COMPANY_COUNT) {
    const industry = rng.pick(INDUSTRY_WEIGHTS);
    const name = `${rng.pick(PREFIXES)} ${rng.pick(SUFFIXES[industry])}`;
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, ''),
      domain: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      industry,
      city: rng.pick(CITIES),
      logo: initialsSvg(name, PALETTE[out.length % PALETTE.length] as string, false),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function makeDescription(
  rng: Rng,
  role: RoleDef,
  company: SeedCompany,
  industry: Industry,
): string[] {
  const [s1, s2] = rng.sample(role.skills, 2);
  const sentences = [
    `Join ${company.name} as a ${role.title} and help build what our customers across India rely on every day.`,
    `You will work in a small, cross-functional team that owns its roadmap from idea to production.`,
    `Hands-on experience with ${s1} and ${s2} is expected from day one.`,
    `The team values clear writing, careful reviews and steady delivery over heroics.`,
    `You will report to the ${rng.pick(LEADS[industry])} and take part in planning every two weeks.`,
    `We offer flexible hours, a yearly learning budget and health cover for your family.`,
  ];
  return [sentences[0] as string, ...rng.sample(sentences.slice(1), rng.int(2, 3))];
}

function makeUsers(rng: Rng, now: Date, companies: SeedCompany[]): SeedUser[] {
  const users: SeedUser[] = [];
  const names = new Set<string>();
  for (let i = 0; i < SEED_REFERRER_COUNT; i++) {
    let first: string;
    let last: string;
    do {
      first = rng.pick(FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
    } while (names.has(`${first} ${last}`));
    names.add(`${first} ${last}`);
    const company = companies[i % companies.length] as SeedCompany;
    const role = rng.pick(ROLES[company.industry]);
    const years = rng.int(4, 14);
    const local = `${first}.${last}`.toLowerCase();
    const history: SeedUser['history'] = [];
    if (rng.next() < 0.4) {
      const previous = (i + 7) % companies.length;
      history.push({
        email: `${local}@${companies[previous]?.domain}`,
        companyIndex: previous,
        startDate: isoDate(new Date(now.getTime() - rng.int(1500, 2500) * DAY_MS)),
      });
    }
    history.push({
      email: `${local}@${company.domain}`,
      companyIndex: i % companies.length,
      startDate: isoDate(new Date(now.getTime() - rng.int(200, 1400) * DAY_MS)),
    });
    users.push({
      email: i === 0 ? DEMO_REFERRER_EMAIL : `${local}@referio.test`,
      fullName: `${first} ${last}`,
      authMode: 'referrer',
      workEmailAdded: true,
      position: `${role.title} at ${company.name}`,
      overAllExperience: years,
      summary: `${role.title} with ${years} years of experience. Happy to refer people who are a good fit for ${company.name}.`,
      skills: rng.sample(role.skills, 4),
      officeAddress: officeAddress(rng, company.city),
      homeAddress: company.city,
      mobileNo: `9${String(rng.int(100000000, 999999999))}`,
      createdAt: new Date(now.getTime() - rng.int(60, 120) * DAY_MS),
      history,
    });
  }
  users.push({
    email: DEMO_CANDIDATE_EMAIL,
    fullName: 'Demo Candidate',
    authMode: 'candidate',
    workEmailAdded: false,
    position: 'Frontend Developer',
    overAllExperience: 3,
    summary:
      'Frontend developer who enjoys accessible, fast interfaces. Looking for a product team in Bengaluru or remote.',
    skills: ['React', 'TypeScript', 'CSS', 'Accessibility', 'Jest'],
    officeAddress: '',
    homeAddress: 'Bengaluru',
    mobileNo: '9876501234',
    createdAt: new Date(now.getTime() - 30 * DAY_MS),
    history: [],
  });
  return users;
}

function makeJobs(rng: Rng, now: Date, companies: SeedCompany[]): SeedJob[] {
  const jobs: SeedJob[] = [];
  for (let j = 0; j < SEED_JOB_COUNT; j++) {
    // Every company gets at least one job, then the rest spread at random.
    const companyIndex = j < companies.length ? j : rng.int(0, companies.length - 1);
    const company = companies[companyIndex] as SeedCompany;
    const industry = company.industry;
    const role = rng.pick(ROLES[industry]);
    const experience = rng.pick(role.levels);
    const jobLocation = rng.pick(['On-site', 'On-site', 'Hybrid', 'Hybrid', 'Remote'] as const);
    const skillCount = rng.int(4, Math.min(9, role.skills.length));
    jobs.push({
      // Posted by the referrer who works at that company.
      ownerIndex: companyIndex % SEED_REFERRER_COUNT,
      companyIndex,
      jobTitle: role.title,
      jobLocation,
      address:
        jobLocation === 'Remote'
          ? `Remote (India), ${company.city} office for team days`
          : officeAddress(rng, company.city),
      industry,
      experience,
      jobType: rng.pick([
        'Full-time',
        'Full-time',
        'Full-time',
        'Full-time',
        'Contract',
        'Part-time',
      ] as const),
      salaryRange: rng.pick(SALARIES[experience]),
      requiredSkills: rng.sample(role.skills, skillCount),
      jobDescription: makeDescription(rng, role, company, industry),
      notes: rng.sample(NOTES[industry], rng.int(3, 4)),
      status: j < companies.length || rng.next() < 0.9 ? 'active' : 'inactive',
      totalReferrals: rng.next() < 0.2 ? 0 : rng.int(1, 5),
      referralBonus: rng.pick([1000, 1000, 1000, 1500, 2000, 2500, 5000]),
      createdAt: new Date(now.getTime() - Math.floor(rng.next() * 60 * DAY_MS)),
    });
  }
  return jobs;
}

function makeTestimonials(): SeedTestimonial[] {
  const people: [string, string, string][] = [
    [
      'Neha Kulkarni',
      'Frontend Developer',
      'I had applied through job portals for months. One referral here got me an interview in a week, and the referrer even told me what the panel cared about.',
    ],
    [
      'Aditya Menon',
      'Data Engineer',
      'Tracking every request in one place kept me sane. I could see which referrers had approved and follow up in the chat instead of guessing.',
    ],
    [
      'Farah Sheikh',
      'Financial Analyst',
      'Switching from audit to FP&A felt impossible on paper. A referrer at my current company read my profile and vouched for me.',
    ],
    [
      'Manoj Pillai',
      'Engineering Manager',
      'As a referrer I get far better candidates than our inbound pipeline. Approving or declining takes a minute and the resumes are right there.',
    ],
    [
      'Ritika Bansal',
      'Growth Marketer',
      'The job details were honest about salary and expectations, so the conversation with the hiring manager started on the right foot.',
    ],
    [
      'Sameer Qureshi',
      'Business Development Manager',
      'I verified my work email once and posted three openings the same evening. Two of them were filled through referrals within a month.',
    ],
  ];
  return people.map(([name, position, description], i) => ({
    name,
    position,
    description,
    profile: initialsSvg(name, PALETTE[(i * 3) % PALETTE.length] as string, true),
  }));
}

/** The whole demo data set for a given "now" (dates are spread over the 60 days before it). */
export function generateSeedData(now: Date, seed = 20_240_601): SeedData {
  const rng = createRng(seed);
  const companies = makeCompanies(rng);
  const users = makeUsers(rng, now, companies);
  const jobs = makeJobs(rng, now, companies);
  return { companies, users, jobs, testimonials: makeTestimonials() };
}

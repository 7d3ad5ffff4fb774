import { companyNameKey, companyNameSkeleton, NAME_SEPARATORS } from './company-name';

/**
 * Well-known companies: their names are reserved for their own e-mail domains (docs/trust-and-safety.md).
 * No maintained package maps company names to mail domains (email-enricher matches a domain's first
 * label only and has one release; top-sites lists web sites, not employers), so this list is kept
 * here by hand and reviewed like code. Source: the large employers whose names job scams use most
 * (global technology, the Indian IT services majors, consulting and banks), each with the registrable
 * domain(s) of its staff's mail as the company publishes it on its own site. Operators confirm any
 * other domain for a company (`POST /api/admin/domains/confirm/:domain`).
 */
export interface WellKnownCompany {
  /** The name jobs are posted under. */
  name: string;
  /** Other names of the same company, posted under `name`. */
  also?: readonly string[];
  /** The registrable domains of its staff's mail. */
  domains: readonly string[];
}

export const WELL_KNOWN_COMPANIES: readonly WellKnownCompany[] = [
  { name: 'Google', also: ['Alphabet'], domains: ['google.com'] },
  { name: 'YouTube', domains: ['google.com', 'youtube.com'] },
  { name: 'Microsoft', domains: ['microsoft.com'] },
  { name: 'LinkedIn', domains: ['linkedin.com', 'microsoft.com'] },
  { name: 'GitHub', domains: ['github.com', 'microsoft.com'] },
  { name: 'Amazon', also: ['Amazon Web Services', 'AWS'], domains: ['amazon.com'] },
  { name: 'Apple', domains: ['apple.com'] },
  { name: 'Meta', also: ['Meta Platforms'], domains: ['meta.com', 'fb.com'] },
  { name: 'Facebook', domains: ['fb.com', 'meta.com'] },
  { name: 'Netflix', domains: ['netflix.com'] },
  { name: 'NVIDIA', domains: ['nvidia.com'] },
  { name: 'Intel', domains: ['intel.com'] },
  { name: 'IBM', domains: ['ibm.com'] },
  { name: 'Oracle', domains: ['oracle.com'] },
  { name: 'Salesforce', domains: ['salesforce.com'] },
  { name: 'Adobe', domains: ['adobe.com'] },
  { name: 'Cisco', domains: ['cisco.com'] },
  { name: 'SAP', domains: ['sap.com'] },
  { name: 'Qualcomm', domains: ['qualcomm.com'] },
  { name: 'Samsung', domains: ['samsung.com'] },
  { name: 'Dell', also: ['Dell Technologies'], domains: ['dell.com'] },
  { name: 'Uber', domains: ['uber.com'] },
  { name: 'Airbnb', domains: ['airbnb.com'] },
  { name: 'Stripe', domains: ['stripe.com'] },
  { name: 'PayPal', domains: ['paypal.com'] },
  { name: 'Atlassian', domains: ['atlassian.com'] },
  { name: 'Spotify', domains: ['spotify.com'] },
  { name: 'Walmart', domains: ['walmart.com'] },
  { name: 'Flipkart', domains: ['flipkart.com'] },
  { name: 'Accenture', domains: ['accenture.com'] },
  { name: 'Deloitte', domains: ['deloitte.com'] },
  { name: 'PwC', also: ['PricewaterhouseCoopers'], domains: ['pwc.com'] },
  { name: 'EY', also: ['Ernst & Young'], domains: ['ey.com'] },
  { name: 'KPMG', domains: ['kpmg.com'] },
  { name: 'McKinsey & Company', also: ['McKinsey'], domains: ['mckinsey.com'] },
  { name: 'Goldman Sachs', domains: ['gs.com'] },
  {
    name: 'JPMorgan Chase',
    also: ['JPMorgan', 'J.P. Morgan'],
    domains: ['jpmorgan.com', 'jpmchase.com'],
  },
  { name: 'Morgan Stanley', domains: ['morganstanley.com'] },
  { name: 'Tata Consultancy Services', also: ['TCS'], domains: ['tcs.com'] },
  { name: 'Infosys', domains: ['infosys.com'] },
  { name: 'Wipro', domains: ['wipro.com'] },
  { name: 'HCLTech', also: ['HCL Technologies', 'HCL'], domains: ['hcltech.com', 'hcl.com'] },
  { name: 'Tech Mahindra', domains: ['techmahindra.com'] },
  { name: 'Cognizant', domains: ['cognizant.com'] },
  { name: 'Capgemini', domains: ['capgemini.com'] },
  { name: 'LTIMindtree', domains: ['ltimindtree.com'] },
  { name: 'Zoho', also: ['Zoho Corporation'], domains: ['zohocorp.com'] },
  { name: 'Freshworks', domains: ['freshworks.com'] },
  { name: 'Paytm', domains: ['paytm.com'] },
  { name: 'PhonePe', domains: ['phonepe.com'] },
  { name: 'Razorpay', domains: ['razorpay.com'] },
  { name: 'Swiggy', domains: ['swiggy.in'] },
  { name: 'Zomato', domains: ['zomato.com'] },
  { name: 'Myntra', domains: ['myntra.com'] },
  { name: 'HDFC Bank', domains: ['hdfcbank.com'] },
  { name: 'ICICI Bank', domains: ['icicibank.com'] },
  { name: 'Axis Bank', domains: ['axisbank.com'] },
];

/**
 * Words a company's name often carries after it ('Google LLC', 'Google India', 'Google Careers'):
 * left out when a name is compared with the list.
 */
const QUALIFIERS: ReadonlySet<string> = new Set(
  [
    ...['inc', 'llc', 'llp', 'ltd', 'limited', 'corp', 'corporation', 'co', 'company', 'plc'],
    ...['gmbh', 'ag', 'sa', 'pvt', 'private', 'group', 'holdings', 'india', 'global'],
    ...['international', 'careers', 'career', 'jobs', 'hiring', 'recruitment', 'recruiting', 'hr'],
  ].map(companyNameSkeleton),
);

/** The name's words (keys), less the qualifiers at its end; a one-word name keeps its word. */
function coreWords(name: string): string[] {
  const words = companyNameKey(name).split(NAME_SEPARATORS).filter(Boolean);
  while (words.length > 1 && QUALIFIERS.has(companyNameSkeleton(words[words.length - 1]!))) {
    words.pop();
  }
  return words;
}

const byKey = new Map<string, WellKnownCompany>();
const bySkeleton = new Map<string, WellKnownCompany>();
for (const company of WELL_KNOWN_COMPANIES) {
  for (const name of [company.name, ...(company.also ?? [])]) {
    const words = coreWords(name);
    byKey.set(words.join(''), company);
    bySkeleton.set(companyNameSkeleton(words.join(' ')), company);
  }
}

/**
 * The well-known company a name is (`exact`: the same letters, whatever the case, spacing,
 * punctuation and trailing qualifiers: 'G o o g l e', 'google llc') or only looks like (the same
 * confusable skeleton: 'Goog1e', 'Gооgle' with Cyrillic o's); null for any other name.
 */
export function wellKnownCompany(
  name: string,
): { company: WellKnownCompany; exact: boolean } | null {
  const words = coreWords(name);
  const exact = byKey.get(words.join(''));
  if (exact) return { company: exact, exact: true };
  const similar = bySkeleton.get(companyNameSkeleton(words.join(' ')));
  return similar ? { company: similar, exact: false } : null;
}

// A check of a JobPosting against what Google's job results need (required) and use (recommended):
// https://developers.google.com/search/docs/appearance/structured-data/job-posting. Returns the problems found.

const isText = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const isIsoDate = (v: unknown) =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];

export function jobPostingProblems(ld: unknown): string[] {
  const out: string[] = [];
  const p = obj(ld);
  if (!p) return ['not an object'];
  if (!String(p['@context'] ?? '').startsWith('https://schema.org')) out.push('@context');
  if (p['@type'] !== 'JobPosting') out.push('@type');
  // Required.
  if (!isText(p.title)) out.push('title');
  if (!isText(p.description)) out.push('description');
  if (!isIsoDate(p.datePosted)) out.push('datePosted');
  const org = obj(p.hiringOrganization);
  if (!org || org['@type'] !== 'Organization' || !isText(org.name)) out.push('hiringOrganization');
  const place = obj(p.jobLocation);
  const remote = p.jobLocationType === 'TELECOMMUTE';
  if (place) {
    const address = obj(place.address);
    if (place['@type'] !== 'Place' || !address || address['@type'] !== 'PostalAddress')
      out.push('jobLocation');
    else if (!isText(address.addressCountry)) out.push('jobLocation.address.addressCountry');
  } else if (!remote) {
    out.push('jobLocation (or jobLocationType TELECOMMUTE)');
  }
  // Recommended.
  if (remote) {
    const where = obj(p.applicantLocationRequirements);
    if (!where || !isText(where.name)) out.push('applicantLocationRequirements');
  }
  if (p.validThrough !== undefined && !isIsoDate(p.validThrough)) out.push('validThrough');
  if (typeof p.employmentType !== 'string' || !EMPLOYMENT_TYPES.includes(p.employmentType))
    out.push('employmentType');
  const id = obj(p.identifier);
  if (id && (!isText(id.name) || !isText(id.value))) out.push('identifier');
  if (p.baseSalary !== undefined) {
    const salary = obj(p.baseSalary);
    const value = obj(salary?.value);
    const amount = value && (value.value ?? value.minValue);
    if (
      !salary ||
      salary['@type'] !== 'MonetaryAmount' ||
      !isText(salary.currency) ||
      !value ||
      value['@type'] !== 'QuantitativeValue' ||
      typeof amount !== 'number' ||
      !['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'].includes(String(value.unitText))
    )
      out.push('baseSalary');
  }
  return out;
}

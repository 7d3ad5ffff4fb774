/** Personal mailbox providers refused as work e-mail addresses. */
export const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'yahoo.co.uk',
  'ymail.com',
  'rocketmail.com',
  'outlook.com',
  'outlook.in',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'zoho.com',
  'zohomail.in',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'rediffmail.com',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
]);

export const PERSONAL_EMAIL_MESSAGE = 'Please use your company email address, not a personal one.';

export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export const isFreeMailAddress = (email: string) => FREE_MAIL_DOMAINS.has(emailDomain(email));

// Second-level labels that are part of a country suffix (acme.co.in, acme.com.au), not the company.
const SECOND_LEVEL = new Set([
  'co',
  'com',
  'net',
  'org',
  'ac',
  'gov',
  'edu',
  'ltd',
  'plc',
  'firm',
  'gen',
  'ind',
]);
const SUBDOMAINS = new Set([
  'mail',
  'email',
  'corp',
  'in',
  'us',
  'uk',
  'eu',
  'global',
  'team',
  'staff',
]);

/**
 * A display name for the company behind a work e-mail: 'asha@mail.nimbus-labs.co.in' → 'Nimbus Labs',
 * 'ravi@tcs.com' → 'TCS' (short names are taken as acronyms).
 */
export function companyNameFromEmail(email: string): string {
  const labels = emailDomain(email).split('.').filter(Boolean);
  if (labels.length === 0) return '';
  labels.pop(); // top-level domain
  if (labels.length > 1 && SECOND_LEVEL.has(labels[labels.length - 1] as string)) labels.pop();
  const candidates = labels.filter((l) => !SUBDOMAINS.has(l));
  const label = candidates[candidates.length - 1] ?? labels[labels.length - 1] ?? '';
  if (label.length <= 3) return label.toUpperCase();
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import emailProviders from 'email-providers/all.json';
import { DOMAINS as FREE_MAIL_HOSTS } from 'free-email-domains-list/build/src/constants';
import { getDomain, getDomainWithoutSuffix, parse } from 'tldts';

/**
 * Mail providers refused as work e-mail addresses, each a Set built once at start-up: free and
 * personal providers (`email-providers`, ~8,700 domains, from goware/emailproviders) and disposable
 * ones (`disposable-email-domains-js`, ~8,900, from the disposable-email-domains project). Both lists
 * are maintained upstream; docs/verified-referrers.md says why these two.
 */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set(emailProviders as string[]);
const DISPOSABLE_MAIL_DOMAINS: ReadonlySet<string> = disposableEmailBlocklistSet();
/**
 * Shared mail hosts: domains where anyone can get an address, so none is a company's (fastmail.com,
 * onmicrosoft.com tenants, googlegroups.com…): `free-email-domains-list` (~96,000 domains, updated
 * upstream), which the two lists above miss (docs/trust-and-safety.md).
 */
const SHARED_MAIL_HOSTS: ReadonlySet<string> = FREE_MAIL_HOSTS;

/**
 * Mail brands: the name (registrable domain less its public suffix) of providers whose every domain
 * is a mail host anyone can use. The lists above name some of a brand's domains and miss others
 * (proton.me but not proton.ch, zoho.com but not zohomail.in, tempmail.de but not tempmail.com);
 * a brand covers them all. Only brands that are nothing but mail: a name shared with a company
 * (orange, virgin, post, apple) is never one (docs/trust-and-safety.md).
 */
const MAIL_BRANDS: ReadonlySet<string> = new Set([
  'anonaddy',
  'addy',
  'gmail',
  'googlemail',
  'guerrillamail',
  'gmx',
  'hotmail',
  'hushmail',
  'mailfence',
  'mailinator',
  'outlook',
  'proton',
  'protonmail',
  'rediffmail',
  'simplelogin',
  'temp-mail',
  'tempmail',
  'tuta',
  'tutamail',
  'tutanota',
  'yahoo',
  'yopmail',
  'zohomail',
]);

export const PERSONAL_EMAIL_MESSAGE = 'Please use your company email address, not a personal one.';
export const DISPOSABLE_EMAIL_MESSAGE =
  'Please use your company email address, not a disposable one.';
export const INVALID_WORK_EMAIL_MESSAGE = 'Please enter a valid work email';
export const SHARED_MAIL_HOST_MESSAGE =
  'Please use your company email address, not a shared mail host.';

/** The part after the last '@', lower-case ('eng.acme.co.uk'). */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The registrable domain of an address, by the Public Suffix List (tldts): 'x@eng.acme.co.uk' →
 * 'acme.co.uk'. Null for a host that has none (an IP address, 'localhost', a bare suffix like 'co.uk').
 */
export function registrableDomain(email: string): string | null {
  const host = emailDomain(email);
  if (!host) return null;
  const domain = getDomain(host, { allowPrivateDomains: false });
  return domain ? domain.toLowerCase() : null;
}

/** The address's host and registrable domain, each looked up in `list`. */
function listed(list: ReadonlySet<string>, email: string, domain = registrableDomain(email)) {
  return list.has(emailDomain(email)) || (domain !== null && list.has(domain));
}

/** Whether the address or its registrable domain is a listed free or personal mail provider. */
export const isFreeMailAddress = (email: string) => listed(FREE_MAIL_DOMAINS, email);

/** Whether the address or its registrable domain is a listed disposable (throw-away) mail provider. */
export const isDisposableMailAddress = (email: string) => listed(DISPOSABLE_MAIL_DOMAINS, email);

/**
 * Whether a host is under a private suffix of the Public Suffix List (github.io, herokuapp.com,
 * netlify.app, blogspot.com…): anyone can get a name there, so it is nobody's company.
 */
export function isPrivateSuffixHost(host: string): boolean {
  return parse(host.toLowerCase(), { allowPrivateDomains: true }).isPrivate === true;
}

/** Whether the host's registrable domain is one of a mail brand's (`MAIL_BRANDS`): proton.ch. */
const isMailBrandHost = (host: string) =>
  MAIL_BRANDS.has(getDomainWithoutSuffix(host, { allowPrivateDomains: false }) ?? '');

/** Whether a domain (or host) is a shared mail host: it never counts as a company's domain. */
export function isSharedMailDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  const registrable = getDomain(d, { allowPrivateDomains: false });
  if (isPrivateSuffixHost(d) || isMailBrandHost(d)) return true;
  return [d, registrable].some(
    (x) =>
      x !== null &&
      (SHARED_MAIL_HOSTS.has(x) || FREE_MAIL_DOMAINS.has(x) || DISPOSABLE_MAIL_DOMAINS.has(x)),
  );
}

/**
 * Why an address cannot be a work e-mail (the message the UI shows), or null when it can: it needs a
 * registrable domain and must not be at a free/personal or disposable mail provider, nor a shared
 * mail host (listed, a mail brand's, or under a private suffix of the Public Suffix List).
 */
export function workEmailProblem(email: string): string | null {
  const domain = registrableDomain(email);
  if (!domain) return INVALID_WORK_EMAIL_MESSAGE;
  if (listed(FREE_MAIL_DOMAINS, email, domain)) return PERSONAL_EMAIL_MESSAGE;
  if (listed(DISPOSABLE_MAIL_DOMAINS, email, domain)) return DISPOSABLE_EMAIL_MESSAGE;
  if (isSharedMailDomain(emailDomain(email))) return SHARED_MAIL_HOST_MESSAGE;
  return null;
}

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

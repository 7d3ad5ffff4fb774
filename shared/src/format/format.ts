import { differenceInSeconds, isValid, lightFormat, parseISO } from 'date-fns';
import { SKILL_CUT_LENGTH } from '../contract/constants';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d =
    value instanceof Date ? value : typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(d) ? d : null;
}

/** '12-18' → '₹12-18 LPA'; '12-18 LPA' and '₹12-18' are not doubled; blank → ''. */
export function formatLpa(range: string | number | null | undefined): string {
  const raw = String(range ?? '').trim();
  if (!raw) return '';
  const bare = raw
    .replace(/^₹\s*/, '')
    .replace(/\s*LPA$/i, '')
    .trim();
  return `₹${bare} LPA`;
}

// date-fns's lightFormat (numbers and AM/PM only) instead of format: format brings every locale-aware
// token with it (about 6 KB gzip on every page). The site's one month style is English short names.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A job's place in one line: 'Hybrid, 1 Residency Road, Bengaluru'. The work mode is left out when the
 * address already says it ('Remote' + 'Remote, India' reads 'Remote, India', not 'Remote, Remote, India').
 */
export function formatJobLocation(
  jobLocation: string | null | undefined,
  address: string | null | undefined,
  separator = ', ',
): string {
  const mode = (jobLocation ?? '').trim();
  const place = (address ?? '').trim();
  if (!place) return mode;
  if (!mode) return place;
  const words = place.toLowerCase().split(/[^\p{L}-]+/u);
  if (words.includes(mode.toLowerCase())) return place;
  return `${mode}${separator}${place}`;
}

/** 'dd Mon yyyy', e.g. '05 Mar 2026'; '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? `${lightFormat(d, 'dd')} ${MONTHS[d.getMonth()]} ${lightFormat(d, 'yyyy')}` : '';
}

/** '12:05 PM': a message time. */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  return d ? lightFormat(d, 'hh:mm a') : '';
}

const UNITS: [number, string][] = [
  [365 * 24 * 3600, 'year'],
  [30 * 24 * 3600, 'month'],
  [7 * 24 * 3600, 'week'],
  [24 * 3600, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
];

/** 'just now', '5 minutes ago', '1 day ago', '3 days ago', '2 months ago'. */
export function relativeTime(value: DateInput, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return '';
  const secs = Math.max(0, differenceInSeconds(now, d));
  for (const [size, unit] of UNITS) {
    if (secs >= size) {
      const n = Math.floor(secs / size);
      return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
    }
  }
  return 'just now';
}

/** 2 → '02'; 12 → '12'. */
export const padTwo = (n: number): string => String(n).padStart(2, '0');

/** A skill cut to `max` characters (cards cut only really long names, SKILL_CUT_LENGTH). */
export const cutSkill = (skill: string, max: number = SKILL_CUT_LENGTH): string =>
  skill.length > max ? skill.slice(0, max) : skill;

/** The first `count` skills and how many more: for '+N more'. */
export function visibleSkills(
  skills: readonly string[] | null | undefined,
  count: number,
): { shown: string[]; more: number } {
  const list = skills ?? [];
  return { shown: list.slice(0, count), more: Math.max(0, list.length - count) };
}

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A name's initials for an avatar: 'Ana Rao' → 'AR', 'ana.rao' → 'AR', 'Ana' → 'A', '' → '?'. */
export function initials(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return (
    letters
      .map((w) => (w ?? '').charAt(0).toUpperCase())
      .join('')
      .slice(0, 2) || '?'
  );
}

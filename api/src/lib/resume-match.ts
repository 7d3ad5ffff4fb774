// How a resume's text meets a job: which of the job's skills it names, and how many years of experience it
// shows. Pure functions over text (the rules: docs/decisions-referrer.md, "Match summary").

/** Names that mean the same skill (lower case); a job's skill is found by any name of its group. */
const ALIAS_GROUPS: readonly (readonly string[])[] = [
  ['javascript', 'js', 'ecmascript'],
  ['typescript', 'ts'],
  ['postgresql', 'postgres', 'psql'],
  ['node.js', 'nodejs', 'node'],
  ['react', 'react.js', 'reactjs'],
  ['vue', 'vue.js', 'vuejs'],
  ['angular', 'angularjs', 'angular.js'],
  ['next.js', 'nextjs'],
  ['kubernetes', 'k8s'],
  ['go', 'golang'],
  ['aws', 'amazon web services'],
  ['gcp', 'google cloud', 'google cloud platform'],
  ['azure', 'microsoft azure'],
  ['c#', 'csharp'],
  ['.net', 'dotnet'],
  ['mongodb', 'mongo'],
  ['machine learning', 'ml'],
  ['html', 'html5'],
  ['css', 'css3'],
];

const normalize = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The names a skill is found by: its alias group, or itself. */
function namesOf(skill: string): readonly string[] {
  const key = normalize(skill).toLowerCase();
  return ALIAS_GROUPS.find((g) => g.includes(key)) ?? [key];
}

/** A name of at most two letters and digits ("Go", "JS", "C++"). */
const isShort = (name: string) => name.replace(/[^\p{L}\p{N}]/gu, '').length <= 2;

/**
 * One name as a pattern: whole words (no letter or digit right before, none or a '+'/'#' right after, so
 * "C" is not found in "C++"), spaces matching any run of spaces or hyphens. A short name
 * ("Go", "JS", "R") is found only where it starts with a capital, never as a lower-case word ("go", "js").
 */
function namePattern(name: string): string {
  const body = isShort(name)
    ? [...name]
        .map((c, i) =>
          /\p{L}/u.test(c)
            ? i === 0
              ? c.toUpperCase()
              : `[${c.toLowerCase()}${c.toUpperCase()}]`
            : escape(c),
        )
        .join('')
    : escape(name).replace(/ /g, '[\\s-]+');
  return `(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}+#])`;
}

/** Whether the text names the skill (by any of its names). */
export function hasSkill(text: string, skill: string): boolean {
  return namesOf(skill).some((name) => {
    return new RegExp(namePattern(name), isShort(name) ? 'u' : 'iu').test(text);
  });
}

/** The job's skills (its spelling and order, each once) found in the text and missing from it. */
export function matchSkills(
  text: string,
  skills: readonly string[],
): { matched: string[]; missing: string[] } {
  const clean = normalize(text);
  const seen = new Set<string>();
  const matched: string[] = [];
  const missing: string[] = [];
  for (const raw of skills) {
    const skill = normalize(raw);
    if (!skill || seen.has(skill.toLowerCase())) continue;
    seen.add(skill.toLowerCase());
    (hasSkill(clean, skill) ? matched : missing).push(skill);
  }
  return { matched, missing };
}

const MAX_YEARS = 50;

/** The largest "N years of experience" the text states ("5+ years of experience", "6 yrs experience"). */
export function statedYears(text: string): number | null {
  const patterns = [
    /(\d{1,2}(?:\.\d+)?)\s*\+?\s*(?:years?|yrs?)(?:\s+(?:of|in))?(?:\s+[\p{L}-]+){0,3}?\s+(?:experience|exp)\b/giu,
    /\bexperience\s*(?:of|:|-)?\s*(\d{1,2}(?:\.\d+)?)\s*\+?\s*(?:years?|yrs?)\b/giu,
  ];
  let best: number | null = null;
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      const years = Number(m[1]);
      if (years <= MAX_YEARS && (best === null || years > best)) best = years;
    }
  }
  return best;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DATE = String.raw`(?:(?<m>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+|(?<n>\d{1,2})[/.-])?(?<y>(?:19|20)\d{2})`;
const RANGE = new RegExp(
  `${DATE}\\s*(?:-|–|—|to|until)\\s*(?:${DATE.replace(/<(m|n|y)>/g, (_, g: string) => `<${g}2>`)}|(?<now>present|current|now|today|date))`,
  'giu',
);
/** A line with one of these words dates studies, not work. */
const EDUCATION =
  /\b(?:university|college|school|institute|bachelor|master|degree|diploma|ph\.?d|b\.?\s?sc|m\.?\s?sc|b\.?\s?tech|m\.?\s?tech|b\.?e\b|m\.?b\.?a)/iu;

/** A month index (year × 12 + month) from a date's groups. */
function monthOf(year: string, month: string | undefined, numeric: string | undefined): number {
  const fromName = month ? MONTHS.indexOf(month.toLowerCase().slice(0, 3)) : -1;
  const fromNumber = numeric ? Number(numeric) - 1 : -1;
  const m = fromName >= 0 ? fromName : fromNumber >= 0 && fromNumber < 12 ? fromNumber : 0;
  return Number(year) * 12 + m;
}

/** Months covered by the text's date ranges ("Jan 2019 – Present", "2015 - 2018", "03/2017 to 06/2020"), overlaps once. */
export function rangeMonths(text: string, now: Date): number {
  const today = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const spans: [number, number][] = [];
  for (const line of text.split('\n')) {
    if (EDUCATION.test(line)) continue;
    for (const m of line.matchAll(RANGE)) {
      const g = m.groups ?? {};
      const start = monthOf(g.y!, g.m, g.n);
      const end = g.now ? today : monthOf(g.y2!, g.m2, g.n2);
      if (start <= end && end <= today && end - start <= MAX_YEARS * 12) spans.push([start, end]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [start, end] of spans) {
    const from = Math.max(start, reach);
    if (end > from) total += end - from;
    reach = Math.max(reach, end);
  }
  return total;
}

/**
 * Whole years of experience the text shows: the largest stated "N years of experience" when it states one,
 * else the months its work date ranges cover (overlaps counted once, education lines left out); null when
 * it shows neither.
 */
export function yearsOfExperience(text: string, now: Date): number | null {
  const clean = text.normalize('NFKC');
  const stated = statedYears(clean.replace(/\s+/g, ' '));
  if (stated !== null) return Math.floor(stated);
  const months = rangeMonths(clean, now);
  return months > 0 ? Math.floor(months / 12) : null;
}

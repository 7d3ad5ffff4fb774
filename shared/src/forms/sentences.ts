// Sentences of a job description (the wizard's '.' chip input): Intl.Segmenter's sentence breaks, so
// decimals ('3.5 years'), versions ('v2.1') and dotted names ('Node.js') stay inside a sentence; plus the
// abbreviations the browser's segmenter breaks after ('e.g. 3.5 years' stays one sentence).

/**
 * Abbreviations after which a sentence goes on: 'e.g.', 'i.e.', 'vs.', 'approx.', 'incl.', titles, 'yrs.',
 * and dotted initials like 'U.S.'. Not 'etc.', which often ends a sentence.
 */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|cf|vs|viz|approx|incl|esp|dept|fig|mr|mrs|ms|dr|prof|sr|jr|yrs?|hrs?|(?:[a-z]\.)+[a-z])\.\s*$/i;

const segmenter: { segment(text: string): Iterable<{ segment: string }> } | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('en', { granularity: 'sentence' })
    : null;

/** Where the segmenter is missing: a full stop followed by a space or the end. */
const fallback = (text: string): string[] => text.match(/[^]*?(?:\.(?=\s|$)\s*|$)/g) ?? [text];

/**
 * The sentences of `text`, each with its own trailing spaces (joined they give `text` back): a segment
 * that ends in an abbreviation is joined to the next.
 */
export function splitSentences(text: string): string[] {
  const raw = segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : fallback(text);
  const out: string[] = [];
  let carry = '';
  for (const part of raw) {
    if (!part) continue;
    carry += part;
    if (!ABBREVIATION.test(carry)) {
      out.push(carry);
      carry = '';
    }
  }
  if (carry) out.push(carry);
  return out;
}

/** A sentence as a chip: trimmed, without its final full stop ('Ship it.' → 'Ship it'). */
export const sentenceItem = (sentence: string): string => sentence.trim().replace(/(?<!\.)\.$/, '');

/**
 * Typing into the box: the sentences finished so far (a next one has begun) and the text that stays.
 * 'Build APIs. ' keeps everything until the next sentence starts, since only its first letter shows
 * whether the full stop ended one ('e.g. 3.5 years' does not).
 */
export function takeFinishedSentences(value: string): { done: string[]; rest: string } {
  const parts = splitSentences(value);
  if (parts.length < 2) return { done: [], rest: value };
  return { done: parts.slice(0, -1).map(sentenceItem), rest: parts[parts.length - 1]! };
}

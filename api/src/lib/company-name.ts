import unhomoglyph from 'unhomoglyph';

/**
 * Company names (docs/trust-and-safety.md): one company per name. A name is shown as typed, less its
 * invisible characters; it is compared by its **key** (NFKC, case-folded, zero-width, bidi and other
 * format characters removed, white space collapsed) and its look-alikes are found by the UTS #39
 * confusable **skeleton** of the key (`unhomoglyph`, Unicode's confusables.txt: 'Goog1e' and 'Gооgle'
 * with Cyrillic o's have the skeleton of 'google'), spacing and punctuation left out ('G o o g l e',
 * 'G.o.o.g.l.e' and 'Goo-gle' too).
 */

// Format characters (Cf: zero-width space/joiners, bidi marks and embeddings, the BOM, soft hyphen…)
// and the other default-ignorable code points (variation selectors, Hangul fillers, tags) a name never needs.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
const SPACES = /[\s\u00A0\u2000-\u200A\u202F\u205F\u3000]+/gu;
/** What separates the words of a name: white space, every space separator and punctuation. */
export const NAME_SEPARATORS = /[\s\p{Z}\p{P}]+/gu;

/** The name as stored and shown: NFKC, invisible characters removed, spaces collapsed, trimmed. */
export function cleanCompanyName(name: string): string {
  return name.normalize('NFKC').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** Case folding (full: 'ß' → 'ss', 'ﬀ' handled by NFKC before). */
const fold = (s: string) => s.toUpperCase().toLowerCase().normalize('NFKC');

/** The key two names of one company share: the cleaned name, case-folded. */
export function companyNameKey(name: string): string {
  return fold(cleanCompanyName(name));
}

/**
 * The UTS #39 skeleton of the key (NFD, each confusable mapped to its prototype, NFD again), then
 * lower-cased, since the prototypes of some letters are capitals and the key is already folded, and
 * without spacing and punctuation, which only make a copy look different to a machine.
 */
export function companyNameSkeleton(name: string): string {
  const key = companyNameKey(name).normalize('NFD');
  return unhomoglyph(key).normalize('NFD').toLowerCase().replace(NAME_SEPARATORS, '');
}

// The bench's search mix (benchSearchTerms()) sorted into the classes the search engines are compared
// by (tools/bench/search-engines.mjs), with the classes the mix lacks made from its words: a missing
// word (a mix word with letters added), a "phrase" (a two-word search quoted), a prefix (a word cut as
// while typing), an -exclusion, `or`, and its filters alone. A single word is common when its stem has
// bitmaps in the engine (referio_search_bits_min() posts or more), rare when fewer posts have it.
import { benchSearchTerms } from './seed.mjs';

const FILTER_KEYS = ['jobType', 'location', 'industry', 'experience', 'company'];

/** A search of the classes: what both engines' statements take. */
const search = (text, filters = {}, prefix = false) => ({
  label: [prefix ? `${text}…` : text, ...Object.values(filters)].join(' | '),
  search: text,
  filters,
  prefix,
  start: 0,
  limit: 9,
});

/** The mix's one-word searches without a filter, each with its stem's count and whether it is common. */
async function singleWords(client, mix) {
  const words = mix
    .filter((x) => !x.filtered && !x.body.search.includes(' '))
    .map((x) => x.body.search);
  const { rows } = await client.query(
    `SELECT w.word, coalesce(c.jobs, 0) AS jobs, coalesce(c.has_bits, false) AS common
     FROM unnest($1::text[]) WITH ORDINALITY AS w(word, n)
     LEFT JOIN job_word_counts c ON c.word = (referio_words(w.word))[1]
     WHERE cardinality(referio_words(w.word)) = 1
     ORDER BY w.n`,
    [words],
  );
  return rows;
}

/** The classes, each at most `perClass` searches, in the mix's (shuffled, deterministic) order. */
export async function searchClasses(client, perClass) {
  const mix = benchSearchTerms().map((x) => ({
    ...x,
    filtered: FILTER_KEYS.some((k) => x.body[k]),
  }));
  const filtersOf = (body) =>
    Object.fromEntries(FILTER_KEYS.filter((k) => body[k]).map((k) => [k, body[k]]));
  const singles = await singleWords(client, mix);
  const common = singles.filter((w) => w.common).map((w) => w.word);
  const rare = singles.filter((w) => !w.common && w.jobs > 0).map((w) => w.word);
  const all = singles.map((w) => w.word);
  const pairs = mix
    .filter((x) => !x.filtered && x.body.search.includes(' '))
    .map((x) => x.body.search);
  /** A word of the mix at `i` (wrapping), never `w` itself. */
  const other = (w, i) => [all[i % all.length], all[(i + 1) % all.length]].find((x) => x !== w);
  const cut = (w) => w.slice(0, Math.max(2, Math.ceil(w.length / 2)));
  const filterSets = [
    ...new Map(
      mix
        .filter((x) => x.filtered)
        .map((x) => [JSON.stringify(filtersOf(x.body)), filtersOf(x.body)]),
    ).values(),
  ];
  const classes = {
    common: common.map((w) => search(w)),
    rare: rare.map((w) => search(w)),
    'missing word': all.map((w) => search(`${w}qx`)),
    'two words': pairs.map((p) => search(p)),
    phrase: pairs.map((p) => search(`"${p}"`)),
    prefix: all.filter((w) => cut(w).length < w.length).map((w) => search(cut(w), {}, true)),
    exclusion: common.map((w, i) => search(`${w} -${other(w, i * 7 + 3)}`)),
    or: all.map((w, i) => search(`${w} or ${other(w, i * 5 + 1)}`)),
    'filters only': filterSets.map((f) => search('', f)),
    'word + filter': mix
      .filter((x) => x.filtered)
      .map((x) => search(x.body.search, filtersOf(x.body))),
  };
  return Object.fromEntries(Object.entries(classes).map(([k, xs]) => [k, xs.slice(0, perClass)]));
}

/**
 * The engine's statement: the API's search without the posts' rows (services/job-posts.ts, the same
 * placeholders in the same order), totals exact up to `bound`.
 */
export function postingsStatement({ search, filters, start, limit }, bound) {
  return {
    text: `SELECT s.total, s.positions FROM referio_search_query_page(referio_search_parse($1::text),
      referio_filter_tokens($2::text, $3::text, $4::text, $5::text, $6::uuid), $7::int, $8::int, $9::int) AS s`,
    values: [
      search,
      filters.jobType ?? null,
      filters.location ?? null,
      filters.industry ?? null,
      filters.experience ?? null,
      filters.company ?? null,
      start,
      limit,
      bound,
    ],
  };
}

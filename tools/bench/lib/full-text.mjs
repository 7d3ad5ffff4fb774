// PostgreSQL full-text search built properly, beside the postings engine (tools/bench/search-engines.mjs):
// the listed posts (a partial table, as a partial index would be) with their filters as columns and a
// generated weighted tsvector (title A; company and skills B; address and location type C; each text
// folded as the engine folds it, referio_search_fold(), stemmed by the engine's configuration `referio`),
// a GIN index on it with statistics 10000, and a newest-first B-tree. A search is websearch_to_tsquery()
// (its last word, for the prefix class, a to_tsquery() prefix) and the set filters as plain conditions,
// written into the statement (custom plans; no `IS NULL OR` arms).

/**
 * Makes bench_fts from job_posts once (a re-run finds it), then vacuums it, made or found: as autovacuum would
 * leave a live table (hint bits set, the visibility map filled, statistics taken), and so that autovacuum does
 * not vacuum the new table beside the timed runs (one re-run without this had full-text timings 40 times the
 * record's). Returns what it did.
 */
export async function buildFullText(client) {
  const t0 = Date.now();
  const made = await makeFullTextTable(client);
  // Not in the statement above: VACUUM cannot run inside the transaction a multi-statement query is.
  await client.query('VACUUM (ANALYZE) bench_fts');
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  return `full-text: bench_fts ${made ? 'made' : 'found'} and vacuumed in ${secs} s`;
}

async function makeFullTextTable(client) {
  const exists = await client.query("SELECT to_regclass('bench_fts') IS NOT NULL AS x");
  if (exists.rows[0].x) return false;
  await client.query(`
    CREATE TABLE bench_fts AS
      SELECT j.search_pos, j.job_type, j.job_location, j.industry, j.experience, j.company_id,
             j.job_title, j.company_name, referio_skills_text(j.required_skills) AS skills,
             j.address || ' ' || j.job_location::text AS place
      FROM job_posts j WHERE referio_job_listed(j);
    ALTER TABLE bench_fts ADD COLUMN doc tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('referio', referio_search_fold(job_title)), 'A')
      || setweight(to_tsvector('referio', referio_search_fold(company_name || ' ' || skills)), 'B')
      || setweight(to_tsvector('referio', referio_search_fold(place)), 'C')) STORED;
    CREATE INDEX bench_fts_doc_idx ON bench_fts USING gin (doc);
    CREATE INDEX bench_fts_newest_idx ON bench_fts (search_pos DESC);
    ALTER TABLE bench_fts ALTER COLUMN doc SET STATISTICS 10000;`);
  return true;
}

/**
 * A search as websearch_to_tsquery() reads it: folded as the engine folds a post (accents, case,
 * punctuation) but keeping what websearch syntax means (quotes, a leading minus).
 */
export function webSearchText(search) {
  return search
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s"-]+/gu, ' ')
    .replace(/(?<=[\p{L}\p{N}])-+/gu, ' ');
}

/** Each filter's column and its type (the enums are named as their columns). */
const FILTER_COLUMNS = {
  jobType: ['job_type', 'job_type'],
  location: ['job_location', 'job_location'],
  industry: ['industry', 'industry'],
  experience: ['experience', 'experience'],
  company: ['company_id', 'uuid'],
};

/** The conditions of a search on bench_fts and their values ($1 onwards). */
function conditions({ search, filters, prefix }) {
  const where = [];
  const values = [];
  const param = (v) => {
    values.push(v);
    return `$${values.length}`;
  };
  const words = webSearchText(search).trim();
  if (prefix) {
    const all = words.split(/\s+/);
    const last = all.pop();
    const head = all.join(' ');
    if (head) where.push(`f.doc @@ websearch_to_tsquery('referio', ${param(head)})`);
    where.push(`f.doc @@ to_tsquery('referio', ${param(`${last}:*`)})`);
  } else if (words) {
    where.push(`f.doc @@ websearch_to_tsquery('referio', ${param(words)})`);
  }
  for (const [key, [column, type]] of Object.entries(FILTER_COLUMNS)) {
    if (filters[key]) where.push(`f.${column} = ${param(filters[key])}::${type}`);
  }
  return { where: where.length ? where.join(' AND ') : 'true', values };
}

/** One statement: the total counted to `cap`, and the page's places newest first. */
export function fullTextStatement(q, cap) {
  const { where, values } = conditions(q);
  const n = values.length;
  return {
    text: `SELECT (SELECT count(*) FROM (SELECT 1 FROM bench_fts f WHERE ${where} LIMIT ${cap}) c) AS total,
      ARRAY(SELECT f.search_pos FROM bench_fts f WHERE ${where}
            ORDER BY f.search_pos DESC OFFSET $${n + 1} LIMIT $${n + 2}) AS positions`,
    values: [...values, q.start, q.limit],
  };
}

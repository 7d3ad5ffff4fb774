// "Similar jobs" (docs/search-features.md): the active jobs most like one job, read from the public search's postings
// (job_post_words, job_word_counts) in one statement, so it costs the same at a million posts as at ten.
import { JOB_TYPES } from '../contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * How many of each shared token's newest postings are read: a token's candidates are its newest jobs, so
 * the statement reads at most (tokens × this) index entries, however common a word is.
 */
export const SIMILAR_POSTINGS_PER_TOKEN = 200;

/** Every listed post has exactly one job-type token: their counts add up to the listed posts. */
const typeTokens = sql.join(
  JOB_TYPES.map((t) => sql`${`~type:${t}`}`),
  sql`, `,
);

/**
 * The places (`search_pos`) of the jobs most like the job `jobId`, best first, as a FROM item `s (positions)`:
 * one row, its array empty when nothing is alike. The job's tokens are the words of its title and skills
 * (`referio_words()`, the search's one tokeniser) and its company (`~co:<id>`); each weighs ln(1 + listed
 * posts / the token's posts), so a rare skill or a small company counts more than 'engineer'. A job's score
 * is the weight of the tokens it shares; ties go to the newest. Every read is a key probe or a backward
 * range of an index: the job by its id, each token's count by job_word_counts' key, its newest postings by
 * job_post_words_pkey (word, pos).
 */
export function similarPlaces(jobId: string, candidates: number): SQL {
  return sql`(
    with src as (
      select j.search_pos, j.company_id,
             referio_words(j.job_title || ' ' || referio_skills_text(j.required_skills)) as words
      from job_posts j where j.id = ${jobId}
    ), listed as (
      select greatest(coalesce(sum(c.jobs), 0), 1)::float8 as n
      from job_word_counts c where c.word in (${typeTokens})
    ), tokens as (
      select distinct t.token, ln(1 + l.n / c.jobs) as weight
      from src
      cross join lateral unnest(src.words || array_remove(array['~co:' || src.company_id::text], null)) as t(token)
      join job_word_counts c on c.word = t.token and c.jobs > 0
      cross join listed l
    ), best as (
      select p.pos, sum(k.weight) as score
      from tokens k
      cross join lateral (
        select w.pos from job_post_words w where w.word = k.token
        order by w.pos desc limit ${SIMILAR_POSTINGS_PER_TOKEN}
      ) p
      where p.pos <> (select src.search_pos from src)
      group by p.pos
      order by score desc, p.pos desc
      limit ${candidates}
    )
    select coalesce(array_agg(best.pos order by best.score desc, best.pos desc), '{}') as positions
    from best
  ) as s`;
}

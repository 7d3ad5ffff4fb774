-- The public search's page (docs/search.md): the listed posts that have every token, newest first.

-- One page of a public search: the listed posts (referio_job_listed) that have every token of `tokens` (distinct words and
-- filter tokens), newest first. `positions`: the search_pos of the page's posts, newest first, from the
-- match at `start` (0-based), at most `lim`; `total`: how many match, exact up to `bound`, and more than
-- `bound` (not always all of them) beyond it: the search stops counting once it is past the bound and
-- has the page.
--   One token: its count, and its postings read backwards from `start`.
--   Only common tokens: newest block first, their blocks of the same number ANDed (joined by number for
--   two or three tokens) and the bits counted, until the page is read and the bound passed.
--   A rare token: the rare tokens' postings intersected (all of them, fewer than the threshold), then
--   checked against the common tokens' bitmaps of the blocks they fall in.
CREATE OR REPLACE FUNCTION referio_search_page(tokens text[], start integer, lim integer, bound integer,
                                               OUT total integer, OUT positions integer[])
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  missing integer;
  dense text[];
  rare text[];
  matched integer[];
  blk record;
  blocks refcursor;
  expected float8;
  n integer;
  page integer[];
  skip integer;
  want integer;
BEGIN
  total := 0;
  positions := '{}';
  IF cardinality(tokens) = 1 THEN
    -- One token: its count is the total, its postings read backwards are the page.
    SELECT w.jobs INTO total FROM job_word_counts w WHERE w.word = tokens[1];
    total := greatest(coalesce(total, 0), 0);
    IF total > 0 THEN
      positions := ARRAY(SELECT p.pos FROM job_post_words p WHERE p.word = tokens[1]
                         ORDER BY p.pos DESC OFFSET start LIMIT lim);
    END IF;
    RETURN;
  END IF;
  -- The tokens' counts: which are missing, which common (bitmaps) and which rare, rarest first, and how
  -- many posts the common ones would share were they independent (their counts over the listed posts').
  SELECT count(*) FILTER (WHERE w.word IS NULL OR w.jobs <= 0),
         array_agg(t.tok ORDER BY w.jobs, t.tok) FILTER (WHERE w.has_bits),
         array_agg(t.tok ORDER BY w.jobs, t.tok) FILTER (WHERE NOT w.has_bits),
         -- (The listed posts are counted only for more than three common tokens: below, it is not used.)
         CASE WHEN count(*) FILTER (WHERE w.has_bits) > 3 THEN
           exp(sum(ln(greatest(w.jobs, 1)::float8)) FILTER (WHERE w.has_bits)
               - (count(*) FILTER (WHERE w.has_bits) - 1) * ln(greatest(
                 (SELECT sum(c.jobs) FROM job_word_counts c
                  WHERE c.word = ANY (ARRAY(SELECT '~type:' || e::text
                                            FROM unnest(enum_range(NULL::job_type)) AS e))), 1)::float8))
         END
    INTO missing, dense, rare, expected
    FROM unnest(tokens) AS t(tok) LEFT JOIN job_word_counts w ON w.word = t.tok;
  IF missing > 0 OR cardinality(tokens) = 0 THEN
    RETURN;
  END IF;
  IF rare IS NOT NULL THEN
    matched := ARRAY(SELECT p.pos FROM job_post_words p WHERE p.word = ANY (rare)
                     GROUP BY p.pos HAVING count(*) = cardinality(rare) ORDER BY p.pos DESC);
    IF dense IS NOT NULL AND cardinality(matched) > 0 THEN
      matched := ARRAY(
        SELECT m.pos FROM unnest(matched) AS m(pos)
        JOIN (SELECT b.block, bit_and(b.bits) AS bits FROM job_search_bits b
              WHERE b.token = ANY (dense)
                AND b.block = ANY (ARRAY(SELECT DISTINCT x.pos >> 13 FROM unnest(matched) AS x(pos)))
              GROUP BY b.block HAVING count(*) = cardinality(dense)) AS d ON d.block = m.pos >> 13
        WHERE get_bit(d.bits, m.pos & 8191) = 1
        ORDER BY m.pos DESC);
    END IF;
    total := cardinality(matched);
    positions := coalesce(matched[start + 1 : start + lim], '{}');
    RETURN;
  END IF;
  skip := start;
  want := lim;
  -- Newest block first, the common tokens' blocks of the same number ANDed, read as the loop goes, so
  -- a search whose tokens meet often stops once it has the page and more than the bound. Two or three
  -- tokens: their blocks joined by number (both keys read backwards and merged; an AND of two 1 KB
  -- values a block, where a bit_and aggregate cost twice as much). More:
  -- when they are expected to meet often (more than four times the bound) the rarest one's blocks one
  -- at a time, each ANDed with the others' of the same number (one probe of the key per token);
  -- otherwise every block ANDed at once (bit_and grouped by block).
  IF cardinality(dense) = 2 THEN
    OPEN blocks FOR
      SELECT a.block, a.bits & b.bits AS bits
      FROM job_search_bits a JOIN job_search_bits b ON b.token = dense[2] AND b.block = a.block
      WHERE a.token = dense[1]
      ORDER BY a.block DESC;
  ELSIF cardinality(dense) = 3 THEN
    OPEN blocks FOR
      SELECT a.block, a.bits & b.bits & c.bits AS bits
      FROM job_search_bits a
      JOIN job_search_bits b ON b.token = dense[2] AND b.block = a.block
      JOIN job_search_bits c ON c.token = dense[3] AND c.block = a.block
      WHERE a.token = dense[1]
      ORDER BY a.block DESC;
  ELSIF expected > 4 * bound THEN
    OPEN blocks FOR
      SELECT b1.block,
             (SELECT bit_and(b.bits) FROM job_search_bits b
              WHERE b.token = ANY (dense) AND b.block = b1.block
              HAVING count(*) = cardinality(dense)) AS bits
      FROM job_search_bits b1 WHERE b1.token = dense[1]
      ORDER BY b1.block DESC;
  ELSE
    OPEN blocks FOR
      SELECT b.block, bit_and(b.bits) AS bits FROM job_search_bits b
      WHERE b.token = ANY (dense)
      GROUP BY b.block HAVING count(*) = cardinality(dense)
      ORDER BY b.block DESC;
  END IF;
  LOOP
    FETCH blocks INTO blk;
    EXIT WHEN NOT FOUND;
    CONTINUE WHEN blk.bits IS NULL;
    n := bit_count(blk.bits)::integer;
    CONTINUE WHEN n = 0;
    total := total + n;
    IF skip >= n THEN
      skip := skip - n;
    ELSIF want > 0 THEN
      -- The page starts or goes on in this block (skip < n): its places, newest first
      -- (referio_search_block_take, search_query.sql).
      page := referio_search_block_take(blk.block, blk.bits, skip, want);
      positions := positions || page;
      want := want - cardinality(page);
      skip := 0;
    END IF;
    EXIT WHEN want = 0 AND total > bound;
  END LOOP;
  CLOSE blocks;
END $$;

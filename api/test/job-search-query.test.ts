import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { setupTestContext } from './helper';
import { call, insertJob, makeUser } from './market-fixtures';

const ctx = setupTestContext();

interface Answer {
  data: { _id: string; jobTitle: string }[];
  total: number;
  totalCapped: boolean;
}

const search = async (app: FastifyInstance, payload: object) => {
  const res = await call(app, null, 'POST', '/jobPost/getAllJobPost', payload);
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
};
const titles = (a: Answer) => a.data.map((j) => j.jobTitle);

const rows = async <T>(app: FastifyInstance, query: ReturnType<typeof sql>) =>
  ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Lowers (or restores) the count from which a token is kept as bitmaps, and applies it at once. */
const bitsFrom = async (app: FastifyInstance, min: number) => {
  await app.db.execute(
    sql.raw(`create or replace function referio_search_bits_min() returns integer
      language sql immutable parallel safe as $$ select ${min} $$`),
  );
  await app.db.execute(sql`select referio_search_bits_refresh()`);
};

describe('search words as people type them', () => {
  async function jobs(app: FastifyInstance) {
    const ref = await makeUser(app, 'ref');
    const job = (jobTitle: string, requiredSkills: string[], address = 'Pune') =>
      insertJob(app, ref.id, { jobTitle, requiredSkills, address });
    await job('React Developer', ['TypeScript']);
    await job('Machine Learning Engineer', ['Python']);
    await job('Learning Designer', ['Machine Shop'], 'Chennai');
    await job('Java Engineer', ['Java', 'Spring']);
    await job('JavaScript Engineer', ['Node.js', 'React']);
    await job('Reach Manager', ['Sales'], 'Café Road, Bengalūru');
  }

  it('reads the last word as a prefix: "reac" finds React and Reach, most frequent first', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    expect(titles(await search(app, { search: 'reac' }))).toEqual([
      'Reach Manager',
      'JavaScript Engineer',
      'React Developer',
    ]);
    expect(titles(await search(app, { search: 'engineer pyth' }))).toEqual([
      'Machine Learning Engineer',
    ]);
    // Only the last word: a prefix before another word is a word of its own.
    expect((await search(app, { search: 'pyth engineer' })).total).toBe(0);
    // A quoted word is that word only ('java', not 'javascript').
    expect(titles(await search(app, { search: '"java"' }))).toEqual(['Java Engineer']);
    expect(titles(await search(app, { search: 'java' }))).toEqual([
      'JavaScript Engineer',
      'Java Engineer',
    ]);
    // Accents and case folded in the prefix too.
    expect(titles(await search(app, { search: 'CAFÉ' }))).toEqual(['Reach Manager']);
    expect(titles(await search(app, { search: 'bengalu' }))).toEqual(['Reach Manager']);
  });

  it('matches a "phrase" only with its words adjacent and in order, stems and all', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    expect(titles(await search(app, { search: '"machine learning"' }))).toEqual([
      'Machine Learning Engineer',
    ]);
    expect(titles(await search(app, { search: '"Machines learned"' }))).toEqual([
      'Machine Learning Engineer',
    ]);
    expect((await search(app, { search: '"learning machine"' })).total).toBe(0);
    // Longer phrases: their pairs of words, then each candidate checked.
    expect(titles(await search(app, { search: '"machine learning engineers"' }))).toEqual([
      'Machine Learning Engineer',
    ]);
    expect((await search(app, { search: '"machine learning designer"' })).total).toBe(0);
    expect(titles(await search(app, { search: 'engineer -"machine learning engineer"' }))).toEqual([
      'JavaScript Engineer',
      'Java Engineer',
    ]);
    // Both words, not adjacent: found as words, not as a phrase.
    expect(titles(await search(app, { search: 'machine learning' }))).toEqual([
      'Learning Designer',
      'Machine Learning Engineer',
    ]);
    // An edit moves a post's pairs with its words.
    await app.db.execute(
      sql`update job_posts set job_title = 'Machine Learning Designer' where job_title = 'Learning Designer'`,
    );
    expect(titles(await search(app, { search: '"machine learning designer"' }))).toEqual([
      'Machine Learning Designer',
    ]);
    expect(titles(await search(app, { search: '"learning designer"' }))).toEqual([
      'Machine Learning Designer',
    ]);
    await app.db.execute(
      sql`update job_posts set job_title = 'Designer' where job_title = 'Machine Learning Designer'`,
    );
    expect((await search(app, { search: '"learning designer"' })).total).toBe(0);
    // An unquoted term of several words ("Node.js") is a phrase too.
    expect(titles(await search(app, { search: 'node.js' }))).toEqual(['JavaScript Engineer']);
    expect((await search(app, { search: 'js.node' })).total).toBe(0);
  });

  it('excludes -words and -"phrases", and joins terms with or', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    await jobs(app);
    expect(titles(await search(app, { search: 'engineer -java' }))).toEqual([
      'JavaScript Engineer',
      'Machine Learning Engineer',
    ]);
    expect(titles(await search(app, { search: 'learning -"machine learning"' }))).toEqual([
      'Learning Designer',
    ]);
    // Only exclusions: every other job.
    expect(titles(await search(app, { search: '-pune' }))).toEqual([
      'Reach Manager',
      'Learning Designer',
    ]);
    expect(titles(await search(app, { search: 'python or spring' }))).toEqual([
      'Java Engineer',
      'Machine Learning Engineer',
    ]);
    // `or` binds the terms beside it; the others still must hold: engineer AND (python OR sales).
    expect(titles(await search(app, { search: 'engineer python OR sales' }))).toEqual([
      'Machine Learning Engineer',
    ]);
    // A lone `or` joins nothing.
    expect((await search(app, { search: 'or' })).total).toBe(6);
  });

  it(`expands a prefix to its most frequent completions, no more than the cap`, async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    const cap = (await rows<{ n: number }>(app, sql`select referio_search_prefix_max() as n`))[0]!
      .n;
    // cap + 2 words beginning with 'zq', the first two in one post each, the others in two posts.
    for (let i = 0; i < cap + 2; i++) {
      const times = i < 2 ? 1 : 2;
      for (let k = 0; k < times; k++)
        await insertJob(app, ref.id, {
          jobTitle: `zq${String.fromCharCode(97 + i)}x`,
          address: 'X',
        });
    }
    const res = await search(app, { search: 'zq', limit: 100 });
    expect(res.total).toBe(cap * 2);
    expect(titles(res)).not.toContain('zqax');
    // The word itself is always one of them, whatever the cap.
    expect(titles(await search(app, { search: 'zqax' }))).toEqual(['zqax']);
  });
});

/** A seeded pseudo-random generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  return { next, int, pick };
}

const WORDS = [
  'Engineer',
  'Engineers',
  'Engineering',
  'React',
  'Reactive',
  'Reach',
  'Data',
  'Machine',
  'Learning',
  'Learned',
  'Java',
  'JavaScript',
  'Python',
  'Pune',
  'Bengalūru',
  'Go',
  'Rust',
  'Lead',
  'Analyst',
  'Analytics',
  'Node.js',
  'Café',
  'Design',
  'Designer',
] as const;

/** A typed search read the way docs/search.md says, for the reference below. */
interface Term {
  neg: boolean;
  quoted: boolean;
  text: string;
  or: boolean;
}
function terms(search: string): Term[] {
  const out: Term[] = [];
  for (const m of search.matchAll(/(-?)"([^"]*)"?|(-?)([^\s"]+)/g)) {
    if (m[2] !== undefined) out.push({ neg: m[1] === '-', quoted: true, text: m[2], or: false });
    else {
      const neg = m[3] === '-';
      out.push({ neg, quoted: false, text: m[4]!, or: !neg && m[4]!.toLowerCase() === 'or' });
    }
  }
  return out;
}

describe('the search engine answers every query as a plain reading of the posts does', () => {
  afterEach(async () => {
    const app = await ctx.build();
    await bitsFrom(app, 1000);
  });

  it('over random posts and queries: stems, prefixes, phrases, exclusions, or, filters, pages', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0, SEARCH_TOTAL_BOUND: 10 });
    const ref = await makeUser(app, 'ref');
    const rnd = random(20261126);
    // Posts on both sides of a block boundary (8,192 places a block), and spread over some 20 blocks
    // further on, so a query's blocks are read in several windows (the first sized by the matches expected,
    // then four times more, newest first).
    await app.db.execute(sql`select setval('job_posts_search_pos_seq', 8150)`);
    const words = (n: number) => Array.from({ length: 1 + rnd.int(n) }, () => rnd.pick(WORDS));
    for (let i = 0; i < 90; i++) {
      if (i >= 60 && i % 5 === 0)
        await app.db.execute(
          sql`select setval('job_posts_search_pos_seq', (select last_value from job_posts_search_pos_seq) + 8192 * 3 + 100)`,
        );
      await insertJob(app, ref.id, {
        jobTitle: `${words(3).join(' ')} ${i}`,
        requiredSkills: Array.from({ length: 1 + rnd.int(3) }, () => words(2).join(' ')),
        address: words(2).join(', '),
        companyName: rnd.pick(['Acme Corp', 'Data Works', 'Rust Belt']),
        jobType: rnd.pick(['Full-time', 'Contract'] as const),
        status: rnd.int(8) === 0 ? 'inactive' : 'active',
      });
    }

    // The posts as plain data: each text's stems in order (to_tsvector's positions), newest first.
    const texts = await rows<{
      id: string;
      title: string;
      type: string;
      active: boolean;
      f: number;
      lexeme: string;
      pos: number;
    }>(
      app,
      sql`select j.id, j.job_title as title, j.job_type::text as type, j.status = 'active' as active,
                 f.n::int as f, l.lexeme, p.pos::int as pos
          from job_posts j,
               unnest(array[j.company_name, j.job_title, j.address, j.job_location::text] || j.required_skills)
                 with ordinality as f(txt, n),
               unnest(to_tsvector('referio', referio_search_fold(f.txt))) as l,
               unnest(l.positions) as p(pos)
          order by j.created_at desc, j.id desc`,
    );
    interface Post {
      id: string;
      title: string;
      type: string;
      active: boolean;
      fields: Map<number, string[]>;
      stems: Set<string>;
    }
    const posts = new Map<string, Post>();
    for (const r of texts) {
      const p =
        posts.get(r.id) ??
        posts.set(r.id, { ...r, fields: new Map(), stems: new Set() }).get(r.id)!;
      const seq = p.fields.get(r.f) ?? p.fields.set(r.f, []).get(r.f)!;
      seq[r.pos - 1] = r.lexeme;
      p.stems.add(r.lexeme);
    }
    // The words as written (folded) of the active posts, for prefixes, with their stems.
    const vocab = await rows<{ word: string; stem: string }>(
      app,
      sql`select distinct w as word, (referio_words(w))[1] as stem
          from job_posts j,
               unnest(array[j.company_name, j.job_title, j.address, j.job_location::text] || j.required_skills) as f,
               regexp_split_to_table(referio_search_fold(f), ' ') as w
          where j.status = 'active' and w <> ''`,
    );
    /** A term's words folded, and its stems in order. */
    const read = async (text: string) =>
      (
        await rows<{ folded: string[]; seq: string[] }>(
          app,
          sql`select array_remove(regexp_split_to_array(referio_search_fold(${text}), ' '), '') as folded,
                     coalesce((select array_agg(l.lexeme order by p) from unnest(to_tsvector('referio', referio_search_fold(${text}))) as l, unnest(l.positions) as p), '{}') as seq`,
        )
      )[0]!;

    type Test = (p: Post) => boolean;
    const adjacent = (seq: string[]) => (p: Post) =>
      [...p.fields.values()].some((f) => f.some((_, i) => seq.every((s, k) => f[i + k] === s)));
    /** What a query means for a post, read without the engine. */
    const meaning = async (search: string): Promise<Test> => {
      const ts = terms(search);
      const groups: Test[][] = [];
      const nots: Test[] = [];
      let pendingOr = false;
      let lastPositive = false;
      for (let k = 0; k < ts.length; k++) {
        const t = ts[k]!;
        if (t.or) {
          pendingOr = lastPositive;
          continue;
        }
        const { folded, seq } = await read(t.text);
        if (seq.length === 0) continue;
        const alts: Test[] = [folded.length > 1 ? adjacent(seq) : (p) => p.stems.has(seq[0]!)];
        if (t.neg) {
          nots.push(alts[0]!);
          pendingOr = lastPositive = false;
          continue;
        }
        if (k === ts.length - 1 && !t.quoted && folded.length === 1) {
          const completions = new Set(
            vocab.filter((v) => v.word.startsWith(folded[0]!)).map((v) => v.stem),
          );
          expect(completions.size).toBeLessThanOrEqual(16); // under the cap: all of them
          for (const s of completions) alts.push((p) => p.stems.has(s));
        }
        if (pendingOr && groups.length) groups[groups.length - 1]!.push(...alts);
        else groups.push(alts);
        pendingOr = false;
        lastPositive = true;
      }
      return (p) => groups.every((g) => g.some((a) => a(p))) && !nots.some((n) => n(p));
    };

    const queries: Record<string, unknown>[] = [
      { search: 'reac' },
      { search: 'engineers' },
      { search: 'ENGINEERING go' },
      { search: '"machine learning"' },
      { search: '"data machine learning"' },
      { search: 'engineer -"react data"' },
      { search: '"learning machine" or rust' },
      { search: 'engineer -java' },
      { search: '-"data works"' },
      { search: 'python or rust', jobType: 'Contract' },
      { search: 'bengalu' },
      { search: 'node.js', start: 3 },
      { search: 'café -engineer lea' },
      { search: 'java', start: 9 },
      { search: '"java"' },
      { search: '-pune -rust', start: 12 },
    ];
    const typed = (t: string) => (rnd.int(3) === 0 ? t.slice(0, 1 + rnd.int(t.length)) : t);
    for (let i = 0; i < 40; i++) {
      const parts: string[] = [];
      for (let k = 0, n = 1 + rnd.int(3); k < n; k++) {
        const kind = rnd.int(6);
        if (k > 0 && kind === 0) parts.push('or');
        if (kind === 1)
          parts.push(
            `"${Array.from({ length: 2 + rnd.int(2) }, () => rnd.pick(WORDS)).join(' ')}"`,
          );
        else if (kind === 2)
          parts.push(
            rnd.int(3) ? `-${rnd.pick(WORDS)}` : `-"${rnd.pick(WORDS)} ${rnd.pick(WORDS)}"`,
          );
        else parts.push(rnd.pick(WORDS));
      }
      parts.push(typed(rnd.pick(WORDS)).toLowerCase());
      queries.push({
        search: parts.join(' '),
        start: rnd.pick([0, 0, 3, 9]),
        ...(rnd.int(4) === 0 ? { jobType: 'Contract' } : {}),
      });
    }
    /** Every active post the query finds, newest first. */
    const found = async (payload: Record<string, unknown>) => {
      const holds = await meaning(payload.search as string);
      return [...posts.values()]
        .filter((p) => p.active && (!payload.jobType || p.type === payload.jobType) && holds(p))
        .map((p) => p.title);
    };
    let matched = 0;
    const check = async (how: string) => {
      for (const payload of queries) {
        const all = await found(payload);
        if (all.length > 0) matched++;
        const start = (payload.start as number | undefined) ?? 0;
        const got = await search(app, { limit: 9, ...payload });
        expect({
          how,
          payload,
          titles: titles(got),
          total: got.total,
          capped: got.totalCapped,
        }).toEqual({
          how,
          payload,
          titles: all.slice(start, start + 9),
          total: Math.min(all.length, 10),
          capped: all.length > 10,
        });
        // The lists that read job_posts itself (a referrer's own list, a search while the postings are
        // stale) read it the same way.
        const own = await call(app, ref, 'POST', '/jobPost/getAllJobPostByUserId', {
          userId: ref.id,
          status: 'active',
          search: payload.search,
          ...(payload.jobType ? { jobType: payload.jobType } : {}),
          limit: 100,
        });
        expect(own.statusCode).toBe(200);
        expect({ payload, own: titles(own.json() as Answer) }).toEqual({ payload, own: all });
      }
    };
    await check('postings');
    await bitsFrom(app, 2);
    await check('bitmaps');
    // Most queries find something (the test would be weak otherwise).
    expect(matched).toBeGreaterThan(queries.length);
  });
});

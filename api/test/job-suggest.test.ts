import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SUGGEST_MAX, SUGGEST_MAX_LENGTH, SUGGEST_TOO_LONG } from '../src/contract';
import { jobPosts } from '../src/db/schema';
import { setupTestContext } from './helper';
import { call, insertJob, makeUser } from './market-fixtures';

const ctx = setupTestContext();

interface Suggestion {
  kind: string;
  label: string;
  companyId?: string;
  jobs: number;
}

const suggest = async (app: FastifyInstance, q: string) => {
  const res = await call(app, null, 'GET', `/jobPost/suggest?q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: Suggestion[] }).data;
};
const shown = (list: Suggestion[]) => list.map((s) => `${s.kind}:${s.label}:${s.jobs}`);

/** `times` posts at `companyName` (Acme Corp by default): an on-site Analyst in Pune, unless told. */
async function post(
  app: FastifyInstance,
  userId: string,
  fields: { jobTitle?: string; requiredSkills?: string[]; companyName?: string; address?: string },
  times = 1,
) {
  const rows = [];
  for (let i = 0; i < times; i++) {
    rows.push(
      await insertJob(app, userId, {
        jobTitle: 'Analyst',
        requiredSkills: [],
        address: 'Pune',
        jobLocation: 'On-site',
        ...fields,
      }),
    );
  }
  return rows;
}

describe('GET /jobPost/suggest', () => {
  it('ranks the words beginning with the text by their listed posts, each with its kind', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    await post(app, ref.id, { requiredSkills: ['React', 'Redux'] }, 3);
    await post(app, ref.id, { jobTitle: 'Recruiter', requiredSkills: ['Redux'] }, 2);
    await post(app, ref.id, { address: 'Rewa' });
    await post(app, ref.id, { jobTitle: 'Graphic designer', requiredSkills: ['Preact'] }, 4);

    expect(shown(await suggest(app, 're'))).toEqual([
      'skill:Redux:5',
      'skill:React:3',
      'title:Recruiter:2',
      'location:Rewa:1',
    ]);
    // A prefix of a word, not a part of one: 'Preact' is not 'act…'.
    expect(await suggest(app, 'act')).toEqual([]);
    expect(shown(await suggest(app, 'grap'))).toEqual(['title:Graphic:4']);
    // The location type ('On-site') has a filter of its own: it is not suggested.
    expect(await suggest(app, 'sit')).toEqual([]);
  });

  it('counts listed posts only, as they change', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    const [first] = await post(app, ref.id, { requiredSkills: ['Kotlin'] }, 2);
    await post(app, ref.id, { requiredSkills: ['Kubernetes'] }, 1);
    expect(shown(await suggest(app, 'k'))).toEqual(['skill:Kotlin:2', 'skill:Kubernetes:1']);
    await app.db.update(jobPosts).set({ status: 'inactive' }).where(eq(jobPosts.id, first!.id));
    await post(app, ref.id, { requiredSkills: ['Kubernetes'] }, 1);
    expect(shown(await suggest(app, 'k'))).toEqual(['skill:Kubernetes:2', 'skill:Kotlin:1']);
  });

  it('suggests companies whose name begins with the text, with their id, and not their words', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    await post(app, ref.id, { companyName: 'Globex' }, 2);
    const [bank] = await post(app, ref.id, { companyName: 'Global Bank' });
    const [closed] = await post(app, ref.id, { companyName: 'Glowing Labs' });
    await app.db.update(jobPosts).set({ status: 'inactive' }).where(eq(jobPosts.id, closed!.id));
    await post(app, ref.id, { jobTitle: 'Glossary writer' });

    const list = await suggest(app, 'GLO');
    expect(shown(list)).toEqual(['company:Globex:2', 'company:Global Bank:1', 'title:Glossary:1']);
    expect(list[1]!.companyId).toBe(bank!.companyId);
    // A company's other words are the company's: 'Bank' is not suggested as a word.
    expect(await suggest(app, 'bank')).toEqual([]);
  });

  it('folds case and accents as the search does, and shows the word as a post writes it', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    await post(app, ref.id, { jobTitle: 'Développeur Java', companyName: 'Café Zürich' });
    await post(app, ref.id, { requiredSkills: ['Node.js'] });
    expect(shown(await suggest(app, 'DEVELOP'))).toEqual(['title:Développeur:1']);
    expect(shown(await suggest(app, 'café'))).toEqual(['company:Café Zürich:1']);
    expect(shown(await suggest(app, 'cafe'))).toEqual(['company:Café Zürich:1']);
    expect(shown(await suggest(app, 'node.j'))).toEqual(['skill:Node.js:1']);
  });

  it('completes the last word after the others, as they are written together in posts', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    await post(app, ref.id, { jobTitle: 'Senior Software Engineer' }, 2);
    await post(app, ref.id, { jobTitle: 'Senior Sales Manager' });
    await post(app, ref.id, { jobTitle: 'Data Scientist', requiredSkills: ['Software testing'] });
    expect(shown(await suggest(app, 'Senior  s'))).toEqual([
      'title:Senior Software:2',
      'title:Senior Sales:1',
    ]);
    // 'data' and 'software' are in one post but never one after the other.
    expect(await suggest(app, 'data so')).toEqual([]);
  });

  it(`answers at most ${SUGGEST_MAX}, most posts first`, async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    const skills = Array.from(
      { length: SUGGEST_MAX + 3 },
      (_, i) => `Tool${String.fromCharCode(97 + i)}`,
    );
    for (const [i, skill] of skills.entries())
      await post(app, ref.id, { requiredSkills: [skill] }, (i % 3) + 1);
    const list = await suggest(app, 'tool');
    expect(list).toHaveLength(SUGGEST_MAX);
    const jobs = list.map((s) => s.jobs);
    expect(jobs).toEqual([...jobs].sort((a, b) => b - a));
    expect(jobs[0]).toBe(3);
  });

  it('answers no suggestions for a text without a letter or digit, and 400 past the length', async () => {
    const app = await ctx.build({ SEARCH_CACHE_SECONDS: 0 });
    const ref = await makeUser(app, 'ref');
    await post(app, ref.id, { requiredSkills: ['Go'] });
    expect(await suggest(app, '')).toEqual([]);
    expect(await suggest(app, '   ')).toEqual([]);
    expect(await suggest(app, '++')).toEqual([]);
    const none = await call(app, null, 'GET', '/jobPost/suggest');
    expect(none.json()).toEqual({ success: true, data: [] });
    // Trimmed before it is measured.
    expect(await suggest(app, ` ${'g'.repeat(SUGGEST_MAX_LENGTH)} `)).toEqual([]);
    const res = await call(
      app,
      null,
      'GET',
      `/jobPost/suggest?q=${'g'.repeat(SUGGEST_MAX_LENGTH + 1)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: SUGGEST_TOO_LONG });
  });
});

// The sitemap's job query on PostgreSQL with a large table (runs in npm run test:pg): a page after any cursor
// is one range of the partial index job_posts_active_sitemap_idx (an index-only scan, no sort, no OFFSET),
// so its cost does not grow with the number of jobs (docs/seo.md).
import { sql } from 'drizzle-orm';
import { setupTestContext } from './helper';
import { makeUser } from './market-fixtures';

const ctx = setupTestContext();
const JOBS = 100_000;
/** Rows a statement (each within the API's query timeout: every row computes its search words). */
const BATCH = 5_000;

test('a sitemap page after any cursor is an index-only range of the partial index, and the pages cover every active job', async () => {
  const app = await ctx.build();
  const referrer = await makeUser(app, 'ref');
  // A bulk load, as a data import would be (the search's triggers off: only the sitemap is read here).
  for (let from = 1; from <= JOBS; from += BATCH) {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into job_posts (user_id, job_title, company_name, job_location, industry, experience,
          job_type, salary_range, status, created_at, updated_at)
        select ${referrer.id}::uuid, 'Job ' || g, 'Acme', 'Remote'::job_location, 'it'::industry,
          '3-6'::experience, 'Full-time'::job_type, '10-12',
          (case when g % 10 = 0 then 'inactive' else 'active' end)::job_status, now(), now()
        from generate_series(${from}::int, ${from + BATCH - 1}::int) g`);
    });
  }
  await app.db.execute(sql`vacuum analyze job_posts`);

  const client = (
    app.db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: object[] }> };
    }
  ).$client;
  const middle = (
    (await app.db.execute(
      sql`select id::text as id from job_posts order by id offset ${JOBS / 2} limit 1`,
    )) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  for (const after of [null, middle]) {
    const { sql: text, params } = app.jobPosts.sitemapPageQuery(after, 50_000).toSQL();
    const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows
      .map((r) => (r as Record<string, string>)['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('Index Only Scan using job_posts_active_sitemap_idx');
    expect(plan).not.toMatch(/\bSort\b|Seq Scan/);
  }

  const { total, afters } = await app.jobPosts.sitemapPages(50_000);
  expect(total).toBe(JOBS - JOBS / 10);
  expect(afters).toHaveLength(Math.ceil(total / 50_000));
  let seen = 0;
  let last = '';
  for (const after of afters) {
    const rows = await app.jobPosts.sitemapPage(after, 50_000);
    expect(rows[0]!.id > last).toBe(true);
    last = rows[rows.length - 1]!.id;
    seen += rows.length;
  }
  expect(seen).toBe(total);
}, 600_000);

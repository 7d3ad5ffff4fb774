#!/usr/bin/env node
// Benchmark data: fills a database with COMPANIES companies (default 5,000) and JOBS job posts (default
// 100,000), plus REFERRERS referrers who own the posts (each with a verified work e-mail) and one
// candidate who can sign in (bench-candidate@referio.test, code from the dev mailbox).
//
// The database is the app's own: the built API (dist/) is started once with SEED=false, which applies
// the migrations in api/drizzle, then the rows go in with multi-row inserts in one transaction per
// table. Data come from a seeded PRNG (same SEED_RANDOM, same rows). A database that already holds the
// bench candidate is left alone.
//
//   DATABASE_URL=postgres://…/referio_bench node tools/bench/lib/seed.mjs
//   DATA_DIR=/tmp/referio-bench node tools/bench/lib/seed.mjs       # PGlite under DATA_DIR/pglite
//
// Also a module: `import { seedBench } from './lib/seed.mjs'` (tools/bench/api-load.mjs uses it).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { runAsScript } from '../common.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'api');
const require = createRequire(path.join(apiDir, 'package.json'));

export const BENCH_CANDIDATE = 'bench-candidate@referio.test';

// ---------------------------------------------------------------------------------------------------
// Vocabulary (written for this project; names are invented).

const INDUSTRIES = ['it', 'marketing', 'finance', 'sales'];
const LOCATIONS = ['On-site', 'Remote', 'Hybrid'];
const EXPERIENCE = ['1-3', '3-6', '6-9', '9-12'];
const JOB_TYPES = ['Full-time', 'Part-time', 'Contract'];
const CITIES = [
  'Bengaluru, Karnataka',
  'Hyderabad, Telangana',
  'Pune, Maharashtra',
  'Mumbai, Maharashtra',
  'Chennai, Tamil Nadu',
  'Gurugram, Haryana',
  'Noida, Uttar Pradesh',
  'Kolkata, West Bengal',
  'Ahmedabad, Gujarat',
  'Kochi, Kerala',
  'Jaipur, Rajasthan',
  'Indore, Madhya Pradesh',
];
const STREETS = [
  'MG Road',
  'Outer Ring Road',
  'Tech Park',
  'Cyber City',
  'Park Street',
  'Hitech City',
];

// prettier-ignore
const NAME_A = [
  'Nimbus', 'Quartz', 'Saffron', 'Lotus', 'Vertex', 'Kestrel', 'Banyan', 'Indigo', 'Monsoon', 'Cobalt',
  'Peacock', 'Tandem', 'Orbit', 'Juniper', 'Meridian', 'Cedar', 'Ember', 'Harbor', 'Lumen', 'Nova',
  'Pinnacle', 'Riverstone', 'Sable', 'Tidal', 'Umber', 'Velvet', 'Willow', 'Zephyr', 'Amber', 'Brightline',
  'Coral', 'Drift', 'Falcon', 'Granite', 'Helix', 'Ironwood', 'Jade', 'Kite', 'Lark', 'Mosaic',
];
// prettier-ignore
const NAME_B = [
  'Blue', 'North', 'Swift', 'Silver', 'Golden', 'Bright', 'Clear', 'Deep', 'Prime', 'True',
  'Open', 'Bold', 'Quiet', 'Green', 'Red', 'Iron', 'Sun', 'Star', 'Sky', 'Sea',
];
/** A fourth part, so that up to 100,000 distinct company names exist (40 × 20 × 26 × 5). */
const NAME_C = ['', ' India', ' Global', ' Works', ' Group'];
const SUFFIX = {
  it: ['Labs', 'Systems', 'Technologies', 'Softworks', 'Cloud', 'Data', 'Networks', 'Digital'],
  marketing: ['Media', 'Creative', 'Brands', 'Studio', 'Communications', 'Collective'],
  finance: ['Capital', 'Finance', 'Ventures', 'Securities', 'Payments', 'Wealth'],
  sales: ['Retail', 'Traders', 'Commerce', 'Distribution', 'Supply', 'Exports'],
};
const SENIORITY = ['', '', 'Junior ', 'Senior ', 'Lead ', 'Principal ', 'Associate ', 'Staff '];
// prettier-ignore
const ROLES = {
  it: [
    'Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'Full Stack Developer', 'Data Engineer',
    'DevOps Engineer', 'Site Reliability Engineer', 'QA Analyst', 'Mobile Developer', 'Data Scientist',
    'Cloud Architect', 'Security Analyst', 'Engineering Manager', 'Product Manager', 'UX Designer',
    'Machine Learning Engineer', 'Platform Developer', 'Database Administrator', 'Technical Writer',
    'Scrum Master',
  ],
  marketing: [
    'Marketing Manager', 'Content Strategist', 'SEO Specialist', 'Brand Manager', 'Social Media Executive',
    'Growth Marketer', 'Copywriter', 'Performance Marketing Analyst', 'Marketing Automation Engineer',
    'Public Relations Officer',
  ],
  finance: [
    'Financial Analyst', 'Accountant', 'Risk Analyst', 'Investment Associate', 'Credit Officer',
    'Treasury Manager', 'Payments Engineer', 'Audit Associate', 'Tax Consultant', 'Quantitative Analyst',
  ],
  sales: [
    'Sales Executive', 'Account Manager', 'Business Development Manager', 'Inside Sales Representative',
    'Sales Engineer', 'Key Account Manager', 'Regional Sales Manager', 'Customer Success Manager',
    'Channel Partner Manager', 'Pre-Sales Consultant',
  ],
};
// prettier-ignore
const SKILLS = {
  it: [
    'JavaScript', 'TypeScript', 'React', 'Node.js', 'Python', 'Java', 'Go', 'Rust', 'SQL', 'PostgreSQL',
    'AWS', 'Azure', 'GCP', 'Docker', 'Kubernetes', 'Terraform', 'Linux', 'Git', 'CI/CD', 'GraphQL',
    'REST', 'Spring Boot', 'Django', 'Redis', 'MongoDB', 'Spark', 'Airflow', 'Figma', 'Swift', 'Kotlin',
  ],
  marketing: [
    'SEO', 'SEM', 'Google Analytics', 'Content Writing', 'Copywriting', 'Social Media', 'Email Marketing',
    'HubSpot', 'Brand Strategy', 'Market Research', 'Canva', 'A/B Testing', 'Campaign Management',
  ],
  finance: [
    'Excel', 'Financial Modelling', 'Tally', 'GST', 'Accounting', 'Valuation', 'Risk Management', 'SQL',
    'Power BI', 'Auditing', 'IFRS', 'Budgeting', 'Python',
  ],
  sales: [
    'Negotiation', 'CRM', 'Salesforce', 'Lead Generation', 'Cold Calling', 'B2B Sales', 'Account Planning',
    'Communication', 'Forecasting', 'Presentation', 'Zoho CRM', 'Channel Sales',
  ],
};
/** Rare on purpose: the benchmark's second search term. */
const RARE_SKILL = 'Kafka';
const SENTENCES = [
  'Design, build and ship features with a small cross-functional team',
  'Own your work from the first draft to production and beyond',
  'Work closely with customers to understand what they need',
  'Write clear documentation and review the work of your peers',
  'Measure outcomes and improve the process every quarter',
  'Mentor newer colleagues and share what you learn',
  'Collaborate with teams across three offices and time zones',
  'Keep quality high with tests, reviews and careful releases',
];
const NOTES = [
  'Hybrid policy: two days a week in the office',
  'Health insurance for you and your family',
  'Learning budget every year',
  'Notice period up to 60 days is fine',
  'Relocation support available',
  'Flexible hours',
];
// prettier-ignore
const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Meera', 'Kabir', 'Ananya', 'Rohan', 'Sana', 'Vikram', 'Priya'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Khan', 'Nair', 'Patel', 'Das', 'Menon', 'Gupta', 'Rao'];

/**
 * The benchmark's search requests, drawn from the vocabulary above: every skill, role word, city, state,
 * street word and company-name part (common and rare words), two-word queries (a skill or a role word
 * with a city, a seniority with a role word, two parts of a company name), and every third one with a
 * filter (job type, location type, industry or experience). Deterministic; duplicates removed.
 * Each item: `{ label, body }` for POST /api/jobPost/getAllJobPost.
 */
export function benchSearchTerms({ pairCount = 100, seed = 11 } = {}) {
  const rng = createRng(seed);
  const words = (text) =>
    text
      .toLowerCase()
      .split(/[\s,]+/)
      .filter((w) => w.length >= 2);
  const single = new Set();
  for (const list of Object.values(SKILLS))
    for (const skill of list) single.add(skill.toLowerCase());
  single.add(RARE_SKILL.toLowerCase());
  for (const list of Object.values(ROLES))
    for (const role of list) for (const w of words(role)) single.add(w);
  for (const s of SENIORITY) for (const w of words(s)) single.add(w);
  for (const c of CITIES) for (const w of words(c)) single.add(w);
  for (const s of STREETS) single.add(s.toLowerCase());
  for (const w of [...NAME_A, ...NAME_B]) single.add(w.toLowerCase());
  for (const list of Object.values(SUFFIX)) for (const w of list) single.add(w.toLowerCase());
  for (const c of NAME_C) if (c.trim()) single.add(c.trim().toLowerCase());
  for (const l of LOCATIONS) single.add(l.toLowerCase());
  const cities = CITIES.map((c) => c.split(',')[0].toLowerCase());
  const roleWords = [...new Set(Object.values(ROLES).flat().flatMap(words))];
  const pairs = new Set();
  const skillsAll = [
    ...new Set(
      Object.values(SKILLS)
        .flat()
        .map((s) => s.toLowerCase()),
    ),
  ];
  while (pairs.size < pairCount) {
    const kind = rng.int(0, 3);
    if (kind === 0) pairs.add(`${rng.pick(skillsAll)} ${rng.pick(cities)}`);
    else if (kind === 1) pairs.add(`${rng.pick(roleWords)} ${rng.pick(cities)}`);
    else if (kind === 2)
      pairs.add(
        `${rng.pick(['senior', 'lead', 'junior', 'principal', 'staff'])} ${rng.pick(roleWords)}`,
      );
    else pairs.add(`${rng.pick(NAME_A).toLowerCase()} ${rng.pick(NAME_B).toLowerCase()}`);
  }
  // Shuffled, so neighbours differ in kind (common or rare, one or two words).
  const terms = rng.sample([...single, ...pairs], single.size + pairs.size);
  const filterOf = [
    () => ({ jobType: rng.pick(JOB_TYPES) }),
    () => ({ location: rng.pick(LOCATIONS) }),
    () => ({ industry: rng.pick(INDUSTRIES) }),
    () => ({ experience: rng.pick(EXPERIENCE) }),
  ];
  return terms.map((search, i) => {
    const filter = i % 3 === 2 ? filterOf[rng.int(0, filterOf.length - 1)]() : {};
    const label = [search, ...Object.values(filter)].join(' | ');
    return { label, body: { search, start: 0, limit: 9, ...filter } };
  });
}

/** The demo seed's PRNG (api/src/lib/prng.ts, mulberry32): the bench data are the same on every machine. */
const createRng = (seed) => loadDist().createRng(seed);

// ---------------------------------------------------------------------------------------------------

/** The built API, or a clear error when it has not been built. */
function loadDist() {
  const distApp = path.join(apiDir, 'dist', 'app.js');
  if (!fs.existsSync(distApp)) {
    throw new Error(
      'api/dist is missing: run `npm run build -w @referio/shared && npm run build -w @referio/api` first',
    );
  }
  return {
    buildApp: require(distApp).buildApp,
    openMigratedDatabase: require(path.join(apiDir, 'dist', 'plugins', 'db.js'))
      .openMigratedDatabase,
    loadConfig: require(path.join(apiDir, 'dist', 'config.js')).loadConfig,
    schema: require(path.join(apiDir, 'dist', 'db', 'schema.js')),
    drizzle: require(require.resolve('drizzle-orm', { paths: [apiDir] })),
    createRng: require(path.join(apiDir, 'dist', 'lib', 'prng.js')).createRng,
  };
}

/** The job_posts columns the bench fills (the rest take their defaults). */
const JOB_COLUMNS =
  'user_id, company_id, job_title, company_name, job_location, address, industry, experience, job_type, ' +
  'salary_range, required_skills, job_description, notes, status, total_referrals, referral_bonus, created_at';

async function insertInBatches(tx, table, rows, size, returning) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const q = tx.insert(table).values(rows.slice(i, i + size));
    if (returning) out.push(...(await q.returning(returning)));
    else await q;
  }
  return out;
}

/**
 * Seeds the benchmark data set. `databaseUrl` (PostgreSQL) or `dataDir` (PGlite under dataDir/pglite).
 * Returns the counts and how long it took; does nothing when the bench candidate already exists.
 */
export async function seedBench({
  databaseUrl,
  dataDir,
  companies: companyCount = 5_000,
  jobs: jobCount = 100_000,
  referrers: referrerCount = 200,
  seed = 7,
  now = new Date(),
  log = () => {},
} = {}) {
  const t0 = Date.now();
  const { buildApp, openMigratedDatabase, loadConfig, schema, drizzle } = loadDist();
  const { sql } = drizzle;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED: 'false',
    SESSION_SECRET: 'bench-seed-secret-bench-seed-secret-00',
    // Bulk statements on a shared, busy machine take longer than a request may.
    DB_QUERY_TIMEOUT_MS: '1800000',
  });
  // The database opened and migrated first, then the app built on it, as a server starts
  // (api/src/server.ts): a long migration is not cut short by the app's plugin timeout.
  const database = await openMigratedDatabase(config);
  const app = await buildApp(config, { database, logger: { level: 'warn' } });
  await app.ready();
  try {
    const db = app.db;
    const already = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(sql`${schema.users.email} = ${BENCH_CANDIDATE}`);
    if (already.length > 0) {
      log('bench-seed: the bench data are already there');
      return { seeded: false, ms: Date.now() - t0 };
    }
    const rng = createRng(seed);

    // Companies: distinct "<A> <B> <Suffix>[ <C>]" names (40 × 20 × 26 × 5 combinations).
    const names = [];
    for (const c of NAME_C)
      for (const a of NAME_A)
        for (const b of NAME_B)
          for (const industry of INDUSTRIES)
            for (const s of SUFFIX[industry]) names.push({ name: `${a} ${b} ${s}${c}`, industry });
    if (names.length < companyCount) throw new Error(`only ${names.length} company names`);
    const companyRows = rng.sample(names, companyCount).map((c) => ({ ...c, logo: null }));

    // People: referrers own the posts; one candidate signs in for the benchmark.
    const person = (i) =>
      `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`;
    const userRows = [
      {
        email: BENCH_CANDIDATE,
        fullName: 'Bench Candidate',
        authMode: 'candidate',
        skills: ['TypeScript', 'React', 'Node.js', 'PostgreSQL'],
        overAllExperience: 4,
      },
      ...Array.from({ length: referrerCount }, (_, i) => ({
        email: `bench-referrer-${i}@referio.test`,
        fullName: person(i),
        authMode: 'referrer',
        workEmailAdded: true,
        position: rng.pick(['Engineering Manager', 'Senior Engineer', 'Team Lead', 'Director']),
        overAllExperience: rng.int(3, 15),
      })),
    ];

    // The job_posts indexes (as the migrations made them) are dropped for the bulk insert and made again
    // afterwards from their own definitions, and the postings are filled in one statement
    // (referio_search_rebuild) instead of by the triggers: building an index once is several times
    // faster than maintaining it row by row.
    const indexDefs = (
      await db.execute(
        sql`select indexname, indexdef from pg_indexes where tablename = 'job_posts' and indexname not like '%_pkey'`,
      )
    ).rows;
    for (const ix of indexDefs) await db.execute(sql.raw(`drop index "${ix.indexname}"`));
    // The triggers that keep the postings are off for the load; referio_search_rebuild() makes the
    // postings afterwards (a post's words and list columns are its own: nothing else is derived).
    await db.execute(sql`alter table job_posts disable trigger user`);

    const result = await db.transaction(async (tx) => {
      const companyIds = await insertInBatches(tx, schema.companies, companyRows, 1000, {
        id: schema.companies.id,
        name: schema.companies.name,
      });
      const idOf = new Map(companyIds.map((r) => [r.name, r.id]));
      const companies = companyRows.map((c) => ({ ...c, id: idOf.get(c.name) }));

      const users = await insertInBatches(tx, schema.users, userRows, 500, {
        id: schema.users.id,
        email: schema.users.email,
      });
      const referrers = users.filter((u) => u.email !== BENCH_CANDIDATE);
      const referrerCompany = referrers.map(() => rng.pick(companies));
      // Each company's e-mail domain (confirmed), and each referrer's work address at their company's:
      // the job list's "Verified at {company}" is true for the jobs posted for one's own company.
      const domainOf = (c) => `${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
      const seenDomains = new Set();
      await insertInBatches(
        tx,
        schema.companyDomains,
        companies
          .filter((c) => !seenDomains.has(domainOf(c)) && seenDomains.add(domainOf(c)))
          .map((c) => ({ domain: domainOf(c), companyId: c.id, confirmedAt: new Date() })),
        1000,
      );
      await insertInBatches(
        tx,
        schema.workEmailHistory,
        referrers.map((r, i) => ({
          userId: r.id,
          email: `${r.email.split('@')[0]}@${domainOf(referrerCompany[i])}`,
          domain: domainOf(referrerCompany[i]),
          companyName: referrerCompany[i].name,
          startDate: `20${rng.int(15, 24)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
        })),
        500,
      );
      await tx.execute(
        sql`update users u set work_email_domain = h.domain from work_email_history h where h.user_id = u.id`,
      );

      // Job posts over the last 365 days; about one in ten inactive.
      const yearMs = 365 * 24 * 60 * 60 * 1000;
      let done = 0;
      const batch = 5000;
      while (done < jobCount) {
        const rows = [];
        for (let i = 0; i < Math.min(batch, jobCount - done); i += 1) {
          const owner = rng.int(0, referrers.length - 1);
          // A referrer mostly posts for their own company.
          const company = rng.next() < 0.7 ? referrerCompany[owner] : rng.pick(companies);
          const industry = company.industry;
          const skills = rng.sample(SKILLS[industry], rng.int(3, 8));
          if (industry === 'it' && rng.next() < 0.03) skills.push(RARE_SKILL);
          const lo = rng.int(3, 30);
          rows.push({
            user_id: referrers[owner].id,
            company_id: company.id,
            job_title: `${rng.pick(SENIORITY)}${rng.pick(ROLES[industry])}`,
            company_name: company.name,
            job_location: rng.pick(LOCATIONS),
            address: `${rng.int(1, 400)} ${rng.pick(STREETS)}, ${rng.pick(CITIES)}`,
            industry,
            experience: rng.pick(EXPERIENCE),
            job_type: rng.next() < 0.8 ? 'Full-time' : rng.pick(JOB_TYPES),
            salary_range: `${lo}-${lo + rng.int(2, 15)}`,
            required_skills: skills,
            job_description: rng.sample(SENTENCES, rng.int(2, 4)),
            notes: rng.sample(NOTES, rng.int(1, 3)),
            status: rng.next() < 0.1 ? 'inactive' : 'active',
            total_referrals: rng.int(0, 5),
            referral_bonus: rng.pick([1000, 1000, 2000, 5000]),
            // Posted in order over the year (a post's place, search_pos, follows created_at, as on a
            // live database where a post is numbered when it is posted).
            created_at: new Date(
              now.getTime() - yearMs + Math.floor(((done + i + rng.next()) / jobCount) * yearMs),
            ).toISOString(),
          });
        }
        // One JSON parameter per batch instead of twenty per row: far less to build here and to parse there.
        await tx.execute(sql`insert into job_posts (${sql.raw(JOB_COLUMNS)})
          select ${sql.raw(JOB_COLUMNS)} from json_populate_recordset(null::job_posts, ${JSON.stringify(rows)}::json)`);
        done += rows.length;
        if (done % 100_000 === 0) log(`bench-seed: ${done} job posts`);
      }
      return { companies: companies.length, users: users.length, jobs: done };
    });
    const tIndex = Date.now();
    await db.transaction(async (tx) => {
      if (app.database.kind === 'pg')
        await tx.execute(sql`set local maintenance_work_mem = '512MB'`);
      for (const ix of indexDefs) await tx.execute(sql.raw(ix.indexdef));
    });
    log(
      `bench-seed: ${indexDefs.length} job_posts indexes made again in ${((Date.now() - tIndex) / 1000).toFixed(1)} s`,
    );
    const tWords = Date.now();
    await db.transaction(async (tx) => {
      if (app.database.kind === 'pg') await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
      // The postings, counts and bitmaps the triggers keep, made in bulk (api/sql/functions/search_postings.sql).
      await tx.execute(sql`select referio_search_rebuild()`);
    });
    await db.execute(sql`alter table job_posts enable trigger user`);
    const postings = (await db.execute(sql`select count(*)::int as n from job_post_words`)).rows[0]
      .n;
    log(
      `bench-seed: ${postings} search postings written and indexed in ${((Date.now() - tWords) / 1000).toFixed(1)} s`,
    );
    // As autovacuum would leave a live database after a while: fresh statistics, the GIN pending lists
    // merged into the indexes, the visibility map set.
    await db.execute(sql`vacuum analyze`);
    const ms = Date.now() - t0;
    log(
      `bench-seed: ${result.companies} companies, ${result.jobs} job posts, ${result.users} users in ${(ms / 1000).toFixed(1)} s (${app.database.kind})`,
    );
    return { seeded: true, ...result, ms };
  } finally {
    await app.close();
    await database.close();
  }
}

runAsScript(import.meta.url, () => {
  if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
    console.error('Set DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite under DATA_DIR/pglite).');
    process.exit(2);
  }
  return seedBench({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR,
    companies: Number(process.env.COMPANIES ?? 5_000),
    jobs: Number(process.env.JOBS ?? 100_000),
    log: console.log,
  });
});

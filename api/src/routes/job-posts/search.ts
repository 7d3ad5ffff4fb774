import {
  errorResponses,
  filterFields,
  getAllJobPostRequest,
  jobListAnswer,
  jobSuggestAnswer,
  jobSuggestRequest,
  SUGGEST_MAX,
  type JobFilters,
  type JobSuggestion,
} from '../../contract';
import { TtlCache } from '../../lib/ttl-cache';
import { SESSION_COOKIE } from '../../plugins/auth';
import {
  appliedAmongJobIds,
  hasSearchWords,
  publicSearchData,
  type JobListQuery,
  type PublicSearch,
} from '../../services/job-posts';
import type { ActiveSession } from '../../services/sessions';
import type { RouteApp } from '../route-app';

/** A cached search page (`isApplied` false throughout: it is everyone's). */
interface SearchPage extends PublicSearch {
  company: { _id: string; companyName: string } | null | undefined;
}

/** The public search's and the suggestions' caches, and how a job write clears them. */
export interface SearchCaches {
  ttlMs: number;
  searchPages: TtlCache<SearchPage>;
  suggestions: TtlCache<JobSuggestion[]>;
  /** Clears this instance's pages and tells the other instances to clear theirs. */
  searchChanged: () => void;
}

export function searchCaches(app: RouteApp): SearchCaches {
  /**
   * Public searches, per search text: counting every match of a common word, or gathering and sorting
   * the matches of a rarer one, costs far more than answering from memory, and a list a few seconds
   * old is fine for browsing. `isApplied` is always the caller's, read fresh. A job write on any
   * instance clears every instance's pages.
   */
  const ttlMs = app.config.SEARCH_CACHE_SECONDS * 1000;
  const clock = () => app.now().getTime();
  const searchPages = new TtlCache<SearchPage>(ttlMs, 500, clock);
  const suggestions = new TtlCache<JobSuggestion[]>(ttlMs, 1000, clock);
  // A job write clears this instance's pages at once and tells the other instances (LISTEN/NOTIFY,
  // src/plugins/events/) to clear theirs.
  const searchChanged = () => {
    searchPages.clear();
    suggestions.clear();
    app.chatEvents
      .publishSearchChanged()
      .catch((err: unknown) => app.log.warn({ err }, 'search change not published'));
  };
  app.chatEvents.onSearchChanged(() => {
    searchPages.clear();
    suggestions.clear();
  });
  return { ttlMs, searchPages, suggestions, searchChanged };
}

/** The caller's session and which of a page's jobs they already requested. */
interface Mine {
  session: ActiveSession | null;
  applied: string[];
}

/** The search's routes: the public list and the suggestions while a search is typed. */
export function searchRoutes(app: RouteApp, caches: SearchCaches): void {
  jobListRoute(app, caches);
  suggestRoute(app, caches);
}

function jobListRoute(app: RouteApp, { ttlMs, searchPages }: SearchCaches): void {
  /**
   * The session and which of a page's jobs its user already requested, in one round trip (the
   * search looks its session up itself: `sessionInHandler`).
   */
  const sessionWithApplied = app.sessions.finder('referio_session_applied_jobs', {
    applied: appliedAmongJobIds(),
  });

  /**
   * Active job posts, newest first: every word of the search in the title, company, skills, address or
   * location type, and the filters; a bounded total; `isApplied` for the caller.
   */
  app.post(
    '/jobPost/getAllJobPost',
    {
      config: { auth: 'optional', sessionInHandler: true },
      schema: {
        tags: ['jobs'],
        summary: 'Search active job posts (newest first, filters, bounded total)',
        body: getAllJobPostRequest,
        response: { 200: jobListAnswer, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { search, start, limit } = request.body;
      const filters = filterFields(request.body);
      const text = app.jobPosts.searchText(search);
      const key = JSON.stringify([start, limit, text, filters]);
      const token = request.cookies[SESSION_COOKIE];
      const lookup = app.sessions.lookupParams(token);
      // Read with the page when the page is read (one round trip); on a cache hit, on its own.
      let mine: Mine | undefined;
      let hit = true;
      const page = await searchPages.getOrCompute(key, async () => {
        hit = false;
        const q = { search: text, filters, status: 'active' as const, start, limit };
        return readPage(app, q, lookup, (withSession) => (mine = withSession));
      });
      void reply.header('x-search-cache', hit && ttlMs > 0 ? 'hit' : 'miss');
      if (!mine && token) {
        const session = await sessionWithApplied(token, { jobIds: page.ids });
        mine = { session, applied: session?.applied ?? [] };
      }
      await app.useSession(request, reply, mine?.session ?? null);
      // The jobs of users the caller blocked leave the page (docs/trust-and-safety.md): a key probe
      // for a signed-in caller; the page is one a little shorter then.
      const blocked = request.user
        ? await app.trust.blockedIds(request.user.id)
        : new Set<string>();
      const applied = mine?.applied ?? [];
      if (applied.length === 0 && !page.userIds.some((id) => blocked.has(id))) {
        // The page as the database wrote it (`PublicSearch`): no object made, parsed or serialised.
        // Fastify sends a string of a JSON type as it is (the test suite checks it against the schema:
        // lib/response-serializer.ts, `checkJsonText`).
        const body = pageJson(page, start, limit) as never;
        return reply.type('application/json; charset=utf-8').send(body);
      }
      return pageForCaller(page, new Set(applied), blocked, start, limit);
    },
  );
}

/** The answer of a cached page for everyone, as JSON text (the contract's `jobListAnswer`, its keys in order). */
function pageJson(page: SearchPage, start: number, limit: number): string {
  const company =
    page.company === undefined
      ? ''
      : `,"company":${page.company === null ? 'null' : JSON.stringify({ _id: page.company._id, companyName: page.company.companyName })}`;
  return `{"success":true,"data":[${page.json.join(',')}],"total":${page.total},"totalCapped":${page.totalCapped}${company},"start":${start},"limit":${limit}}`;
}

/** The answer of a cached page for a caller who requested some of its jobs or blocked some of its posters. */
function pageForCaller(
  page: SearchPage,
  applied: Set<string>,
  blocked: Set<string>,
  start: number,
  limit: number,
) {
  const all = publicSearchData(page);
  const data = all
    .filter((j) => !blocked.has(j.userId))
    .map((j) => (applied.has(j._id) ? { ...j, isApplied: true } : j));
  return {
    success: true,
    data,
    total: Math.max(0, page.total - (all.length - data.length)),
    totalCapped: page.totalCapped,
    ...(page.company !== undefined ? { company: page.company } : {}),
    start,
    limit,
  };
}

/**
 * A page of the public list from the database: the search's (with the session of `lookup` and the jobs its
 * user requested, in the same round trip, handed to `withSession`), or every active job's.
 */
async function readPage(
  app: RouteApp,
  q: Omit<JobListQuery, 'viewerId' | 'responsiveness'> & { search: string; filters: JobFilters },
  lookup: { hash: string; now: Date } | null,
  withSession: (mine: Mine) => void,
): Promise<SearchPage> {
  const { filters } = q;
  const [found, company] = await Promise.all([
    lookup
      ? app.jobPosts.publicSearchWithSession(q, lookup).then((mine) => {
          if (mine) withSession(mine);
          return mine;
        })
      : app.jobPosts.publicSearch(q),
    filters.company ? app.companies.find(filters.company) : undefined,
  ]);
  // A request without a word or a filter lists every active job, from job_posts itself (and
  // so does any search while the postings are stale: `checkPostings`).
  let listed: PublicSearch | null = found;
  if (!listed) {
    const all = await app.jobPosts.page({ ...q, viewerId: null });
    listed = {
      json: all.data.map((j) => JSON.stringify(j)),
      ids: all.data.map((j) => j._id),
      userIds: all.data.map((j) => j.userId),
      total: all.total,
      totalCapped: all.totalCapped,
    };
  }
  const { json, ids, userIds, total, totalCapped } = listed;
  return { json, ids, userIds, total, totalCapped, company };
}

function suggestRoute(app: RouteApp, { suggestions }: SearchCaches): void {
  /**
   * Suggestions while a search is typed (docs/search.md): companies, titles, skills and places beginning
   * with it, most listed posts first, at most SUGGEST_MAX. An empty text has none. Cached per text as
   * the search pages are, and cleared with them.
   */
  app.get(
    '/jobPost/suggest',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['jobs'],
        summary: 'Suggestions for a search being typed (companies, titles, skills, places)',
        querystring: jobSuggestRequest,
        response: { 200: jobSuggestAnswer, ...errorResponses(400) },
      },
    },
    async (request) => {
      // The words typed before the last are kept as typed in a suggestion: only runs of spaces are one.
      const q = request.query.q.replace(/\s+/g, ' ');
      if (!hasSearchWords(q)) return { success: true, data: [] };
      const data = await suggestions.getOrCompute(q, () => app.jobPosts.suggest(q, SUGGEST_MAX));
      return { success: true, data };
    },
  );
}

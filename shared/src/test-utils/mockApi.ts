// Tests replace API functions where they are defined, so the pages that call them and the query options
// beside them (shared/src/api/<area>.ts, which call them through their module) see the same jest mocks.
//
// The shell's and the remotes' tests get this for every function that asks the server without asking:
// tools/test/jest.setup-api.js installs `mockSharedApi()` as the mock of '@referio/shared', so a test
// imports the function and gives it its answer (`jest.mocked(getMe).mockResolvedValue(...)`). A test
// that wants only some replaced, or more (`overrides`), calls jest.mock itself:
//
//   import type * as TestUtils from '@referio/shared/test-utils';
//   jest.mock('@referio/shared', () =>
//     jest
//       .requireActual<typeof TestUtils>('@referio/shared/test-utils')
//       .mockSharedApi(['getReferrerChats', 'getMessages']),
//   );
import * as admin from '../api/admin';
import * as auth from '../api/auth';
import * as chat from '../api/chat';
import * as handoff from '../api/handoff';
import * as jobAlerts from '../api/jobAlerts';
import * as jobPost from '../api/jobPost';
import * as notifications from '../api/notifications';
import * as referral from '../api/referral';
import * as savedJobs from '../api/savedJobs';
import * as site from '../api/site';
import * as suggest from '../api/suggest';
import * as trust from '../api/trust';
import * as upload from '../api/upload';
import type * as Api from '../api/index';

const AREAS = [
  admin,
  auth,
  chat,
  handoff,
  jobAlerts,
  jobPost,
  notifications,
  referral,
  savedJobs,
  site,
  suggest,
  trust,
  upload,
] as unknown as Record<string, unknown>[];

/** Functions of the API areas that do not ask the server (a URL, a cache update): never replaced. */
const NOT_CALLS = new Set(['chatEventsUrl', 'afterJobAlertChange', 'afterSavedJobChange']);

/** Every function the API areas define (not re-export) that asks the server. */
function serverCalls(): string[] {
  return AREAS.flatMap((area) =>
    Object.keys(area).filter((name) => {
      const own = Object.getOwnPropertyDescriptor(area, name);
      return typeof own?.value === 'function' && own.writable === true && !NOT_CALLS.has(name);
    }),
  );
}

/**
 * '@referio/shared' with the API functions `names` (all that ask the server when left out) replaced by
 * jest.fn(), and `overrides` on top.
 */
export function mockSharedApi(
  names: readonly string[] = serverCalls(),
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const name of names) {
    const area = AREAS.find((m) => typeof m[name] === 'function');
    if (!area) throw new Error(`mockSharedApi: ${name} is not an API function of @referio/shared`);
    area[name] = jest.fn();
  }
  return { ...jest.requireActual<Record<string, unknown>>('../index'), ...overrides };
}

/**
 * The API functions of '@referio/shared' as the test's jest mocks, by name: `api.getMe.mockResolvedValue(...)`,
 * `expect(api.saveJob).toHaveBeenCalledWith(...)`. Read when used, so it is whatever mockSharedApi put in
 * place (a function it did not replace is the real one, typed as a mock all the same).
 */
export const api = new Proxy({} as jest.MockedObject<typeof Api>, {
  get(_, name) {
    if (typeof name !== 'string') return undefined;
    // '@referio/shared' loaded first, so that its mock (where the test has one) has replaced the functions
    // even when the test has not imported it yet (a page it loads later with import()).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../index');
    const area = AREAS.find((m) => typeof m[name] === 'function');
    if (!area) throw new Error(`api.${name} is not an API function of @referio/shared`);
    return area[name];
  },
});

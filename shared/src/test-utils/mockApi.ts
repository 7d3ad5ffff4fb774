// Tests replace API functions where they are defined, so the pages that call them and the query options
// beside them (shared/src/api/<area>.ts, which call them through their module) see the same jest mocks:
//
//   import type * as TestUtils from '@referio/shared/test-utils';
//   jest.mock('@referio/shared', () =>
//     jest
//       .requireActual<typeof TestUtils>('@referio/shared/test-utils')
//       .mockSharedApi(['getReferrerChats', 'getMessages']),
//   );
//
// Anything else to replace in '@referio/shared' goes in `overrides`.
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

export function mockSharedApi(
  names: readonly string[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const name of names) {
    const area = AREAS.find((m) => typeof m[name] === 'function');
    if (!area) throw new Error(`mockSharedApi: ${name} is not an API function of @referio/shared`);
    area[name] = jest.fn();
  }
  return { ...jest.requireActual<Record<string, unknown>>('../index'), ...overrides };
}

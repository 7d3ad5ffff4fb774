import path from 'node:path';
import {
  getAllJobPost,
  getAllReferralRequestsData,
  getBlockedUsers,
  getByIdUser,
  getJobAlerts,
  getMailPreferences,
  getCandidateCount,
  getJobsByCandidate,
} from '@referio/shared';
import {
  makeProfile,
  renderPage,
  describeExposedPages,
  makeMailPreferences,
  makeSession,
} from '@referio/shared/test-utils';
import type * as TestUtils from '@referio/shared/test-utils';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi([
      'getMailPreferences',
      'getAllJobPost',
      'getAllReferralRequestsData',
      'getByIdUser',
      'getCandidateCount',
      'getJobsByCandidate',
      'getBlockedUsers',
      'getJobAlerts',
    ]),
);

// The modules the shell loads from this remote (docs/foundation-interfaces.md) and the heading each shows.
const exposed: [module: string, heading: string][] = [
  ['UserDashboard', 'Dashboard'],
  ['Explore', 'Explore'],
  ['MyReferralRequests', 'My Referral Requests'],
  ['Profile', 'Profile'],
  ['UpgradeToPremium', 'Upgrade To Premium'],
];

beforeEach(() => {
  jest.mocked(getMailPreferences).mockResolvedValue(makeMailPreferences());
  jest.mocked(getBlockedUsers).mockResolvedValue([]);
  jest.mocked(getJobAlerts).mockResolvedValue([]);
  jest.mocked(getAllJobPost).mockResolvedValue({ data: [], total: 0 });
  jest.mocked(getAllReferralRequestsData).mockResolvedValue([]);
  jest.mocked(getByIdUser).mockResolvedValue(makeProfile());
  jest
    .mocked(getCandidateCount)
    .mockResolvedValue({ total: 0, approved: 0, pending: 0, declined: 0, expired: 0 });
  jest.mocked(getJobsByCandidate).mockResolvedValue({ success: true, data: [] });
});

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
  render: (Page) => renderPage(<Page />, { session: makeSession() }),
});

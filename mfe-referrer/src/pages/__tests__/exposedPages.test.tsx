import path from 'node:path';
import {
  getAllJobPostByUserId,
  getAllReferralRequestsData,
  getByIdReferer,
  getRefererCount,
  getResponsiveness,
} from '@referio/shared';
import { renderPage, describeExposedPages } from '@referio/shared/test-utils';
import { signInAs } from '../../test/persona';
import type * as TestUtils from '@referio/shared/test-utils';

jest.mock('@referio/shared', () =>
  jest
    .requireActual<typeof TestUtils>('@referio/shared/test-utils')
    .mockSharedApi([
      'getRefererCount',
      'getAllReferralRequestsData',
      'getAllJobPostByUserId',
      'getByIdReferer',
      'getResponsiveness',
    ]),
);

// The modules the shell loads from this remote (docs/foundation-interfaces.md) and the heading each shows.
const exposed: [module: string, heading: string][] = [
  ['ReferrerDashboard', 'Welcome, Ravi Menon!'],
  ['ReferralRequests', 'Referral Requests'],
  ['JobPosts', 'Manage Your Job Posts Effortlessly!'],
  ['GiveReferral', 'Give Referral'],
  ['ReferrerProfile', 'Profile'],
  ['CreateJobPost', 'Create Job Post'],
];

beforeEach(() => {
  signInAs();
  jest
    .mocked(getRefererCount)
    .mockResolvedValue({ total: 0, approved: 0, pending: 0, declined: 0, expired: 0 });
  jest.mocked(getAllReferralRequestsData).mockResolvedValue([]);
  jest.mocked(getAllJobPostByUserId).mockResolvedValue({ data: [], total: 0 });
  jest.mocked(getByIdReferer).mockReturnValue(new Promise(() => {}));
  jest
    .mocked(getResponsiveness)
    .mockResolvedValue({ received: 0, answered: 0, medianAnswerSeconds: null });
});

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
  render: (Page) => renderPage(<Page />),
});

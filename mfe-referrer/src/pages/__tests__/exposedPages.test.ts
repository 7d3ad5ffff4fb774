import path from 'node:path';
import { api, describeExposedPages, makeCounts } from '@referio/shared/test-utils';
import { signInAs } from '../../test/persona';

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
  api.getRefererCount.mockResolvedValue(makeCounts());
  api.getAllReferralRequestsData.mockResolvedValue([]);
  api.getAllJobPostByUserId.mockResolvedValue({ data: [], total: 0 });
  api.getByIdReferer.mockReturnValue(new Promise(() => {}));
  api.getResponsiveness.mockResolvedValue({ received: 0, answered: 0, medianAnswerSeconds: null });
});

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
});

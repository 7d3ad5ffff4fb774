import path from 'node:path';
import {
  api,
  makeProfile,
  renderPage,
  describeExposedPages,
  makeMailPreferences,
  makeSession,
  makeCounts,
} from '@referio/shared/test-utils';

// The modules the shell loads from this remote (docs/foundation-interfaces.md) and the heading each shows.
const exposed: [module: string, heading: string][] = [
  ['UserDashboard', 'Dashboard'],
  ['Explore', 'Explore'],
  ['MyReferralRequests', 'My Referral Requests'],
  ['Profile', 'Profile'],
  ['UpgradeToPremium', 'Upgrade To Premium'],
];

beforeEach(() => {
  api.getMailPreferences.mockResolvedValue(makeMailPreferences());
  api.getBlockedUsers.mockResolvedValue([]);
  api.getJobAlerts.mockResolvedValue([]);
  api.getAllJobPost.mockResolvedValue({ data: [], total: 0 });
  api.getAllReferralRequestsData.mockResolvedValue([]);
  api.getByIdUser.mockResolvedValue(makeProfile());
  api.getCandidateCount.mockResolvedValue(makeCounts());
  api.getJobsByCandidate.mockResolvedValue({ success: true, data: [] });
});

describeExposedPages({
  remoteDir: path.join(__dirname, '..', '..', '..'),
  exposed,
  load: (name) => import(`../${name}/index.tsx`),
  render: (Page) => renderPage(<Page />, { session: makeSession() }),
});

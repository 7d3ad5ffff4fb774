import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  getAllJobPost,
  getAllReferralRequestsData,
  getByIdUser,
  getMailPreferences,
  getCandidateCount,
  getJobsByCandidate,
} from '@referio/shared';
import { makeProfile } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { makeMailPreferences } from '@referio/shared/test-utils';
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
  jest.mocked(getAllJobPost).mockResolvedValue({ data: [], total: 0 });
  jest.mocked(getAllReferralRequestsData).mockResolvedValue([]);
  jest.mocked(getByIdUser).mockResolvedValue(makeProfile());
  jest
    .mocked(getCandidateCount)
    .mockResolvedValue({ total: 0, approved: 0, pending: 0, declined: 0, expired: 0 });
  jest.mocked(getJobsByCandidate).mockResolvedValue({ success: true, data: [] });
});

describe('the exposed page modules', () => {
  it('are exactly the ones the foundation interfaces name, each from its own page folder', () => {
    const config = readFileSync(
      path.join(__dirname, '..', '..', '..', 'webpack.config.js'),
      'utf8',
    );
    const declared = [...config.matchAll(/'\.\/(\w+)': '\.\/src\/pages\/(\w+)\/index\.tsx'/g)].map(
      (m) => {
        expect(m[2]).toBe(m[1]);
        return m[1];
      },
    );
    expect(declared.sort()).toEqual(exposed.map(([name]) => name).sort());
  });

  it.each(exposed)(
    '%s default-exports a page that shows the heading "%s"',
    async (name, heading) => {
      const mod = (await import(`../${name}/index.tsx`)) as { default: ComponentType };
      const Page = mod.default;
      renderPage(<Page />);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    },
  );
});

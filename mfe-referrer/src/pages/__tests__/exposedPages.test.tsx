import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  getAllJobPostByUserId,
  getAllReferralRequestsData,
  getByIdReferer,
  getRefererCount,
  getResponsiveness,
} from '@referio/shared';
import { renderPage, signInAs } from '../../test/render';
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

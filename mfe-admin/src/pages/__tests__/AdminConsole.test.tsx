import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DomainClaim, Report } from '@referio/shared';
import { adminApi } from '../../lib/adminApi';
import AdminConsole from '../AdminConsole';

jest.mock('../../lib/adminApi', () => ({
  adminApi: {
    reports: jest.fn(),
    resolveReport: jest.fn(),
    suspend: jest.fn(),
    domains: jest.fn(),
    decideDomain: jest.fn(),
    users: jest.fn(() => Promise.resolve([])),
    restore: jest.fn(),
    audit: jest.fn(() => Promise.resolve([])),
  },
}));
const api = jest.mocked(adminApi);

const report: Report = {
  _id: 'r1',
  targetKind: 'referrer',
  targetId: 'u2',
  targetUser: { _id: 'u2', fullName: 'Rita Ref', email: 'rita@goog-careers.example' },
  targetSummary: '',
  reason: 'fake_referrer',
  note: 'Not at Google',
  status: 'open',
  createdAt: '2026-01-05T10:00:00.000Z',
  resolvedAt: null,
  reporter: { _id: 'u1', fullName: 'Casey', email: 'casey@example.com' },
  targetSuspended: false,
};

const claim: DomainClaim = {
  domain: 'goog-careers.example',
  companyId: 'c1',
  companyName: 'Google',
  state: 'unconfirmed',
  claimedBy: { _id: 'u2', fullName: 'Rita Ref', email: 'rita@goog-careers.example' },
  createdAt: '2026-01-04T10:00:00.000Z',
};

beforeEach(() => jest.clearAllMocks());

it('lists open reports and suspends the reported user, closing the report', async () => {
  api.reports.mockResolvedValueOnce([report]).mockResolvedValueOnce([]);
  api.suspend.mockResolvedValue({} as never);
  api.resolveReport.mockResolvedValue({} as never);
  render(<AdminConsole />);
  const item = await screen.findByRole('listitem', { name: 'Report r1' });
  expect(within(item).getByText('Not who they say they are')).toBeInTheDocument();
  expect(within(item).getByText('Note: Not at Google')).toBeInTheDocument();
  await userEvent.click(within(item).getByRole('button', { name: 'Suspend Rita Ref' }));
  await waitFor(() => expect(api.resolveReport).toHaveBeenCalledWith('r1', 'actioned'));
  expect(api.suspend).toHaveBeenCalledWith('u2', 'Report r1');
  expect(await screen.findByText('No open reports.')).toBeInTheDocument();
});

it('confirms a claimed company domain from the Domain claims tab', async () => {
  api.reports.mockResolvedValue([]);
  api.domains.mockResolvedValueOnce([claim]).mockResolvedValueOnce([]);
  api.decideDomain.mockResolvedValue({ ...claim, state: 'confirmed' });
  render(<AdminConsole />);
  await userEvent.click(screen.getByRole('tab', { name: 'Domain claims' }));
  await userEvent.click(
    await screen.findByRole('button', { name: 'Confirm @goog-careers.example for Google' }),
  );
  expect(api.decideDomain).toHaveBeenCalledWith('goog-careers.example', 'confirm');
  expect(await screen.findByText('No domain claims to decide.')).toBeInTheDocument();
});

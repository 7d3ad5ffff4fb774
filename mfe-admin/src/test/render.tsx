// Sample answers of the console's API; pages render through the shared test kit's renderPage.
import type { AdminUser, AuditEntry, OperatorReport } from '@referio/shared';

export { renderPage } from '@referio/shared/test-utils';

const rita = { _id: 'u2', fullName: 'Rita Ref', email: 'rita@goog-careers.example' };

export function makeReport(overrides: Partial<OperatorReport> = {}): OperatorReport {
  return {
    _id: 'r1',
    targetKind: 'referrer',
    targetId: 'u2',
    targetUser: rita,
    targetSummary: '',
    reason: 'fake_referrer',
    note: 'Not at Google',
    status: 'open',
    createdAt: '2026-01-05T10:00:00.000Z',
    resolvedAt: null,
    reporter: { _id: 'u1', fullName: 'Casey', email: 'casey@example.com' },
    targetSuspended: false,
    ...overrides,
  };
}

export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    ...rita,
    workEmailDomain: 'goog-careers.example',
    suspendedAt: null,
    suspendedReason: null,
    openReports: 1,
    activeJobs: 2,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a1',
    actorEmail: 'olga@referio.example',
    actorName: 'Olga Operator',
    action: 'user.suspend',
    targetKind: 'user',
    targetId: 'u2',
    targetName: 'Rita Ref',
    targetDetail: 'rita@goog-careers.example',
    change: 'Suspended Rita Ref: spam',
    before: { suspendedAt: null },
    after: { suspendedAt: '2026-01-06T10:00:00.000Z', reason: 'spam' },
    createdAt: '2026-01-06T10:00:00.000Z',
    ...overrides,
  };
}

// Test helpers: the console's page or a part of it with what the shell gives a remote (a query client,
// the toast host), and sample answers of the console's API.
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ToastHost, type AdminUser, type AuditEntry, type Report } from '@referio/shared';

export function renderPage(ui: ReactElement): RenderResult {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      {ui}
      <ToastHost />
    </QueryClientProvider>,
  );
}

const rita = { _id: 'u2', fullName: 'Rita Ref', email: 'rita@goog-careers.example' };

export function makeReport(overrides: Partial<Report> = {}): Report {
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

// The operator console's calls (/api/admin/*, docs/trust-and-safety.md): one function per call, and the
// react-query keys and options that go with them (`['admin', section, params]`).
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './admin';
import type {
  AdminUser,
  AuditEntry,
  DomainClaim,
  OperatorReport,
  SuspendRequest,
} from '../contract/trust';
import type { DomainState, ReportStatus } from '../contract/trustTexts';
import { apiClient, seg, type Envelope } from './client';

/** GET /admin/me: whether the signed-in user is an operator. */
export async function getOperatorStatus(): Promise<boolean> {
  return (await apiClient.get<Envelope<{ operator: boolean }>>('/admin/me')).data.data.operator;
}

/** GET /admin/reports?status=: the report queue, newest first. */
export async function getAdminReports(status: ReportStatus): Promise<OperatorReport[]> {
  return (await apiClient.get<Envelope<OperatorReport[]>>('/admin/reports', { params: { status } }))
    .data.data;
}

/** POST /admin/reports/resolve/:id `{ action }`: close a report, acted on or dismissed. */
export async function resolveReport(
  id: string,
  action: 'actioned' | 'dismissed',
): Promise<OperatorReport> {
  return (
    await apiClient.post<Envelope<OperatorReport>>(`/admin/reports/resolve/${seg(id)}`, { action })
  ).data.data;
}

/** GET /admin/domains?state=: company domains by state. */
export async function getDomainClaims(state: DomainState): Promise<DomainClaim[]> {
  return (await apiClient.get<Envelope<DomainClaim[]>>('/admin/domains', { params: { state } }))
    .data.data;
}

/** POST /admin/domains/confirm|reject/:domain */
export async function decideDomain(
  domain: string,
  decision: 'confirm' | 'reject',
): Promise<DomainClaim> {
  return (await apiClient.post<Envelope<DomainClaim>>(`/admin/domains/${decision}/${seg(domain)}`))
    .data.data;
}

/** GET /admin/users?search=: by name or e-mail; without a search, the suspended and the reported. */
export async function getAdminUsers(search: string): Promise<AdminUser[]> {
  return (await apiClient.get<Envelope<AdminUser[]>>('/admin/users', { params: { search } })).data
    .data;
}

/** POST /admin/users/suspend/:id `{ reason }`: the reason is told to the user. */
export async function suspendUser(id: string, body: SuspendRequest): Promise<AdminUser> {
  return (await apiClient.post<Envelope<AdminUser>>(`/admin/users/suspend/${seg(id)}`, body)).data
    .data;
}

/** POST /admin/users/restore/:id: unsuspend (undoes a suspension). */
export async function unsuspendUser(id: string): Promise<AdminUser> {
  return (await apiClient.post<Envelope<AdminUser>>(`/admin/users/restore/${seg(id)}`, {})).data
    .data;
}

/** GET /admin/audit: operator actions, newest first, in words. */
export async function getAuditLog(): Promise<AuditEntry[]> {
  return (await apiClient.get<Envelope<AuditEntry[]>>('/admin/audit')).data.data;
}

export const adminKeys = {
  all: ['admin'] as const,
  me: () => ['admin', 'me'] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', { status }] as const,
  domains: (state: DomainState) => ['admin', 'domains', { state }] as const,
  users: (search: string) => ['admin', 'users', { search }] as const,
  audit: () => ['admin', 'audit'] as const,
};

export const adminQueries = {
  me: () => queryOptions({ queryKey: adminKeys.me(), queryFn: () => api.getOperatorStatus() }),
  reports: (status: ReportStatus) =>
    queryOptions({
      queryKey: adminKeys.reports(status),
      queryFn: () => api.getAdminReports(status),
    }),
  domains: (state: DomainState) =>
    queryOptions({
      queryKey: adminKeys.domains(state),
      queryFn: () => api.getDomainClaims(state),
    }),
  users: (search: string) =>
    queryOptions({ queryKey: adminKeys.users(search), queryFn: () => api.getAdminUsers(search) }),
  audit: () => queryOptions({ queryKey: adminKeys.audit(), queryFn: () => api.getAuditLog() }),
};

// The operator console's calls (/api/admin/*, docs/trust-and-safety.md), over the shared API client.
import { apiClient, type Envelope } from '@referio/shared';
import type {
  AdminUser,
  AuditEntry,
  DomainClaim,
  DomainState,
  Report,
  ReportStatus,
} from '@referio/shared';

const data = <T>(p: Promise<{ data: Envelope<T> }>) => p.then((r) => r.data.data);
const seg = encodeURIComponent;

export const adminApi = {
  reports: (status: ReportStatus) =>
    data<Report[]>(apiClient.get('/admin/reports', { params: { status } })),
  resolveReport: (id: string, action: 'actioned' | 'dismissed') =>
    data<Report>(apiClient.post(`/admin/reports/resolve/${seg(id)}`, { action })),
  domains: (state: DomainState) =>
    data<DomainClaim[]>(apiClient.get('/admin/domains', { params: { state } })),
  decideDomain: (domain: string, decision: 'confirm' | 'reject') =>
    data<DomainClaim>(apiClient.post(`/admin/domains/${decision}/${seg(domain)}`)),
  users: (search: string) =>
    data<AdminUser[]>(apiClient.get('/admin/users', { params: { search } })),
  suspend: (id: string, reason: string) =>
    data<AdminUser>(apiClient.post(`/admin/users/suspend/${seg(id)}`, { reason })),
  restore: (id: string) => data<AdminUser>(apiClient.post(`/admin/users/restore/${seg(id)}`, {})),
  audit: () => data<AuditEntry[]>(apiClient.get('/admin/audit')),
};

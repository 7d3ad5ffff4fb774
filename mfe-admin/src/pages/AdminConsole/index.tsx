import { useState } from 'react';
import { Tabs } from '@referio/shared';
import { AuditLog } from '../../features/audit/components/AuditLog';
import { DomainClaims } from '../../features/domains/components/DomainClaims';
import { ReportQueue } from '../../features/reports/components/ReportQueue';
import { UserList } from '../../features/suspensions/components/UserList';
import '../../admin.css';

type Section = 'reports' | 'domains' | 'users' | 'audit';

const SECTIONS = [
  { key: 'reports', label: 'Reports' },
  { key: 'domains', label: 'Domain claims' },
  { key: 'users', label: 'Users' },
  { key: 'audit', label: 'Audit log' },
] as const;

/** The exposed ./AdminConsole page (/admin; the shell shows it to operators only). */
export default function AdminConsole() {
  const [section, setSection] = useState<Section>('reports');
  return (
    <section className="rf-admin" aria-labelledby="rf-admin-title">
      <h1 id="rf-admin-title">Operator console</h1>
      <Tabs tabs={SECTIONS} value={section} onChange={setSection} label="Operator console sections">
        {section === 'reports' && <ReportQueue />}
        {section === 'domains' && <DomainClaims />}
        {section === 'users' && <UserList />}
        {section === 'audit' && <AuditLog />}
      </Tabs>
    </section>
  );
}

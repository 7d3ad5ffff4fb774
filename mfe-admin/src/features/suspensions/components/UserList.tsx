import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { adminQueries, Button, formatDate, type AdminUser } from '@referio/shared';
import { QueryList } from '../../../components/QueryList';
import { SuspendControl } from './SuspendControl';

/** Users by name or e-mail (without a search: the suspended and the reported), to suspend or unsuspend. */
export function UserList() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const users = useQuery(adminQueries.users(query));
  return (
    <>
      <form
        className="rf-admin__search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
        }}
      >
        <label htmlFor="rf-admin-user-search">Find a user by name or email</label>
        <input
          id="rf-admin-user-search"
          className="rf-input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button size="sm" type="submit">
          Search
        </Button>
      </form>
      <QueryList query={users} empty="No users.">
        {(items: AdminUser[]) => (
          <ul className="rf-admin__list">
            {items.map((u) => (
              <UserItem key={u._id} user={u} />
            ))}
          </ul>
        )}
      </QueryList>
    </>
  );
}

function UserItem({ user: u }: { user: AdminUser }) {
  return (
    <li className="rf-card rf-admin__item" aria-label={u.email}>
      <p>
        <strong>{u.fullName || u.email}</strong> ({u.email})
        {u.workEmailDomain ? ` · @${u.workEmailDomain}` : ''} · {u.openReports} open reports ·{' '}
        {u.activeJobs} active jobs
      </p>
      {u.suspendedAt && (
        <p>
          Suspended on {formatDate(u.suspendedAt)}
          {u.suspendedReason ? `: ${u.suspendedReason}` : ''}
        </p>
      )}
      <div className="rf-admin__actions">
        <SuspendControl person={u} suspended={u.suspendedAt !== null} />
      </div>
    </li>
  );
}

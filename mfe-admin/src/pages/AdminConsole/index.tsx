import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  errorMessage,
  formatDate,
  REPORT_REASON_LABELS,
  Tabs,
  toast,
  type AdminUser,
  type AuditEntry,
  type DomainClaim,
  type Report,
} from '@referio/shared';
import { adminApi } from '../../lib/adminApi';
import './AdminConsole.css';

type Section = 'reports' | 'domains' | 'users' | 'audit';

const SECTIONS = [
  { key: 'reports', label: 'Reports' },
  { key: 'domains', label: 'Domain claims' },
  { key: 'users', label: 'Users' },
  { key: 'audit', label: 'Audit log' },
] as const;

/** Loads `load()` now and again after `reload()`; its error as a message. */
function useLoad<T>(load: () => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (v) => live && (setValue(v), setError(null)),
      (e: unknown) => live && setError(errorMessage(e, 'Could not load this list. Try again.')),
    );
    return () => {
      live = false;
    };
  }, [load, tick]);
  return { value, error, reload: () => setTick((t) => t + 1) };
}

function Listing<T>({
  state,
  empty,
  children,
}: {
  state: { value: T[] | null; error: string | null };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (state.error) return <p role="alert">{state.error}</p>;
  if (!state.value) return <p aria-busy="true">Loading…</p>;
  if (state.value.length === 0) return <p>{empty}</p>;
  return <>{children(state.value)}</>;
}

/** Runs an operator action, then reloads; a refusal is shown as a toast. */
async function act(action: () => Promise<unknown>, done: string, reload: () => void) {
  try {
    await action();
    toast.success(done);
  } catch (e) {
    toast.error(errorMessage(e, 'That did not work. Try again.'));
  }
  reload();
}

function Reports() {
  const load = useCallback(() => adminApi.reports('open'), []);
  const state = useLoad(load);
  return (
    <Listing state={state} empty="No open reports.">
      {(items: Report[]) => (
        <ul className="rf-admin__list">
          {items.map((r) => (
            <li key={r._id} className="rf-card rf-admin__item" aria-label={`Report ${r._id}`}>
              <p>
                <strong>{REPORT_REASON_LABELS[r.reason]}</strong> · {r.targetKind.replace('_', ' ')}{' '}
                · <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
              </p>
              <p>
                Reported: {r.targetUser.fullName || r.targetUser.email} ({r.targetUser.email})
                {r.targetSuspended ? ' · suspended' : ''}
              </p>
              {r.targetSummary && <p>{r.targetSummary}</p>}
              {r.note && <p>Note: {r.note}</p>}
              <p>By: {r.reporter?.email}</p>
              <div className="rf-admin__actions">
                {!r.targetSuspended && (
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      void act(
                        async () => {
                          await adminApi.suspend(r.targetUser._id, `Report ${r._id}`);
                          await adminApi.resolveReport(r._id, 'actioned');
                        },
                        'User suspended.',
                        state.reload,
                      )
                    }
                  >
                    Suspend {r.targetUser.fullName || r.targetUser.email}
                  </Button>
                )}
                <Button
                  size="sm"
                  onClick={() =>
                    void act(
                      () => adminApi.resolveReport(r._id, 'actioned'),
                      'Report closed.',
                      state.reload,
                    )
                  }
                >
                  Mark acted on
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    void act(
                      () => adminApi.resolveReport(r._id, 'dismissed'),
                      'Report dismissed.',
                      state.reload,
                    )
                  }
                >
                  Dismiss
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Listing>
  );
}

function Domains() {
  const load = useCallback(() => adminApi.domains('unconfirmed'), []);
  const state = useLoad(load);
  return (
    <Listing state={state} empty="No domain claims to decide.">
      {(items: DomainClaim[]) => (
        <ul className="rf-admin__list">
          {items.map((d) => (
            <li key={d.domain} className="rf-card rf-admin__item" aria-label={d.domain}>
              <p>
                <strong>@{d.domain}</strong> claimed for <strong>{d.companyName}</strong>
                {d.claimedBy ? ` by ${d.claimedBy.email}` : ''} on{' '}
                <time dateTime={d.createdAt}>{formatDate(d.createdAt)}</time>
              </p>
              <div className="rf-admin__actions">
                <Button
                  size="sm"
                  onClick={() =>
                    void act(
                      () => adminApi.decideDomain(d.domain, 'confirm'),
                      `@${d.domain} confirmed for ${d.companyName}.`,
                      state.reload,
                    )
                  }
                  aria-label={`Confirm @${d.domain} for ${d.companyName}`}
                >
                  Confirm
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    void act(
                      () => adminApi.decideDomain(d.domain, 'reject'),
                      `@${d.domain} rejected.`,
                      state.reload,
                    )
                  }
                  aria-label={`Reject @${d.domain}`}
                >
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Listing>
  );
}

function Users() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const load = useCallback(() => adminApi.users(query), [query]);
  const state = useLoad(load);
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
      <Listing state={state} empty="No users.">
        {(items: AdminUser[]) => (
          <ul className="rf-admin__list">
            {items.map((u) => (
              <li key={u._id} className="rf-card rf-admin__item" aria-label={u.email}>
                <p>
                  <strong>{u.fullName || u.email}</strong> ({u.email})
                  {u.workEmailDomain ? ` · @${u.workEmailDomain}` : ''} · {u.openReports} open
                  reports · {u.activeJobs} active jobs
                  {u.suspendedAt ? ` · suspended on ${formatDate(u.suspendedAt)}` : ''}
                </p>
                <div className="rf-admin__actions">
                  {u.suspendedAt ? (
                    <Button
                      size="sm"
                      onClick={() =>
                        void act(() => adminApi.restore(u._id), 'User restored.', state.reload)
                      }
                      aria-label={`Restore ${u.email}`}
                    >
                      Restore
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() =>
                        void act(() => adminApi.suspend(u._id, ''), 'User suspended.', state.reload)
                      }
                      aria-label={`Suspend ${u.email}`}
                    >
                      Suspend
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Listing>
    </>
  );
}

function Audit() {
  const state = useLoad(adminApi.audit);
  return (
    <Listing state={state} empty="No operator actions yet.">
      {(items: AuditEntry[]) => (
        // A phone scrolls the six columns inside this region instead of widening the page.
        <div
          className="rf-admin__audit-wrap"
          role="region"
          aria-label="Operator actions"
          tabIndex={0}
        >
          <table className="rf-admin__audit">
            <caption className="rf-visually-hidden">Operator actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e._id}>
                  <td data-label="When">
                    <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
                  </td>
                  <td data-label="Who">{e.actorEmail}</td>
                  <td data-label="What">{e.action}</td>
                  <td data-label="Target">
                    {e.targetKind} {e.targetId}
                  </td>
                  <td data-label="Before">
                    <code>{JSON.stringify(e.before)}</code>
                  </td>
                  <td data-label="After">
                    <code>{JSON.stringify(e.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Listing>
  );
}

/** The exposed ./AdminConsole page (/admin; the shell shows it to operators only). */
export default function AdminConsole() {
  const [section, setSection] = useState<Section>('reports');
  return (
    <section className="rf-admin" aria-labelledby="rf-admin-title">
      <h1 id="rf-admin-title">Operator console</h1>
      <Tabs tabs={SECTIONS} value={section} onChange={setSection} label="Operator console sections">
        {section === 'reports' && <Reports />}
        {section === 'domains' && <Domains />}
        {section === 'users' && <Users />}
        {section === 'audit' && <Audit />}
      </Tabs>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { adminQueries, type AuditEntry } from '@referio/shared';
import { QueryList } from '../../../components/QueryList';

/** Operator actions, newest first: when, who, and the change in words with whom or what it was about. */
export function AuditLog() {
  const query = useQuery(adminQueries.audit());
  return (
    <QueryList query={query} empty="No operator actions yet.">
      {(items: AuditEntry[]) => (
        // A phone shows each entry as labelled lines (admin.css); a wide screen as three columns.
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
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <AuditRow key={e._id} entry={e} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryList>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  return (
    <tr>
      <td data-label="When">
        <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time>
      </td>
      <td data-label="Who">
        {e.actorName}
        {e.actorName !== e.actorEmail && <span className="rf-admin__sub">{e.actorEmail}</span>}
      </td>
      <td data-label="What">
        {e.change}
        {e.targetDetail && <span className="rf-admin__sub">{e.targetDetail}</span>}
      </td>
    </tr>
  );
}

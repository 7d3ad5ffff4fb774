import { useQuery } from '@tanstack/react-query';
import { adminQueries, Button, decideDomain, formatDate, type DomainClaim } from '@referio/shared';
import { QueryList } from '../../../components/QueryList';
import { useOperatorAction } from '../../../hooks/useOperatorAction';

/** Company domains claimed by a first referrer, to confirm or reject. */
export function DomainClaims() {
  const query = useQuery(adminQueries.domains('unconfirmed'));
  return (
    <QueryList query={query} empty="No domain claims to decide.">
      {(items: DomainClaim[]) => (
        <ul className="rf-admin__list">
          {items.map((d) => (
            <DomainClaimItem key={d.domain} claim={d} />
          ))}
        </ul>
      )}
    </QueryList>
  );
}

function DomainClaimItem({ claim: d }: { claim: DomainClaim }) {
  const run = useOperatorAction();
  return (
    <li className="rf-card rf-admin__item" aria-label={d.domain}>
      <p>
        <strong>@{d.domain}</strong> claimed for <strong>{d.companyName}</strong>
        {d.claimedBy ? ` by ${d.claimedBy.email}` : ''} on{' '}
        <time dateTime={d.createdAt}>{formatDate(d.createdAt)}</time>
      </p>
      <div className="rf-admin__actions">
        <Button
          size="sm"
          onClick={() =>
            void run(
              () => decideDomain(d.domain, 'confirm'),
              `@${d.domain} confirmed for ${d.companyName}.`,
            )
          }
          aria-label={`Confirm @${d.domain} for ${d.companyName}`}
        >
          Confirm
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void run(() => decideDomain(d.domain, 'reject'), `@${d.domain} rejected.`)}
          aria-label={`Reject @${d.domain}`}
        >
          Reject
        </Button>
      </div>
    </li>
  );
}

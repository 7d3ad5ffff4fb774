import { useQuery } from '@tanstack/react-query';
import { adminQueries, type OperatorReport } from '@referio/shared';
import { QueryList } from '../../../components/QueryList';
import { ReportItem } from './ReportItem';

/** The open reports, newest first. */
export function ReportQueue() {
  const query = useQuery(adminQueries.reports('open'));
  return (
    <QueryList query={query} empty="No open reports.">
      {(items: OperatorReport[]) => (
        <ul className="rf-admin__list">
          {items.map((r) => (
            <ReportItem key={r._id} report={r} />
          ))}
        </ul>
      )}
    </QueryList>
  );
}

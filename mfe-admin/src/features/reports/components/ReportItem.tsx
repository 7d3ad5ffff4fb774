import {
  Button,
  formatDate,
  REPORT_REASON_LABELS,
  resolveReport,
  type Report,
} from '@referio/shared';
import { useOperatorAction } from '../../../hooks/useOperatorAction';
import { SuspendControl } from '../../suspensions/components/SuspendControl';

/** One open report: what, why, about whom, by whom; suspend its user (closing it), close or dismiss it. */
export function ReportItem({ report: r }: { report: Report }) {
  const run = useOperatorAction();
  const reason = REPORT_REASON_LABELS[r.reason];
  return (
    <li className="rf-card rf-admin__item" aria-label={`Report ${r._id}`}>
      <p>
        <strong>{reason}</strong> · {r.targetKind.replace('_', ' ')} ·{' '}
        <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
        {r.reportCount !== undefined && (
          <>
            {' '}
            · <span className="rf-admin__count">{reportCountText(r.reportCount)}</span>
          </>
        )}
      </p>
      <p>
        Reported: {r.targetUser.fullName || r.targetUser.email} ({r.targetUser.email})
        {r.targetSuspended ? ' · suspended' : ''}
      </p>
      {r.targetSummary && <p>{r.targetSummary}</p>}
      {r.note && <p>Note: {r.note}</p>}
      <p>By: {r.reporter?.email}</p>
      <div className="rf-admin__actions">
        <SuspendControl
          person={r.targetUser}
          suspended={Boolean(r.targetSuspended)}
          defaultReason={reason}
          afterSuspend={() => resolveReport(r._id, 'actioned')}
        />
        <Button
          size="sm"
          onClick={() => void run(() => resolveReport(r._id, 'actioned'), 'Report closed.')}
        >
          Mark acted on
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void run(() => resolveReport(r._id, 'dismissed'), 'Report dismissed.')}
        >
          Dismiss
        </Button>
      </div>
    </li>
  );
}

/** How many open reports the same target has (this one included). */
export const reportCountText = (n: number) => (n === 1 ? '1 open report' : `${n} open reports`);

import {
  Button,
  formatDate,
  REPORT_REASON_LABELS,
  resolveReport,
  type OperatorReport,
} from '@referio/shared';
import { useOperatorAction } from '../../../hooks/useOperatorAction';
import { SuspendControl } from '../../suspensions/components/SuspendControl';

/** One open report: what, why, about whom, by whom; suspend its user (closing it), close or dismiss it. */
export function ReportItem({ report: r }: { report: OperatorReport }) {
  const run = useOperatorAction();
  const reason = REPORT_REASON_LABELS[r.reason];
  return (
    <li className="rf-card rf-admin__item" aria-label={`Report ${r._id}`}>
      <p>
        <strong>{reason}</strong> · {r.targetKind.replace('_', ' ')} ·{' '}
        <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
        {r.reporterCount !== undefined && (
          <>
            {' '}
            · <span className="rf-admin__count">{reporterCountText(r.reporterCount)}</span>
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

/** How many people reported the same target (this report's author among them). */
export const reporterCountText = (n: number) =>
  n === 1 ? 'reported by 1 person' : `reported by ${n} people`;

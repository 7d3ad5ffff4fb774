import { Link } from 'react-router-dom';
import { TRUST_MESSAGES, formatDate, paths, useDocumentHead, useSuspension } from '@referio/shared';
import '../../components/InfoPage.css';
import { heads } from '../../ssr/heads';

const T = TRUST_MESSAGES;

/**
 * /suspended: what a suspended account's owner sees, whether the suspension ended their open session (the
 * live stream's `ended`) or refused their sign-in: why (the operator's reason, as told to this browser)
 * and how to appeal (the contact page).
 */
export default function Suspended() {
  useDocumentHead(heads.Suspended);
  const suspension = useSuspension();
  return (
    <section className="rf-info" aria-labelledby="suspended-title">
      <header>
        <h1 id="suspended-title">{T.suspendedTitle}</h1>
        {suspension ? (
          <p className="rf-info__lead">{T.suspendedSince(formatDate(suspension.suspendedAt))}</p>
        ) : (
          <p className="rf-info__lead">{T.suspendedUnknown}</p>
        )}
      </header>
      {suspension && (
        <dl>
          <dt>
            <strong>{T.suspendedReasonLabel}</strong>
          </dt>
          <dd>{suspension.reason || T.suspendedNoReason}</dd>
        </dl>
      )}
      <p>{T.suspendedWhile}</p>
      <p>{T.suspendedAppeal}</p>
      <p>
        <Link to={paths.contactUs()} className="rf-btn rf-btn--primary rf-btn--md">
          {T.suspendedAppealLink}
        </Link>
      </p>
    </section>
  );
}

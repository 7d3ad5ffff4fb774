import {
  cx,
  unattributedDomainTitle,
  unconfirmedDomainTitle,
  verifiedAtText,
  type VerifiedAtCompany,
} from '@referio/shared';
import './VerifiedBadge.css';

export interface VerifiedBadgeProps {
  /** The company the domain counts for; null where none is named (a chat's other person). */
  companyName: string | null;
  /** The job's `verifiedAtCompany`. */
  status: VerifiedAtCompany;
  /** The referrer's verified work domain (`verifiedDomain`): nothing is shown without one. */
  domain: string | null | undefined;
  className?: string;
}

/**
 * What the referrer proved, no more (docs/trust-and-safety.md): "Verified · @{domain}" for any
 * verified work address, "Verified at {company} · @{domain}" only when the domain is confirmed for the
 * company (an operator or the seed). Muted, with a tooltip saying so, when it is not.
 */
export function VerifiedBadge({ companyName, status, domain, className }: VerifiedBadgeProps) {
  if (!domain) return null;
  const confirmed = status === 'confirmed' && companyName !== null;
  return (
    <span
      className={cx(
        'rf-badge',
        'rf-verified-badge',
        confirmed ? 'rf-verified-badge--confirmed' : 'rf-verified-badge--unconfirmed',
        className,
      )}
      title={
        confirmed
          ? undefined
          : companyName
            ? unconfirmedDomainTitle(companyName, domain)
            : unattributedDomainTitle(domain)
      }
    >
      <svg
        className="rf-verified-badge__icon"
        viewBox="0 0 16 16"
        width="12"
        height="12"
        aria-hidden="true"
        focusable="false"
      >
        <path
          fill="currentColor"
          d="M8 0 9.9 1.6l2.5-.2.6 2.4 2.1 1.4-1 2.3 1 2.3-2.1 1.4-.6 2.4-2.5-.2L8 16l-1.9-1.6-2.5.2-.6-2.4L.9 10.8l1-2.3-1-2.3L3 4.8l.6-2.4 2.5.2L8 0Zm3.2 5.3L7 9.5 4.8 7.3 3.7 8.4 7 11.7l5.3-5.3-1.1-1.1Z"
        />
      </svg>
      {verifiedAtText(companyName ?? '', confirmed ? status : null, domain)}
    </span>
  );
}

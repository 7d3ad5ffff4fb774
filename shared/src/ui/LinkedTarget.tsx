// Links from the bell and from e-mails name the exact item: `?status=<tab>&request=<id>`. The pages read
// them with useLinkedRequest and wrap the named card in LinkedTarget, which brings it into view, focuses
// it and marks it for screen readers.
import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LISTED_REFERRAL_STATUSES, type ListedReferralStatus } from '../contract/lists';

export function useLinkedRequest(): {
  status: ListedReferralStatus | null;
  requestId: string | null;
} {
  const [params] = useSearchParams();
  const status = params.get('status');
  return {
    status: (LISTED_REFERRAL_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ListedReferralStatus)
      : null,
    requestId: params.get('request'),
  };
}

export function LinkedTarget({ active, children }: { active: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [active]);
  if (!active) return <>{children}</>;
  return (
    <div ref={ref} className="rf-linked" tabIndex={-1} aria-current="true" data-linked="true">
      {children}
    </div>
  );
}

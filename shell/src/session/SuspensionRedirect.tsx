import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, useSuspension } from '@referio/shared';

/**
 * When this browser learns that the account is suspended (the live stream's `ended`, a refused sign-in;
 * in this tab or another), the suspended page is shown: why, and how to appeal. A suspension already
 * known when the site opens does not move the visitor. Renders nothing.
 */
export function SuspensionRedirect() {
  const suspension = useSuspension();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const known = useRef(suspension?.suspendedAt ?? null);
  useEffect(() => {
    const at = suspension?.suspendedAt ?? null;
    if (at === known.current) return;
    known.current = at;
    if (at && pathname !== paths.suspended()) void navigate(paths.suspended(), { replace: true });
  }, [suspension, navigate, pathname]);
  return null;
}

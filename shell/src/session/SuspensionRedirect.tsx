import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, useSuspensionStore } from '@referio/shared';

/** The tells this tab has shown (`told` counts them from the tab's start, before this first rendered too). */
let shown = 0;

/**
 * Each time this browser is told the account is suspended (the live stream's `ended`, a refused sign-in;
 * in this tab or another, also while this tab was still loading), the suspended page is shown: why, and
 * how to appeal. A suspension already known when the site opens does not move the visitor. Renders nothing.
 */
export function SuspensionRedirect() {
  const told = useSuspensionStore((s) => s.told);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (told === shown) return;
    shown = told;
    if (pathname !== paths.suspended()) void navigate(paths.suspended(), { replace: true });
  }, [told, pathname, navigate]);
  return null;
}

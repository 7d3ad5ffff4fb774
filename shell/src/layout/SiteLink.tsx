// The chrome's links without the router: plain anchors, for the chrome's islands (a page the server rendered
// and the shell took over without the app, shell/src/islands.tsx). The app passes the router's links instead
// (routerLinks.tsx); both render the same HTML, so either takes over the server's.
import type { ReactNode } from 'react';

export interface SiteLinkProps {
  to: string;
  /** A string, or (a navigation link) a function of whether the link is the current page's. */
  className?: string | ((state: { isActive: boolean }) => string);
  'aria-label'?: string;
  /** A navigation link (NavLink): marked as the current page's (`aria-current="page"`) when it is. */
  nav?: boolean;
  children: ReactNode;
}

export type SiteLinkComponent = (props: SiteLinkProps) => ReactNode;

/** NavLink's rule: the path itself or a page below it (`/premium`, `/premium/x`), case-insensitive. */
export function isActivePath(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase().replace(/\/$/, '') || '/';
  if (target === '/') return here === '/';
  return here === target || here.startsWith(`${target}/`);
}

/** An anchor: following it loads the page (the server renders it). */
export function PlainLink({ to, className, nav, children, ...rest }: SiteLinkProps) {
  const active =
    nav === true && typeof window !== 'undefined' && isActivePath(window.location.pathname, to);
  const cls = typeof className === 'function' ? className({ isActive: active }) : className;
  return (
    <a href={to} className={cls} aria-current={active ? 'page' : undefined} {...rest}>
      {children}
    </a>
  );
}

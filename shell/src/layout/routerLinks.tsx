import { Link, NavLink } from 'react-router-dom';
import type { SiteLinkProps } from './SiteLink';

/**
 * The chrome's links in the app: the router's (a click renders the page in place). `discover="none"`: no
 * `data-discover` attribute, so the HTML is the plain anchors' (SiteLink.tsx), which an island takes over.
 */
export function RouterLink({ to, className, nav, children, ...rest }: SiteLinkProps) {
  if (nav) {
    return (
      <NavLink to={to} className={className} discover="none" {...rest}>
        {children}
      </NavLink>
    );
  }
  return (
    <Link
      to={to}
      className={typeof className === 'function' ? className({ isActive: false }) : className}
      discover="none"
      {...rest}
    >
      {children}
    </Link>
  );
}

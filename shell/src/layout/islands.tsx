// The chrome's islands (shell/src/islands.tsx): the header's menu and the footer's subscribe box, taken over
// on a page the server rendered as islands-only. Plain links: a click loads the next page from the server.
import { FooterSubscribe } from './FooterSubscribe';
import { NavbarView, returnPathFrom } from './NavbarView';
import { PlainLink } from './SiteLink';

export function NavbarIsland() {
  const { pathname, search } = window.location;
  return (
    <NavbarView Link={PlainLink} pathname={pathname} next={returnPathFrom(pathname + search)} />
  );
}

export const FooterSubscribeIsland = FooterSubscribe;

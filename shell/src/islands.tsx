// A page the server rendered as islands-only (its owner says so: the landing, mfe-public's `islands: true`;
// shell/server/src/pages/document.ts marks it `<html data-islands>`) is taken over here without the app: each
// `[data-island]` element (shared/src/islands/Island.tsx) is hydrated on its own with React alone, the shell's
// islands from this chunk, a remote's through the federation runtime. No router, no react-query, no API
// module but what an island uses: the page's links are plain links (the next page is the server's too) and
// everything else on it is HTML. docs/islands.md.
//
// A visitor who holds a session, or a page that came without its data (a spinner in it), gets the app instead
// (bootstrap.tsx), as every other page does.
import type { ComponentType, ReactNode } from 'react';
import {
  ISLAND_ATTR,
  ISLAND_PROPS_ATTR,
  ToastHost,
  isIslandName,
  isSignedIn,
} from '@referio/shared/islands';
import { ensureRemotes, loadIslandModule } from './federation/remotes';
import { FooterSubscribeIsland, NavbarIsland } from './layout/islands';

/** Fired on window when the page is taken over (public/after-paint.js hands over what came before). */
const HYDRATED_EVENT = 'referio:hydrated';

/** The shell's own islands, by name. */
const SHELL_ISLANDS: Record<string, ComponentType> = {
  'shell/Navbar': NavbarIsland,
  'shell/FooterSubscribe': FooterSubscribeIsland,
};

/** An island's component: the shell's own, or the default export of the remote module it names. */
async function islandComponent(name: string): Promise<ComponentType<Record<string, unknown>>> {
  const own = SHELL_ISLANDS[name];
  if (own) return own as ComponentType<Record<string, unknown>>;
  if (!isIslandName(name) || name.startsWith('shell/')) throw new Error(`no island ${name}`);
  await ensureRemotes();
  return (await loadIslandModule(name)).default as ComponentType<Record<string, unknown>>;
}

function propsOf(el: Element): Record<string, unknown> {
  const text = el.getAttribute(ISLAND_PROPS_ATTR);
  if (!text) return {};
  const props = JSON.parse(text) as unknown;
  return props && typeof props === 'object' ? (props as Record<string, unknown>) : {};
}

/**
 * Hydrates every island of the page; resolves once each is React's or has failed (a failed one stays the
 * server's HTML, with a warning: its links still work, its buttons do nothing).
 */
export async function hydrateIslands(root: ParentNode = document): Promise<number> {
  const elements = [...root.querySelectorAll<HTMLElement>(`[${ISLAND_ATTR}]`)];
  const [{ startTransition, useEffect }, { createRoot, hydrateRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  // Resolves once the island's tree has committed (its effects run last).
  function Committed({ done, children }: { done: () => void; children: ReactNode }) {
    useEffect(done, [done]);
    return children;
  }
  const outcomes = await Promise.allSettled(
    elements.map(async (el) => {
      const name = el.getAttribute(ISLAND_ATTR) ?? '';
      const props = propsOf(el);
      const Component = await islandComponent(name);
      await new Promise<void>((resolve) => {
        // Time-sliced, as the app's own take-over (bootstrap.tsx): a tap is not kept waiting.
        startTransition(() => {
          hydrateRoot(
            el,
            <Committed done={resolve}>
              <Component {...props} />
            </Committed>,
            {
              onRecoverableError: (error) => console.warn(`[referio] island ${name}:`, error),
            },
          );
        });
      });
    }),
  );
  outcomes.forEach((o, i) => {
    if (o.status === 'rejected') {
      console.warn(
        `[referio] island ${elements[i]!.getAttribute(ISLAND_ATTR)} did not load; the server's page stays`,
        o.reason,
      );
    }
  });
  // The site's one toast container (the subscribe boxes' messages), outside the page's HTML.
  const toasts = document.createElement('div');
  document.body.appendChild(toasts);
  createRoot(toasts).render(<ToastHost />);
  return outcomes.filter((o) => o.status === 'fulfilled').length;
}

/** Takes the page over: as islands, or (a visitor with a session) with the app. */
export async function startIslands(): Promise<void> {
  if (isSignedIn()) {
    await import(/* webpackChunkName: "bootstrap" */ './bootstrap');
    return;
  }
  await hydrateIslands();
  window.dispatchEvent(new Event(HYDRATED_EVENT));
}

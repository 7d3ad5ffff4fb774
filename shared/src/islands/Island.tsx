import type { ReactNode } from 'react';

/** The attribute naming an island: the federated module whose default export it is (`mfe_public/StoriesIsland`). */
export const ISLAND_ATTR = 'data-island';
/** The attribute holding an island's props, as JSON. */
export const ISLAND_PROPS_ATTR = 'data-island-props';

/**
 * An interactive part of a server-rendered page that the browser can take over on its own ("an island"):
 * a wrapper element without a box of its own (`display: contents`) that names the component and holds its
 * props. On a page the server marks as islands-only, the shell hydrates each island by itself (shell/src/
 * islands.tsx) with React alone: no router, no react-query, no federated app. Elsewhere the wrapper is
 * inert and the component renders in the app as any other.
 *
 * `name` is a federated module id, `mfe_public/StoriesIsland` (a remote's exposed module, its contract's props)
 * or `shell/Navbar` (the shell's own); its default export is rendered with `props` (JSON-serialisable). A
 * component used as an island renders the same HTML from its props alone, with fixed ids (no `useId`: the ids
 * of a whole-page render and of an island's own render differ).
 */
export function Island({
  name,
  props,
  children,
}: {
  name: string;
  props?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <div
      {...{ [ISLAND_ATTR]: name }}
      {...(props ? { [ISLAND_PROPS_ATTR]: JSON.stringify(props) } : {})}
      style={{ display: 'contents' }}
    >
      {children}
    </div>
  );
}

/** True for a name an island may have: `<app>/<module>`. */
export function isIslandName(name: string): boolean {
  return /^[\w-]+\/[\w-]+$/.test(name);
}

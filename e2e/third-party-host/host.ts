// A site no one here wrote, loading one of Referio's remotes through its stable URL (docs/third-party-hosts.md):
// no webpack, no Module Federation build plugin, just `@module-federation/enhanced/runtime` in a page bundled by
// esbuild (e2e/tests/third-party-host.spec.ts builds and serves it from another origin). It shares its own React
// (one copy on the page), registers the remote by its manifest and renders the exposed module named by `?module=`.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';
import { init, loadRemote } from '@module-federation/enhanced/runtime';
import injectExternalRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';

const params = new URLSearchParams(window.location.search);
const manifest = params.get('manifest') ?? 'http://localhost:3001/mf-manifest.json';
const exposed = params.get('module') ?? 'mfe_public/SubscribeIsland';

/** The host's copy of a package, already loaded: a singleton the remote takes instead of its own. */
const mine = (lib: object) => ({
  version: React.version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: `^${React.version}` },
});

init({
  name: 'third_party_host',
  remotes: [{ name: exposed.split('/')[0]!, entry: manifest }],
  // Every React entry the remote imports (its manifest's `shared`): react-dom/client is the host's own.
  shared: {
    react: mine(React),
    'react/jsx-runtime': mine(JsxRuntime),
    'react-dom': mine(ReactDOM),
    'react-dom/client': mine(ReactDOMClient),
  },
  // The loaded copy wins (the host's); 'version-first' would take a remote's newer React: two on the page.
  shareStrategy: 'loaded-first',
  // Referio's remotes carry no federation runtime of their own (they use the host's): put this one on the global.
  plugins: [injectExternalRuntimeCore()],
});

async function main(): Promise<void> {
  const root = document.getElementById('root')!;
  try {
    const mod = await loadRemote<{ default: React.ComponentType }>(exposed);
    if (!mod) throw new Error(`${exposed} did not load`);
    ReactDOMClient.createRoot(root).render(React.createElement(mod.default));
    document.documentElement.dataset.host = 'rendered';
  } catch (err) {
    root.textContent = `Could not load ${exposed}: ${(err as Error).message}`;
    document.documentElement.dataset.host = 'failed';
  }
}

void main();

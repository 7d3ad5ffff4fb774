// The one place that says what the shell and every remote share at run time.
// Every app's webpack config calls sharedDeps(appDir). Each app states what it needs from its OWN package.json
// (`requiredVersion`: its dependency range; a package it does not list itself is taken at the range
// @referio/shared asks for, since it reaches it through shared), and offers the version installed for it.
// `@referio/shared` (and its sub-entries) is a strict singleton: a remote needing a newer shared than the
// shell provides is refused when it loads (the runtime throws, the page's error boundary shows the failure
// card) instead of running against the older copy and failing with a TypeError deep in a page.
// tools/build/contract.js writes the same table into dist/mf-contract.json, where the contract check reads it.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const sharedDir = path.join(root, 'shared');

/** The installed version of `name` as seen from `dir`. */
function installedVersion(name, dir) {
  if (name === '@referio/shared') return readJson(path.join(sharedDir, 'package.json')).version;
  return readJson(require.resolve(`${name}/package.json`, { paths: [dir, root] })).version;
}

/** The range `dir`'s package.json asks for `name`; else shared's; else `^installed`. */
function requiredRange(name, dir) {
  for (const pkgDir of [dir, sharedDir]) {
    const pkg = readJson(path.join(pkgDir, 'package.json'));
    const range =
      pkg.dependencies?.[name] ?? pkg.peerDependencies?.[name] ?? pkg.devDependencies?.[name];
    if (range && !(pkgDir === sharedDir && name === '@referio/shared')) return range;
  }
  return `^${installedVersion(name, dir)}`;
}

/** The package a share key belongs to: `react/` → react, `@referio/shared/jobs` → @referio/shared. */
const packageOf = (key) => {
  const parts = key.replace(/\/$/, '').split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

const SHARED_ENTRIES = ['contract', 'profile', 'requests', 'forms', 'jobs', 'live', 'islands'];

/**
 * @param {string} [appDir] the app's folder; without it (the shell's server, tools) the root's view.
 */
function sharedDeps(appDir = root) {
  const singleton = (name, extra = {}) => ({
    singleton: true,
    requiredVersion: requiredRange(name, appDir),
    ...extra,
  });
  const referio = () => singleton('@referio/shared', { strictVersion: true });
  const deps = {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    // Without the trailing-slash entry react-dom/client is bundled privately: a second React DOM.
    'react-dom/': singleton('react-dom'),
    // Shared modules are not tree-shaken, so the site shares a list of the declarative-routing names
    // (shared/src/federation/react-router-dom.ts) instead of the whole package. Nothing imports
    // 'react-router' itself: it is bundled (tree-shaken) behind that list.
    'react-router-dom': singleton('react-router-dom', {
      import: path.join(sharedDir, 'src', 'federation', 'react-router-dom.ts'),
      version: installedVersion('react-router-dom', appDir),
    }),
    zustand: singleton('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@referio/shared': referio(),
    // Forms: one copy for every remote that has one, loaded with the first form.
    'react-hook-form': singleton('react-hook-form'),
  };
  // The sub-entries of shared, each a module of its own loaded with the first page that needs it:
  // contract (zod schemas), profile (form and photo), requests (request card, tabs), forms (file picker,
  // code and tag inputs, account dialogs), jobs (job card, facts, badges), live (the signed-in user's stream),
  // islands (what a server-rendered page's interactive parts need, without react-query: shared/src/islands).
  for (const entry of SHARED_ENTRIES) deps[`@referio/shared/${entry}`] = referio();
  return deps;
}

/**
 * What an app shares, for its contract: `{ pkg: { version, requiredVersion } }` (one row per package; the
 * version it would provide, the range it accepts).
 */
function sharedVersions(appDir) {
  const out = {};
  for (const key of Object.keys(sharedDeps(appDir))) {
    const name = packageOf(key);
    if (out[name]) continue;
    out[name] = {
      version: installedVersion(name, appDir),
      requiredVersion: requiredRange(name, appDir),
      ...(name === '@referio/shared' ? { strictVersion: true } : {}),
    };
  }
  return out;
}

/** True for a name the site shares (`react`, `react/jsx-runtime`, `@referio/shared`, …): the keys of sharedDeps(). */
function isSharedName(request) {
  return Object.keys(sharedDeps()).some((name) =>
    name.endsWith('/') ? request.startsWith(name) : request === name,
  );
}

module.exports = { sharedDeps, sharedVersions, isSharedName, packageOf };

// The one place that says what the shell and every remote share at run time.
// Every app's webpack config calls sharedDeps(); versions come from the package.json files,
// so a mismatch shows up as a federation warning instead of a second React.
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const rootPkg = (name) => require(require.resolve(`${name}/package.json`, { paths: [root] }));
const sharedPkg = require(path.join(root, 'shared', 'package.json'));

const singleton = (name, extra = {}) => ({
  singleton: true,
  requiredVersion: `^${rootPkg(name).version}`,
  ...extra,
});

function sharedDeps() {
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    // Without the trailing-slash entry react-dom/client is bundled privately: a second React DOM.
    'react-dom/': singleton('react-dom'),
    // Shared modules are not tree-shaken, so the site shares a list of the declarative-routing names
    // (shared/src/federation/react-router-dom.ts) instead of the whole package. Nothing imports
    // 'react-router' itself: it is bundled (tree-shaken) behind that list.
    'react-router-dom': singleton('react-router-dom', {
      import: path.join(root, 'shared', 'src', 'federation', 'react-router-dom.ts'),
      version: rootPkg('react-router-dom').version,
    }),
    zustand: singleton('zustand'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@referio/shared': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // The contract's schemas (zod) are a shared module of their own: only pages that validate input load
    // them, once for the whole site. The main entry above carries the contract's constants and types only.
    '@referio/shared/contract': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // The profile form and photo (both modes): a module of its own, loaded with the first profile page,
    // so the main entry (and the landing page) carries no form code.
    '@referio/shared/profile': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // The request card, tabs and decline reasons: loaded with the first request page (dashboards only).
    '@referio/shared/requests': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // The form controls beyond a text field (file picker, code input, tag input) and the profile pages'
    // account dialogs: loaded with the first such form, never by the landing page or a list.
    '@referio/shared/forms': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // The job card, its facts, the "Verified at" badge, the responsiveness line and the skill chips: loaded
    // with the first job list or job details, never by the landing page.
    '@referio/shared/jobs': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // The signed-in user's live stream (one EventSource per tab) and its React hooks: loaded by the
    // dashboard's bell and unread dot and the chat page, never by a page seen signed out.
    '@referio/shared/live': { singleton: true, requiredVersion: `^${sharedPkg.version}` },
    // Forms: one copy for every remote that has one, loaded with the first form.
    'react-hook-form': singleton('react-hook-form'),
  };
}

/** True for a name the site shares (`react`, `react/jsx-runtime`, `@referio/shared`, …): the keys of sharedDeps(). */
function isSharedName(request) {
  return Object.keys(sharedDeps()).some((name) =>
    name.endsWith('/') ? request.startsWith(name) : request === name,
  );
}

module.exports = { sharedDeps, isSharedName };

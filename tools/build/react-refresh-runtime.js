// One React Refresh runtime per page (development only): the first app on the page (the shell) loads it, every
// other app's refresh code takes that same instance (webpack.app.js aliases 'react-refresh/runtime' here).
// With one runtime per build, a remote's runtime never learned of the React roots the shell had mounted, and an
// edit in a remote reloaded the page instead of refreshing it in place.
const KEY = '__referioReactRefreshRuntime';
module.exports = globalThis[KEY] || (globalThis[KEY] = require('react-refresh'));

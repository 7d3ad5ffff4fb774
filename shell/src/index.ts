// The async boundary: shared modules (React, the router, the store) are negotiated with the remotes
// before any of them is evaluated. Meanwhile the first page's remote code is already on its way.
import { isIslandsPage, preloadFirstPage, preloadIslands } from './federation/preload';

// A page the server rendered as islands-only (the landing) is taken over without the app: islands.tsx.
const islands = isIslandsPage();
if (islands) void preloadIslands();
else void preloadFirstPage(window.location.pathname);
// In a task of its own: the federation runtime's start-up and this script's evaluation were one long task with
// the start of the shared modules' loading (a tap waits behind a long task; bootstrap.tsx goes on in steps).
setTimeout(() => {
  if (islands) {
    import(/* webpackChunkName: "islands" */ './islands')
      .then((m) => m.startIslands())
      .catch((err: unknown) => {
        // Offline, or the shell's release is gone: the page stays the server's HTML, its links work.
        console.error("[referio] the page's islands did not load; the server's page stays", err);
      });
  } else {
    void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
  }
}, 0);

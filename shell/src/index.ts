// The async boundary: shared modules (React, the router, the store) are negotiated with the remotes
// before any of them is evaluated. Meanwhile the first page's remote code is already on its way.
import { preloadFirstPage } from './federation/preload';

void preloadFirstPage(window.location.pathname);
// In a task of its own: the federation runtime's start-up and this script's evaluation were one long task with
// the start of the shared modules' loading (a tap waits behind a long task; bootstrap.tsx goes on in steps).
setTimeout(() => {
  void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
}, 0);

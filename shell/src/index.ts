// The async boundary: shared modules (React, the router, the store) are negotiated with the remotes
// before any of them is evaluated. Meanwhile the first page's remote code is already on its way.
import { preloadFirstPage } from './federation/preload';

void preloadFirstPage(window.location.pathname);
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');

// The async boundary: shared modules (React, the router, the store) are negotiated with the remotes
// before any of them is evaluated.
void import('./bootstrap');

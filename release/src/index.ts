// @referio/release: the apps, the release store, releases, the pointer and its history, the deploy guard,
// retention.
export * from './apps';
export * from './store';
export * from './releases';
export * from './pointer';
export * from './guard';
export * from './prune';

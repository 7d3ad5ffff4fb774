// @referio/release: the release store, releases, the pointer and its history, the deploy guard, retention.
export * from './store';
export * from './releases';
export * from './pointer';
export * from './guard';
export * from './prune';

// @referio/shared: the one module every browser app imports from.
// Contract (constants, helpers, types; schemas are in '@referio/shared/contract'), session store, API client, UI kit, formatters and the typed site paths.
export * from './contract/browser';
export * from './session';
export * from './api';
export * from './format';
export * from './ui';
export * from './domain';
export * from './site';

// @referio/shared: the one module every browser app imports from.
// Contract (schemas, types, constants), session store, API client, UI kit and formatters.
export * from './contract';
export * from './session';
export * from './api';
export * from './format';
export * from './ui';

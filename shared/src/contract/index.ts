// React-free contract shared by the browser apps and the API: request schemas (zod), answer types, constants.
export * from './common';
export * from './account';

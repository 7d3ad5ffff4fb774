// React-free contract shared by the browser apps and the API: request schemas (zod), answer types, constants.
export * from './common';
export * from './roles';
export * from './lists';
export * from './filters';
export * from './constants';
export * from './account';
export * from './profile';
export * from './jobPost';
export * from './referral';
export * from './chat';
export * from './contact';
export * from './upload';
export * from './notifications';
export * from './responsiveness';
export * from './handoff';

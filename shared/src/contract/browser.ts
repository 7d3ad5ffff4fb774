// The contract as the browser's main bundle (`@referio/shared`) takes it: constants, plain helpers and
// types, no zod. Schemas (request validation for forms) come from `@referio/shared/contract`, a shared
// module of its own, loaded only by the pages that validate input.
export * from './constants';
export * from './roles';
export * from './lists';
export * from './savedJobLimits';
export * from './jobAlertTexts';
export * from './filters';
export * from './upload';
export * from './notificationKinds';
export * from './verified';
export * from './responsiveness';
export * from './trustTexts';
export * from './requestTimeline';
export * from './matchTexts';
export * from './safeReturnPath';
export type * from './common';
export type * from './account';
export type * from './profile';
export type * from './jobPost';
export type * from './companies';
export type * from './referral';
export type * from './savedJobs';
export type * from './jobAlerts';
export type * from './chat';
export type * from './contact';
export type * from './handoff';
export type * from './trust';

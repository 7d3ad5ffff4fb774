export {
  API_BASE,
  ApiError,
  apiClient,
  httpClient,
  setApiBaseUrl,
  errorMessage,
  messageWithReason,
  isApiError,
  type Envelope,
  type MessageAnswer,
  type ProgressCallback,
} from './client';
export * from './auth';
export * from './site';
export * from './jobPost';
export * from './suggest';
export * from './upload';
export * from './referral';
export * from './savedJobs';
export * from './jobAlerts';
export * from './chat';
export * from './notifications';
export * from './handoff';
export * from './invalidate';
export * from './trust';
export * from './admin';

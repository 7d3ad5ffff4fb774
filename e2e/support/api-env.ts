import { E2E_OPERATOR_EMAIL } from './operator';

/**
 * The API's environment in this suite: the stack's (support/global-setup.ts) and every restart of it
 * (resilience.spec.ts), so a restarted API serves the same data under the same settings.
 */
export const e2eApiEnv = (dataDir: string | null): Record<string, string> => ({
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
  // The journeys ask for several codes a minute from one address; the API suite proves the real limits.
  OTP_RESEND_INTERVAL_SECONDS: '0',
  OTP_MAX_PER_HOUR: '1000',
  OTP_ADDRESS_MAX_PER_HOUR: '1000',
  OTP_IP_MAX: '10000',
  OTP_BROWSER_MAX: '10000',
  MAIL_IP_MAX_PER_HOUR: '10000',
  MAIL_BROWSER_MAX_PER_HOUR: '10000',
  MAIL_RECIPIENT_MAX_PER_DAY: '10000',
  // The operator of the trust journeys (mfe-admin): operators are named by configuration only.
  ADMIN_EMAILS: E2E_OPERATOR_EMAIL,
});

// Test data shaped as the API answers it: `@referio/shared/test-utils` in every package's tests (never in a build).
import type { CurrentUser, SessionResponse } from '../contract/account';
import { NOTIFICATION_KINDS, type MailPreferences } from '../contract/notificationKinds';

/** The id of the user `makeUser` makes. */
export const USER_ID = '0b5d8e59-8a4e-4a8f-9d6e-2f4b7f3b7a11';

/** A signed-in user as the API answers verifyOtp (test data only). */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: USER_ID,
    email: 'ana@example.com',
    fullName: 'Ana Rao',
    displayName: 'Ana Rao',
    authMode: 'candidate',
    roleId: [0, 1],
    roles: [
      { roleName: 'user', roleId: 0 },
      { roleName: 'referer', roleId: 1 },
    ],
    workEmailAdded: false,
    profileLink: null,
    overAllExperience: 4,
    summary: '',
    skills: ['React'],
    ...overrides,
  };
}

/** The verifyOtp answer for `makeUser(overrides)`. */
export function makeSession(overrides: Partial<CurrentUser> = {}): SessionResponse {
  return { success: true, message: 'OTP Verified Sucessfully!', data: makeUser(overrides) };
}
export { mockSharedApi } from './mockApi';
export { FakeEventSource } from './fakeEventSource';
export { describeExposedPages, type ExposedPagesCheck } from './exposedPages';

/** GET /notifications/preferences: every kind e-mailed (test data only). */
export function makeMailPreferences(): MailPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as MailPreferences;
}

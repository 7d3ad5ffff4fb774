// The signed-in user as the API answers it (test data only).
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

/** The shared test user as a referrer: referrer mode first, six years, no skills yet. */
export function makeReferrer(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return makeUser({
    email: 'ravi@example.com',
    fullName: 'Ravi Menon',
    displayName: 'Ravi Menon',
    authMode: 'referrer',
    roleId: [1, 0],
    roles: [
      { roleName: 'referer', roleId: 1 },
      { roleName: 'user', roleId: 0 },
    ],
    overAllExperience: 6,
    skills: [],
    ...overrides,
  });
}

/** The verifyOtp answer for `makeUser(overrides)`. */
export function makeSession(overrides: Partial<CurrentUser> = {}): SessionResponse {
  return { success: true, message: 'OTP Verified Sucessfully!', data: makeUser(overrides) };
}

/** GET /notifications/preferences: every kind e-mailed (test data only). */
export function makeMailPreferences(): MailPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, true])) as MailPreferences;
}

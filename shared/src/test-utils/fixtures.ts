import type { CurrentUser, SessionResponse } from '../contract/account';

/** A signed-in user as the API answers verifyOtp (test data only). */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    _id: '0b5d8e59-8a4e-4a8f-9d6e-2f4b7f3b7a11',
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

export function makeSession(overrides: Partial<CurrentUser> = {}): SessionResponse {
  return { success: true, message: 'OTP Verified Sucessfully!', data: makeUser(overrides) };
}

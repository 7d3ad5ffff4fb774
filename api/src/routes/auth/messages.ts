/** The answers of the auth routes, word for word (the web apps show them; tests compare them). */
export const AUTH_MESSAGES = {
  otpSent: 'OTP sent to your email!',
  otpVerified: 'OTP Verified Sucessfully!',
  linkSignedIn: 'Signed in successfully!',
  googleSignedIn: 'Signed in with Google successfully!',
  signedIn: 'Signed in',
  loggedOut: 'Logged out successfully',
  roleUpdated: 'Role updated successfully',
  nameSaved: 'Name saved',
  profileUpdated: 'Profile updated successfully!',
  ownRoleOnly: 'You can only change your own role.',
  ownProfileOnly: 'You can only view your own profile.',
  ownProfileUpdateOnly: 'You can only update your own profile.',
  ownWorkEmailOnly: 'You can only verify your own work email.',
  emailChangeSent: (to: string, from: string) =>
    `We sent a code to ${to}. Enter it to make it your sign-in email; until then it stays ${from}.`,
  emailChanged: 'Email updated successfully!',
  workOtpSent: 'OTP sent to your work email',
  workEmailVerified: 'Work email verified successfully',
  invalidWorkEmail: 'Please enter a valid work email',
  emailTaken: 'This email is already used by another account.',
  reauthSent: (to: string) =>
    `To change your sign-in email, enter the code we sent to ${to}. It confirms it's you.`,
  revertInvalid: 'This link has expired or was already used.',
  revertTaken: (to: string) =>
    `${to} now belongs to another Referio account, so it cannot be put back. Please contact us.`,
  reverted: (to: string) =>
    `Your sign-in email is ${to} again, and every session of your account has ended. Please sign in.`,
} as const;

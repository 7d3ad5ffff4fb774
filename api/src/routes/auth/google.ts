import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { HttpError } from '../../lib/errors';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured';
export const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

export interface GoogleIdentity {
  email: string;
  name: string;
}

/** Verifies Google ID tokens against the configured JWKS (keys are fetched once and cached by jose). */
export function createGoogleVerifier(clientId: string | undefined, jwksUrl: string) {
  let jwks: JWTVerifyGetKey | null = null;
  return async function verifyGoogleIdToken(credential: string): Promise<GoogleIdentity> {
    if (!clientId) throw new HttpError(400, GOOGLE_NOT_CONFIGURED);
    jwks ??= createRemoteJWKSet(new URL(jwksUrl));
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
      }));
    } catch {
      throw new HttpError(401, GOOGLE_FAILED);
    }
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!email || !verified)
      throw new HttpError(401, 'Your Google account has no verified email address.');
    return {
      email,
      name: typeof payload.name === 'string' ? payload.name.trim().slice(0, 100) : '',
    };
  };
}

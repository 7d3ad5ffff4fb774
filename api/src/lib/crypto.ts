import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmacHex = (secret: Buffer, value: string) =>
  createHmac('sha256', secret).update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A code of `length` digits from the OS CSPRNG ('0042' is possible). */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => String(randomInt(0, 10))).join('');

/** 32 random bytes, URL-safe: the session cookie value. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** `bytes` random bytes, URL-safe (16: the 128-bit sign-in link token). */
export const randomUrlToken = (bytes: number) => randomBytes(bytes).toString('base64url');

// One-click unsubscribe tokens: `base64url(userId:kind).base64url(HMAC-SHA256)` under the server secret.
// A token names one person and one kind of e-mail; it cannot be made without the secret, and changing
// either part breaks the signature, so it never works for anyone else or for another kind.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '../contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const signature = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest();

export function signUnsubscribeToken(
  secret: Buffer,
  userId: string,
  kind: NotificationKind,
): string {
  const payload = Buffer.from(`${userId}:${kind}`, 'utf8').toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The person and kind a token names, or null when it is malformed or its signature is wrong. */
export function verifyUnsubscribeToken(
  secret: Buffer,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind, rest] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (rest !== undefined || !userId || !UUID.test(userId)) return null;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind ?? '')) return null;
  return { userId, kind: kind as NotificationKind };
}

// A job alert's link names the alert alone: `base64url(alert:<alertId>).base64url(HMAC-SHA256)`, signed
// under its own label, so no notification token is an alert token or the other way round.
const alertSignature = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(`job-alert-unsubscribe:${payload}`).digest();

export function signAlertUnsubscribeToken(secret: Buffer, alertId: string): string {
  const payload = Buffer.from(`alert:${alertId}`, 'utf8').toString('base64url');
  return `${payload}.${alertSignature(secret, payload).toString('base64url')}`;
}

/** The alert a token names, or null when it is malformed or its signature is wrong. */
export function verifyAlertUnsubscribeToken(secret: Buffer, token: string): string | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = alertSignature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [label, alertId, rest] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (label !== 'alert' || rest !== undefined || !alertId || !UUID.test(alertId)) return null;
  return alertId;
}

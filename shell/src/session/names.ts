import { initials as initialsOf, type CurrentUser } from '@referio/shared';

const localPart = (email: string) => email.split('@')[0] ?? '';

/** 'Ana Rao' → 'Ana'; falls back to the display name, then the e-mail's local part. */
export function firstName(user: Pick<CurrentUser, 'fullName' | 'displayName' | 'email'>): string {
  const full = (user.fullName || user.displayName || '').trim();
  return full ? (full.split(/\s+/)[0] ?? full) : localPart(user.email);
}

export function fullName(user: Pick<CurrentUser, 'fullName' | 'displayName' | 'email'>): string {
  return (user.fullName || user.displayName || '').trim() || localPart(user.email);
}

/** 'Ana Rao' → 'AR'; 'ana@example.com' → 'A'. */
export function initials(user: Pick<CurrentUser, 'fullName' | 'displayName' | 'email'>): string {
  return initialsOf(fullName(user));
}

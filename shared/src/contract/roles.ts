// The two roles (modes) of an account. Zod-free: the browser's main bundle takes it without the schemas.
export const ROLE_APPLICANT = 0 as const;
export const ROLE_REFERRER = 1 as const;
export type RoleId = typeof ROLE_APPLICANT | typeof ROLE_REFERRER;
export type RoleName = 'user' | 'referer';
export const roleNameOf = (roleId: RoleId): RoleName =>
  roleId === ROLE_REFERRER ? 'referer' : 'user';

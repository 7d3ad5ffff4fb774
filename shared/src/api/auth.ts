// Accounts: sign-in, the session, profiles; one function per call, and the react-query keys and options
// of the reads (`['auth', kind, params]`, `['profiles', kind, params]`).
import { queryOptions } from '@tanstack/react-query';
// The query options call this module's functions through its namespace, so a test that replaces a
// function (`mockSharedApi` in @referio/shared/test-utils) replaces it for the queries too.
import * as api from './auth';
import type {
  AuthConfig,
  OAuthRequest,
  ConfirmEmailChangeRequest,
  SendOtpRequest,
  SessionResponse,
  VerifyLinkRequest,
  CheckLinkRequest,
  LinkCheck,
  RevertEmailChangeRequest,
  UpdateRoleRequest,
  VerifyOtpRequest,
  WorkEmailVerifyOtpRequest,
  WorkEmailVerifyRequest,
  UpdateNameRequest,
} from '../contract/account';
import { ROLE_REFERRER, type RoleId } from '../contract/roles';
import type { z } from 'zod';
import type { workEmailVerifiedAnswer } from '../contract/account';
import type { Profile, ReferrerProfile, UpdateProfileRequest } from '../contract/profile';
import { apiClient, seg, type Envelope, type MessageAnswer } from './client';

/** POST /auth/login: sends a code and a sign-in link (the answer is the same whether the account exists). */
export async function login(body: SendOtpRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/auth/login', body)).data;
}

/** POST /auth/createUser: sends a code, creating the account on first use. */
export async function createUser(body: SendOtpRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/auth/createUser', body)).data;
}

/** PUT /auth/name: saves the signed-in user's name; the answer is the updated session user. */
export async function updateName(body: UpdateNameRequest): Promise<SessionResponse> {
  return (await apiClient.put<SessionResponse>('/auth/name', body)).data;
}

/** POST /auth/verifyOtp: opens the session (cookie); the answer is stored whole. */
export async function verifyOtp(body: VerifyOtpRequest): Promise<SessionResponse> {
  return (await apiClient.post<SessionResponse>('/auth/verifyOtp', body)).data;
}

/** POST /auth/verifyLink: signs this browser in with the token of a mailed sign-in link. */
export async function verifyLink(body: VerifyLinkRequest): Promise<SessionResponse> {
  return (await apiClient.post<SessionResponse>('/auth/verifyLink', body)).data;
}

/** POST /auth/checkLink: what a mailed sign-in link would do in this browser (the link stays unused). */
export async function checkLink(body: CheckLinkRequest): Promise<LinkCheck> {
  return (await apiClient.post<Envelope<LinkCheck>>('/auth/checkLink', body)).data.data;
}

/** POST /auth/revertEmailChange: the "this wasn't me" link mailed to the old address of a changed e-mail. */
export async function revertEmailChange(body: RevertEmailChangeRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/auth/revertEmailChange', body)).data;
}

/** POST /auth/confirmEmailChange: the code mailed to the new address; answers the updated profile. */
export async function confirmEmailChange(
  body: ConfirmEmailChangeRequest,
): Promise<Envelope<Profile>> {
  return (await apiClient.post<Envelope<Profile>>('/auth/confirmEmailChange', body)).data;
}

/** POST /auth/oAuth with a Google ID token. */
export async function oAuth(body: OAuthRequest): Promise<SessionResponse> {
  return (await apiClient.post<SessionResponse>('/auth/oAuth', body)).data;
}

/** POST /auth/logout: ends the server session. */
export async function logout(): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/auth/logout', {})).data;
}

/** GET /auth/me: the session's user, or an ApiError with status 401. */
export async function getMe(): Promise<SessionResponse> {
  return (await apiClient.get<SessionResponse>('/auth/me')).data;
}

export type { AuthConfig };

/** GET /auth/config */
export async function getAuthConfig(): Promise<AuthConfig> {
  return (await apiClient.get<Envelope<AuthConfig>>('/auth/config')).data.data;
}

/** PUT /auth/updateRole/:id: switches mode; the answer lists the new mode first. */
export async function updateRole(id: string, body: UpdateRoleRequest): Promise<SessionResponse> {
  return (await apiClient.put<SessionResponse>(`/auth/updateRole/${seg(id)}`, body)).data;
}

/** GET /auth/GetByIdUser/:userId/:roleId (seeker profile). */
export async function getByIdUser(userId: string, roleId: RoleId | string): Promise<Profile> {
  return (await apiClient.get<Envelope<Profile>>(`/auth/GetByIdUser/${seg(userId)}/${seg(roleId)}`))
    .data.data;
}

/** POST /auth/workEmailVerifyOtp answer: the user under `user` (as the spec reads it) and `data`. */
export type WorkEmailVerifiedAnswer = z.infer<typeof workEmailVerifiedAnswer>;

/** GET /auth/GetByIdReferer/:userId/:roleId (referrer profile). */
export async function getByIdReferer(
  userId: string,
  roleId: RoleId | string,
): Promise<ReferrerProfile> {
  return (
    await apiClient.get<Envelope<ReferrerProfile>>(
      `/auth/GetByIdReferer/${seg(userId)}/${seg(roleId)}`,
    )
  ).data.data;
}

/** PUT /auth/updateById/:userId `{ userId, roleId, updatedData }`: the saved profile. */
export async function updateById(userId: string, body: UpdateProfileRequest): Promise<Profile> {
  return (await apiClient.put<Envelope<Profile>>(`/auth/updateById/${seg(userId)}`, body)).data
    .data;
}

/** POST /auth/workEmailVerify `{ workEmail, id }`: sends a code to the work e-mail. */
export async function workEmailVerify(body: WorkEmailVerifyRequest): Promise<MessageAnswer> {
  return (await apiClient.post<MessageAnswer>('/auth/workEmailVerify', body)).data;
}

/** POST /auth/workEmailVerifyOtp `{ id, workEmail, otp }`: `data.workEmailAdded` becomes true. */
export async function workEmailVerifyOtp(
  body: WorkEmailVerifyOtpRequest,
): Promise<WorkEmailVerifiedAnswer> {
  return (await apiClient.post<WorkEmailVerifiedAnswer>('/auth/workEmailVerifyOtp', body)).data;
}

export const authKeys = {
  all: ['auth'] as const,
  /** Which sign-in options the server offers. */
  config: () => ['auth', 'config', {}] as const,
  /** The signed-in user as the server has them now. */
  me: (userId: string | undefined) => ['auth', 'me', { userId: userId ?? '' }] as const,
};

export const authQueries = {
  /** Read once per visit: it changes with a deployment only. */
  config: () =>
    queryOptions({
      queryKey: authKeys.config(),
      queryFn: () => api.getAuthConfig(),
      staleTime: Infinity,
      retry: false,
    }),
  /** Checked once per visit (the API client signs out on a 401 from any other call). */
  me: (userId: string | undefined) =>
    queryOptions({
      queryKey: authKeys.me(userId),
      queryFn: () => api.getMe(),
      enabled: Boolean(userId),
      staleTime: Infinity,
      retry: false,
    }),
};

export const profileKeys = {
  all: ['profiles'] as const,
  candidate: (userId: string | undefined) =>
    ['profiles', 'candidate', { userId: userId ?? '' }] as const,
  referrer: (userId: string | undefined) =>
    ['profiles', 'referrer', { userId: userId ?? '' }] as const,
};

export const profileQueries = {
  /** The seeker profile, read as the user's current role. */
  candidate: (userId: string | undefined, roleId: RoleId) =>
    queryOptions({
      queryKey: profileKeys.candidate(userId),
      queryFn: () => api.getByIdUser(userId as string, roleId),
      enabled: Boolean(userId),
    }),
  referrer: (userId: string | undefined) =>
    queryOptions({
      queryKey: profileKeys.referrer(userId),
      queryFn: () => api.getByIdReferer(userId as string, ROLE_REFERRER),
      enabled: Boolean(userId),
    }),
};

import type * as AxiosModule from 'axios';
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { ApiErrorBody, MessageAnswer, Suspension } from '../contract/common';
import { MESSAGES } from '../contract/constants';
import { isSignedIn, useSessionStore } from '../session/sessionStore';

/** A failed call: `message` is the server's sentence (or the network message), `status` 0 without an answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | null;
  readonly issues: { path: string; message: string }[];
  /** Seconds the server asked to wait before trying again (its Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /** A refused sign-in of a suspended account: the operator's reason and since when. */
  readonly suspension: Suspension | null;

  constructor(
    message: string,
    status: number,
    serverMessage: string | null = null,
    issues: { path: string; message: string }[] = [],
    retryAfterSeconds: number | null = null,
    suspension: Suspension | null = null,
  ) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
    this.suspension = suspension;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

/**
 * The spec's "server message if present, else …": the server's sentence for a refused request (4xx),
 * the caller's fallback for server failures (5xx), network errors and anything else.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    return err.serverMessage ?? fallback;
  }
  return fallback;
}

/**
 * The spec's message, with the server's reason on the line below when it refused the request (a 4xx
 * with its own sentence, e.g. the file's type or size): 'Error uploading resume.\nOnly PDF, DOC or DOCX
 * files are accepted.' Server failures and network errors keep the spec's message alone.
 */
export function messageWithReason(err: unknown, message: string): string {
  const reason = errorMessage(err, '');
  return reason && reason !== message ? `${message}\n${reason}` : message;
}

/** Calls whose 401 means "wrong code" or "not signed in yet", never "your session ended". */
const NO_SIGN_OUT_ON_401 = [
  '/auth/login',
  '/auth/createUser',
  '/auth/verifyOtp',
  '/auth/verifyLink',
  '/auth/oAuth',
  '/auth/logout',
  '/auth/config',
  '/auth/workEmailVerify',
  '/auth/workEmailVerifyOtp',
];

const pathOf = (url: string | undefined) => (url ?? '').replace(/^\/?api/, '').split('?')[0] ?? '';
const signsOutOn401 = (url: string | undefined) => {
  const p = pathOf(url).replace(/^(?!\/)/, '/');
  return !NO_SIGN_OUT_ON_401.some((x) => p === x || p.startsWith(`${x}/`));
};

type Axios = typeof AxiosModule;

function toApiError(err: unknown, { default: axios, AxiosError }: Axios): ApiError {
  if (err instanceof ApiError) return err;
  if (axios.isCancel(err)) return new ApiError('Request cancelled', 0);
  if (err instanceof AxiosError && err.response) {
    const body = err.response.data as Partial<ApiErrorBody> | string | undefined;
    const serverMessage =
      body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim()
        ? body.message
        : null;
    const issues =
      body && typeof body === 'object' && Array.isArray(body.issues) ? body.issues : [];
    const retryAfter = Number(
      (err.response.headers as Record<string, unknown> | undefined)?.['retry-after'],
    );
    return new ApiError(
      serverMessage ?? `Request failed with status ${err.response.status}`,
      err.response.status,
      serverMessage,
      issues,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? Math.ceil(retryAfter) : null,
      body && typeof body === 'object' && body.suspension ? body.suspension : null,
    );
  }
  return new ApiError(MESSAGES.networkError, 0);
}

/** Where the API is: same origin (the shell proxies /api), session cookie included. */
export const API_BASE = '/api';

let instance: Promise<AxiosInstance> | null = null;
let apiBase = API_BASE;

/**
 * Where the calls go when the page is rendered on the server (the shell's server, an absolute URL such as
 * `http://127.0.0.1:4000/api`); the browser keeps the same-origin `/api`. The next call makes a new instance.
 */
export function setApiBaseUrl(url: string): void {
  apiBase = url;
  instance = null;
}

/**
 * The one axios instance of the browser apps, made with the first call: axios (about 20 KB gzip) loads
 * then, not before the first paint. A failed load is forgotten (the next call tries again) and answers
 * as a network error.
 */
export function httpClient(): Promise<AxiosInstance> {
  if (!instance) {
    const attempt = import('axios').then((module) => {
      const client = module.default.create({
        baseURL: apiBase,
        withCredentials: true,
        headers: { Accept: 'application/json' },
      });
      client.interceptors.response.use(
        (res: AxiosResponse) => res,
        (err: unknown) => {
          const apiError = toApiError(err, module);
          const url = err instanceof module.AxiosError ? err.config?.url : undefined;
          // A suspended account (its sign-in refused, or a call made with the session a suspension ended,
          // which may come before the live stream's `ended`): the shell shows the suspended page with why.
          if (apiError.suspension) {
            useSessionStore
              .getState()
              .sessionEnded({ why: 'suspended', suspension: apiError.suspension });
          } else if (apiError.status === 401 && isSignedIn() && signsOutOn401(url)) {
            useSessionStore.getState().signOut();
          }
          return Promise.reject(apiError);
        },
      );
      return client;
    });
    instance = attempt;
    attempt.catch(() => {
      if (instance === attempt) instance = null;
    });
  }
  return instance.catch(() => {
    throw new ApiError(MESSAGES.networkError, 0);
  });
}

/** The calls' door to that instance: the axios methods they use, each waiting for the instance. */
export const apiClient = {
  get: <T>(url: string, config?: AxiosRequestConfig) =>
    httpClient().then((c) => c.get<T>(url, config)),
  delete: <T>(url: string, config?: AxiosRequestConfig) =>
    httpClient().then((c) => c.delete<T>(url, config)),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    httpClient().then((c) => c.post<T>(url, data, config)),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    httpClient().then((c) => c.put<T>(url, data, config)),
};

/** `{ success, message }`: the answer of calls whose body is only a message (schema in the contract). */
export type { MessageAnswer };

/** The envelope every answer comes in. */
export interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

/** Upload progress in whole percent, 0–100. */
export type ProgressCallback = (percent: number) => void;

/** Path segment, encoded. */
export const seg = (v: string | number) => encodeURIComponent(String(v));

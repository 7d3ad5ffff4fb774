import './zodConfig';
import { z } from 'zod';
import type { RoleId } from './roles';

/** Every answer of the API is an envelope; the client hands callers `data` (or the whole body where the spec says so). */
export interface ApiOk<T> {
  success: true;
  message?: string;
  data: T;
}
export interface ApiErrorBody {
  success: false;
  /** A sentence the UI can show as it is. */
  message: string;
  issues?: { path: string; message: string }[];
}
export interface Page<T> {
  data: T[];
  total: number;
  start: number;
  limit: number;
}

/** The spec sends role ids as '0'/'1' strings or as numbers; both are accepted. */
export const roleIdSchema = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'Please choose Applicant or Referrer',
  })
  .transform((v) => Number(v) as RoleId);

export const idSchema = z.uuid({ error: 'Invalid id' });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((s) => s.toLowerCase());

export const otpSchema = z
  .string({ error: 'Please enter a valid OTP' })
  .regex(/^[0-9]{4}$/, 'Please enter a valid OTP');

export const searchSchema = z.string().trim().max(100, 'Search is too long').optional().default('');

export const startSchema = z.coerce
  .number({ error: 'start must be a number' })
  .int('start must be a whole number')
  .min(0, 'start must be 0 or more')
  .optional()
  .default(0);

export const limitSchema = (max: number, dflt: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .optional()
    .default(dflt);

export const messageResponse = z.object({ success: z.boolean(), message: z.string() });

import './zodConfig';
import { z } from 'zod';
import type { RoleId } from './roles';

/** A suspended account as its owner is told about it: the operator's reason and since when. */
export const suspensionSchema = z
  .object({
    reason: z.string().nullable(),
    suspendedAt: z.string(),
  })
  .meta({ id: 'Suspension' });
export type Suspension = z.infer<typeof suspensionSchema>;

/**
 * Every refused request: `{ success: false, message, issues? }` (api/src/plugins/error-handler.ts).
 * `issues` lists each invalid field of a 400 the request schema refused.
 */
export const errorResponse = z
  .object({
    success: z.literal(false),
    /** A sentence the UI can show as it is. */
    message: z.string().describe('A sentence the UI can show as it is.'),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Each invalid field (a 400 from the request schema), by dotted path.'),
    suspension: suspensionSchema
      .optional()
      .describe('A refused sign-in of a suspended account: why, and since when.'),
  })
  .meta({ id: 'ErrorResponse' });
export type ApiErrorBody = z.infer<typeof errorResponse>;

/** The statuses a route may refuse a request with; each route lists those it can answer. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

/**
 * `schema.response` entries for a route's refusals: the one error shape under each status given, plus
 * `5xx` (a server failure, or 503 when the database does not answer: the same shape).
 */
export function errorResponses<S extends ErrorStatus = never>(
  ...statuses: S[]
): Record<S | '5xx', typeof errorResponse> {
  const out = { '5xx': errorResponse } as Record<S | '5xx', typeof errorResponse>;
  for (const s of statuses) out[s] = errorResponse;
  return out;
}

/** `success` of every successful answer: always true (typed boolean, as handlers build it). */
const okFlag = z.boolean().describe('Always true');

/** `{ success, message }`: the answer of calls whose body is only a message. */
export const messageAnswer = z
  .object({ success: okFlag, message: z.string() })
  .meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** The envelope of a successful answer: `{ success: true, message?, data }`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: okFlag, message: z.string().optional(), data });

/** A successful answer with a message and data: `{ success: true, message, data }`. */
export const messageEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: okFlag, message: z.string(), data });

/** GET /health: 200 ok once the database answers, else 503 unavailable. */
export const healthAnswer = z.object({ status: z.enum(['ok', 'unavailable']) });

/** A file in a response body (downloads): documented as binary, never serialised by the API. */
export const binaryFile = z.string().meta({ format: 'binary' });

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

// The dev mailbox (GET /dev/mail, not served in production): what the API would have mailed.
import './zodConfig';
import { z } from 'zod';
import { emailSchema, envelope } from './common';

/** GET /dev/mail?to= */
export const devMailQuery = z.object({ to: emailSchema });

export const devMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

/** Newest first, at most 50. */
export const devMailAnswer = envelope(z.array(devMailSchema));

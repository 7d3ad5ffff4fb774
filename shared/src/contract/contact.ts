import './zodConfig';
import { z } from 'zod';
import { emailSchema } from './common';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** POST /contactus/createContactUs: all five fields required. */
export const contactUsRequest = z.object({
  firstName: required('First name is required', 100),
  lastName: required('Last name is required', 100),
  email: emailSchema,
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Please enter a valid phone number'),
  message: required('Message is required', 5000),
});
export type ContactUsRequest = z.input<typeof contactUsRequest>;

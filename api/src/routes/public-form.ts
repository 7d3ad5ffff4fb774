// A public form's POST (the contact form, the newsletter): no session, a per-IP budget that keeps its
// table from being flooded, and 201 with the form's message once the body is stored.
import { errorResponses, messageAnswer } from '../contract';
import type { z } from 'zod';
import type { RouteApp } from './route-app';

export interface PublicForm<Body extends z.ZodType> {
  path: string;
  summary: string;
  body: Body;
  /** The per-IP budget: the limiter's name, how many posts per window, the window in seconds. */
  limit: { groupId: string; max: number; windowSeconds: number };
  /** Stores a valid body. */
  save: (body: z.output<Body>, now: Date) => Promise<unknown>;
  /** The answer's message. */
  message: string;
}

/** Registers the form's POST route (tagged `site`). */
export function publicFormRoute<Body extends z.ZodType>(
  app: RouteApp,
  form: PublicForm<Body>,
): void {
  const ipLimit = app.rateLimit({
    groupId: form.limit.groupId,
    max: form.limit.max,
    timeWindow: form.limit.windowSeconds * 1000,
  });
  app.post(
    form.path,
    {
      config: { auth: 'public' },
      onRequest: ipLimit,
      schema: {
        tags: ['site'],
        summary: form.summary,
        body: form.body,
        response: { 201: messageAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      // Validated against `form.body` (the type provider cannot narrow a generic schema's output).
      await form.save(request.body as z.output<Body>, app.now());
      reply.code(201);
      return { success: true, message: form.message };
    },
  );
}

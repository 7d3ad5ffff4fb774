// The shell's /remotes.json, per visitor, and the canary bucket every visitor gets with their first page.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { assignBucket, wantsBucket } from './buckets';
import { devOrigins } from './overrides';
import type { Remotes } from './remotes';

export function registerRemotesRoutes(
  server: FastifyInstance,
  { remotes, secure }: { remotes: Remotes; secure: boolean },
): void {
  server.addHook('onRequest', (req, reply, done) => {
    if (wantsBucket(req)) assignBucket(req, reply, { secure });
    done();
  });
  server.get('/remotes.json', async (req, reply) => {
    reply.header('Cache-Control', 'no-store').type('application/json');
    // A fixed file as it is (the shell reports what is wrong with a malformed one), read on every request.
    if (remotes.remotesFile && devOrigins(remotes.overridesOf(req)).length === 0)
      return reply.send(await fs.promises.readFile(remotes.remotesFile, 'utf8'));
    // Per visitor and per request: a deploy, rollback or canary is a change of the pointer, no restart.
    try {
      return reply.send(await remotes.remotesFor(req));
    } catch (err) {
      console.warn(
        `[remotes] the release pointer could not be read: ${(err as Error)?.message ?? err}`,
      );
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ success: false, message: 'Service temporarily unavailable. Please try again.' });
    }
  });
}

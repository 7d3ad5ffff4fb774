import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration (read once at boot, see src/config.ts). */
    config: Config;
    /** The clock every time rule uses (OTP expiry, resend limits, sessions); tests inject their own. */
    now: () => Date;
  }
}

export interface ConfigPluginOptions {
  config: Config;
  now?: () => Date;
}

export default fp<ConfigPluginOptions>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('now', opts.now ?? (() => new Date()));
  },
  { name: 'config' },
);

import fp from 'fastify-plugin';
import { ConfigError, productionProblems, type Config } from '../config';

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

/**
 * Decorates the configuration and the clock, after checking that a production instance has what it
 * cannot run without (`productionProblems`): the boot fails with a ConfigError naming each variable.
 */
export default fp<ConfigPluginOptions>(
  async (app, opts) => {
    const problems = productionProblems(opts.config);
    if (problems.length > 0) throw new ConfigError(problems);
    app.decorate('config', opts.config);
    app.decorate('now', opts.now ?? (() => new Date()));
  },
  { name: 'config' },
);

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TRUST_MESSAGES } from '../contract';
import { HttpError } from '../lib/errors';
import { currentUser } from './auth';
import { TrustRepository, type Operator } from '../services/trust';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reports, blocks, suspensions and the audit log (docs/trust-and-safety.md). */
    trust: TrustRepository;
    /** Whether this user (a request's signed-in user, or none) is an operator (ADMIN_EMAILS). */
    isOperator(user: { email: string } | null): boolean;
    /** The request's operator, else 401 (no session) or 403. */
    operatorOf(request: FastifyRequest): Operator;
  }
}

/** Decorates the app with `trust` and the operator checks (operators are named by ADMIN_EMAILS only). */
export default fp(
  async (app) => {
    app.decorate(
      'trust',
      new TrustRepository(app.db, app.now, app.config.REPORTS_MAX_PER_DAY, app.config.SITE_URL),
    );
    const operators = new Set(app.config.ADMIN_EMAILS);
    app.decorate(
      'isOperator',
      (user: { email: string } | null) => user !== null && operators.has(user.email.toLowerCase()),
    );
    app.decorate('operatorOf', (request: FastifyRequest): Operator => {
      const user = currentUser(request);
      if (!app.isOperator(user)) {
        throw new HttpError(403, TRUST_MESSAGES.operatorsOnly);
      }
      return { id: user.id, email: user.email };
    });
  },
  { name: 'trust', dependencies: ['config', 'db', 'auth'] },
);

import {
  adminUserAnswer,
  adminUsersAnswer,
  adminUsersQuery,
  auditLogAnswer,
  auditLogQuery,
  domainClaimAnswer,
  domainClaimsAnswer,
  domainClaimsQuery,
  domainParams,
  envelope,
  errorResponses,
  idSchema,
  operatorReportAnswer,
  operatorReportsAnswer,
  resolveReportRequest,
  suspendRequest,
  TRUST_MESSAGES,
  REPORT_STATUSES,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import type { RouteApp } from '../route-app';

const idParams = z.object({ id: idSchema });

/** Who is an operator, and the reports they work through. */
function reportRoutes(app: RouteApp): void {
  /** Whether the caller is an operator (the shell loads the console only then). */
  app.get(
    '/admin/me',
    {
      schema: {
        tags: ['admin'],
        summary: 'Whether the signed-in user is an operator',
        response: {
          200: envelope(z.object({ operator: z.boolean() })),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      currentUser(request);
      return { success: true, data: { operator: app.isOperator(request.user) } };
    },
  );

  app.get(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'The report queue (open by default), newest first',
        querystring: z.object({ status: z.enum(REPORT_STATUSES).optional().default('open') }),
        response: { 200: operatorReportsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      app.operatorOf(request);
      return {
        success: true,
        data: await app.trust.reports({ status: request.query.status }, true),
      };
    },
  );

  app.post(
    '/admin/reports/resolve/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close a report: acted on, or dismissed',
        params: idParams,
        body: resolveReportRequest,
        response: { 200: operatorReportAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const operator = app.operatorOf(request);
      const data = await app.trust.resolveReport(request.params.id, request.body.action, operator);
      return { success: true, data };
    },
  );
}

/** Company domains: the claims, confirming or rejecting one. */
function domainRoutes(app: RouteApp): void {
  app.get(
    '/admin/domains',
    {
      schema: {
        tags: ['admin'],
        summary: 'Company domains by state (unconfirmed claims by default)',
        querystring: domainClaimsQuery,
        response: { 200: domainClaimsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      app.operatorOf(request);
      return { success: true, data: await app.companies.domainClaims(request.query.state) };
    },
  );

  for (const decision of ['confirm', 'reject'] as const) {
    app.post(
      `/admin/domains/${decision}/:domain`,
      {
        schema: {
          tags: ['admin'],
          summary:
            decision === 'confirm'
              ? "Confirm a domain for its company (its referrers show 'Verified at {company}')"
              : 'Reject a claimed domain (it counts for no company)',
          params: domainParams,
          response: { 200: domainClaimAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const operator = app.operatorOf(request);
        const data = await app.companies.decideDomain(
          request.params.domain,
          decision,
          operator.id,
          app.now(),
          (tx, before, after) =>
            app.trust.audit(tx, operator, {
              action: `domain.${decision}`,
              targetKind: 'domain',
              targetId: before.domain,
              before: { state: before.state, company: before.companyName },
              after: { state: after.state, company: after.companyName },
            }),
        );
        if (!data) throw new HttpError(404, TRUST_MESSAGES.domainNotFound);
        await app.chatEvents.publishSearchChanged();
        return { success: true, data };
      },
    );
  }
}

/** Finding users, suspending and restoring them. */
function userRoutes(app: RouteApp): void {
  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users by name or e-mail; without a search, the suspended and the reported',
        querystring: adminUsersQuery,
        response: { 200: adminUsersAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      app.operatorOf(request);
      return { success: true, data: await app.trust.users(request.query.search) };
    },
  );

  app.post(
    '/admin/users/suspend/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Suspend a user for a reason they are told (e-mail): no sign-in, jobs closed, pending requests ended',
        params: idParams,
        body: suspendRequest,
        response: { 200: adminUserAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const operator = app.operatorOf(request);
      const data = await app.trust.suspend(request.params.id, request.body.reason, operator);
      app.outbox.wake();
      // Its sessions were deleted with the suspension: their live streams end now, with the reason.
      const suspension = await app.trust.suspensionOf(request.params.id);
      if (suspension) {
        await app.sessions.ended({
          userId: request.params.id,
          end: { why: 'suspended', suspension },
        });
      }
      await app.chatEvents.publishSearchChanged();
      return { success: true, data };
    },
  );

  app.post(
    '/admin/users/restore/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Unsuspend a user (the jobs the suspension closed reopen); undoes a suspension',
        params: idParams,
        response: { 200: adminUserAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const operator = app.operatorOf(request);
      const data = await app.trust.restore(request.params.id, operator);
      await app.chatEvents.publishSearchChanged();
      return { success: true, data };
    },
  );
}

/** The audit log of operator actions. */
function auditRoutes(app: RouteApp): void {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of operator actions, newest first',
        querystring: auditLogQuery,
        response: { 200: auditLogAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      app.operatorOf(request);
      const { start, limit } = request.query;
      return { success: true, data: await app.trust.auditLog(start, limit) };
    },
  );
}

/**
 * The operator console's API (mfe-admin; docs/trust-and-safety.md). Every route but /admin/me answers
 * 403 to anyone not named in ADMIN_EMAILS; every change is written to the audit log with the state
 * before and after, in the change's transaction.
 */
const admin: FastifyPluginAsyncZod = async (app) => {
  reportRoutes(app);
  domainRoutes(app);
  userRoutes(app);
  auditRoutes(app);
};

export default admin;

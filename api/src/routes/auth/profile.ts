import {
  errorResponses,
  idSchema,
  profileAnswer,
  profileSavedAnswer,
  referrerProfileAnswer,
  roleIdSchema,
  updateProfileRequest,
} from '../../contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/errors';
import { assertSelf } from '../../plugins/auth';
import { toHistoryEntry, toProfile, type ProfileChanges } from '../../services/users';
import { startEmailChange } from './email-change-steps';
import { AUTH_MESSAGES } from './messages';

const profileParams = z.object({ userId: idSchema, roleId: roleIdSchema });
const userIdParams = z.object({ userId: idSchema });

/** Keys of `updatedData` present in the raw body of PUT /auth/updateById, per request. */
const sentProfileFields = new WeakMap<object, Set<string>>();

/** The profile columns a save changes, as stored: an empty date of birth clears it. */
type ProfileColumns = Omit<ProfileChanges, 'email' | 'dateOfBirth'> & {
  dateOfBirth?: string | null;
};

/**
 * What a profile save changes: the fields of `data` the caller sent (the schema fills absent ones with
 * defaults), and the e-mail, which is always compared with the account's.
 */
function sentChanges(
  data: ProfileChanges,
  sent: Set<string>,
): { email?: string; columns: ProfileColumns } {
  const changes: ProfileChanges = {};
  for (const key of Object.keys(data) as (keyof ProfileChanges)[]) {
    if (sent.has(key) || key === 'email') (changes as Record<string, unknown>)[key] = data[key];
  }
  const { dateOfBirth, email, ...columns } = changes;
  if (dateOfBirth === undefined) return { email, columns };
  return { email, columns: { ...columns, dateOfBirth: dateOfBirth === '' ? null : dateOfBirth } };
}

/** The caller's own profile: read it (with the verified work e-mails for a referrer) and save it. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/GetByIdUser/:userId/:roleId',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's profile",
        params: profileParams,
        response: { 200: profileAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, AUTH_MESSAGES.ownProfileOnly);
      return { success: true, data: toProfile(me, await app.resumes.findDefault(me.id)) };
    },
  );

  app.get(
    '/auth/GetByIdReferer/:userId/:roleId',
    {
      schema: {
        tags: ['profile'],
        summary: "The caller's profile with their verified work e-mails",
        params: profileParams,
        response: { 200: referrerProfileAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, AUTH_MESSAGES.ownProfileOnly);
      const history = await app.users.workEmailHistory(me.id);
      return {
        success: true,
        data: {
          ...toProfile(me, await app.resumes.findDefault(me.id)),
          workEmailHistory: history.map(toHistoryEntry),
        },
      };
    },
  );

  app.put(
    '/auth/updateById/:userId',
    {
      schema: {
        tags: ['profile'],
        summary: "Save the caller's profile (a new e-mail waits for the code sent to it)",
        params: userIdParams,
        body: updateProfileRequest,
        response: { 200: profileSavedAnswer, ...errorResponses(400, 401, 403, 429) },
      },
      preValidation: async (request) => {
        const raw = (request.body as { updatedData?: unknown } | undefined)?.updatedData;
        sentProfileFields.set(
          request,
          raw && typeof raw === 'object' ? new Set(Object.keys(raw)) : new Set(),
        );
      },
    },
    async (request) => {
      const me = assertSelf(request, request.params.userId, AUTH_MESSAGES.ownProfileUpdateOnly);
      const { userId, updatedData, currentEmailOtp } = request.body;
      if (userId !== undefined && userId !== me.id) {
        throw new HttpError(403, AUTH_MESSAGES.ownProfileUpdateOnly);
      }
      const sent = sentProfileFields.get(request) ?? new Set<string>();
      const { email, columns } = sentChanges(updatedData, sent);
      // A new sign-in e-mail takes effect only once a code sent to it is entered
      // (POST /auth/confirmEmailChange); until then the account keeps the old one.
      const pendingEmail = email && email !== me.email ? email : null;
      if (pendingEmail) await startEmailChange(app, request, me, { pendingEmail, currentEmailOtp });
      const updated = Object.keys(columns).length > 0 ? await app.users.update(me.id, columns) : me;
      return {
        success: true,
        message: pendingEmail
          ? AUTH_MESSAGES.emailChangeSent(pendingEmail, me.email)
          : AUTH_MESSAGES.profileUpdated,
        data: { ...toProfile(updated, await app.resumes.findDefault(me.id)), pendingEmail },
      };
    },
  );
};

export default profileRoutes;

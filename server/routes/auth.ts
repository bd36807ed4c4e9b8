import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authMessages,
  confirmEmailReplySchema,
  confirmEmailRequestSchema,
  isUserAnonymousReplySchema,
  requestPasswordResetReplySchema,
  requestPasswordResetRequestSchema,
  resetPasswordReplySchema,
  resetPasswordRequestSchema,
  signInReplySchema,
  signInRequestSchema,
  signOutReplySchema,
  signUpReplySchema,
  signUpRequestSchema,
  usernameCheckReplySchema,
  usernameCheckRequestSchema,
} from '../../src/api/contract/auth.ts';
import { SESSION_COOKIE } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

/** The cookie lives as long as the token; the session row (revocable, sliding) decides. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { accounts } = services;
  const secure = services.config.publicUrl.startsWith('https://');
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get(
    '/auth/isuseranonymous',
    { schema: { tags: ['auth'], response: { 200: isUserAnonymousReplySchema } } },
    async (request) =>
      ok({ isAnonymous: request.viewer.isAnonymous, user_id: request.viewer.userId }),
  );

  app.post(
    '/auth/signin',
    {
      schema: {
        tags: ['auth'],
        body: signInRequestSchema,
        response: { 200: signInReplySchema },
      },
    },
    async (request, reply) => {
      const data = await accounts.signIn({
        email: request.body.email,
        password: request.body.password,
        captcha: request.body.captcha,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      noStore(reply);
      if (data.json_web_token) {
        reply.setCookie(SESSION_COOKIE, data.json_web_token, {
          ...cookieOptions,
          maxAge: COOKIE_MAX_AGE_S,
        });
      } else {
        // The guest has no session: whatever signed-in cookie this browser had is dropped.
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      }
      return ok(data, authMessages.signedIn);
    },
  );

  app.get(
    '/auth/signout',
    { schema: { tags: ['auth'], response: { 200: signOutReplySchema } } },
    async (request, reply) => {
      await accounts.signOut(request.viewer.sessionId);
      noStore(reply).clearCookie(SESSION_COOKIE, cookieOptions);
      return ok(null, authMessages.signedOut);
    },
  );

  app.post(
    '/auth/usernamecheck',
    {
      schema: {
        tags: ['auth'],
        body: usernameCheckRequestSchema,
        response: { 200: usernameCheckReplySchema },
      },
    },
    async (request) => {
      await accounts.checkUsername(request.body.username, request.ip);
      return ok(null, authMessages.usernameAvailable);
    },
  );

  app.post(
    '/auth/signup',
    {
      // Counted before validation: malformed attempts are attempts too.
      preValidation: async (request) => accounts.countSignUpAttempt(request.ip),
      schema: {
        tags: ['auth'],
        body: signUpRequestSchema,
        response: { 200: signUpReplySchema },
      },
    },
    async (request) => {
      await accounts.signUp({ ...request.body, ip: request.ip }, request.log);
      return ok(null, authMessages.signedUp);
    },
  );

  app.post(
    '/auth/confirmemail',
    {
      schema: {
        tags: ['auth'],
        body: confirmEmailRequestSchema,
        response: { 200: confirmEmailReplySchema },
      },
    },
    async (request) =>
      ok(await accounts.confirmEmail(request.body.token), authMessages.emailConfirmed),
  );

  app.post(
    '/auth/requestpasswordresetemail',
    {
      schema: {
        tags: ['auth'],
        body: requestPasswordResetRequestSchema,
        response: { 200: requestPasswordResetReplySchema },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, request.ip, request.log);
      return ok(null, authMessages.resetMailSent);
    },
  );

  app.post(
    '/auth/resetpasswordviaemail',
    {
      schema: {
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordReplySchema },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return ok(null, authMessages.passwordChanged);
    },
  );
};

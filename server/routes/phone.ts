import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { phoneMessages, SMS_CODE_TTL_MS } from '../../src/api/contract/constants.ts';
import {
  confirmSmsCodeBodySchema,
  confirmSmsCodeReplySchema,
  phoneProblemMessages,
  phoneValidateQuerySchema,
  phoneValidateReplySchema,
  verifyPhoneBodySchema,
  verifyPhoneReplySchema,
} from '../../src/api/contract/phone.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

/** Binds an anonymous visitor's code to their browser (the guest account is shared). */
const VERIFICATION_COOKIE = 'waves_phone_verification';

/**
 * Phone verification (docs/product/accounts.md "Phone verification") and our own phone-validation
 * service.
 */
export const phoneRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post(
    '/auth/verifyphonenumber',
    {
      schema: {
        tags: ['auth'],
        body: verifyPhoneBodySchema,
        response: { 200: verifyPhoneReplySchema },
      },
    },
    async (request, reply) => {
      const { data, verificationToken } = await services.phone.requestCode(
        request.viewer,
        request.body,
        request.ip,
        request.log,
      );
      if (verificationToken) {
        reply.setCookie(VERIFICATION_COOKIE, verificationToken, {
          path: '/api/v1/auth',
          httpOnly: true,
          sameSite: 'lax',
          secure: services.config.publicUrl.startsWith('https://'),
          maxAge: SMS_CODE_TTL_MS / 1000,
        });
      }
      return ok(data, phoneMessages.codeSent);
    },
  );

  app.post(
    '/auth/confirmsmscode',
    {
      schema: {
        tags: ['auth'],
        body: confirmSmsCodeBodySchema,
        response: { 200: confirmSmsCodeReplySchema },
      },
    },
    async (request, reply) => {
      const data = await services.phone.confirmCode(
        request.viewer,
        request.body.smscode,
        request.ip,
        request.cookies[VERIFICATION_COOKIE],
      );
      reply.clearCookie(VERIFICATION_COOKIE, { path: '/api/v1/auth' });
      return ok(data, phoneMessages.phoneConfirmed);
    },
  );

  app.get(
    '/phone/validate',
    {
      schema: {
        tags: ['phone'],
        querystring: phoneValidateQuerySchema,
        response: { 200: phoneValidateReplySchema },
      },
    },
    async (request) => {
      const result = services.phone.validate(request.query.phone, request.query.country);
      return {
        ...ok(result),
        success: result.valid,
        message: result.problem ? phoneProblemMessages[result.problem] : 'ok',
      };
    },
  );
};

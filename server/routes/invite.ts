import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitationReplySchema, inviteSomeoneBodySchema } from '../../src/api/contract/invite.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

export const inviteRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post(
    '/invitesomeone',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['team'],
        body: inviteSomeoneBodySchema,
        response: { 200: invitationReplySchema },
      },
    },
    async (request) =>
      ok(
        await services.invites.invite(
          request.viewer,
          request.body.team_id,
          request.body.invitee_name,
        ),
      ),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isSubscribedReplySchema,
  subscribeBodySchema,
  subscriberCountReplySchema,
  subscriptionReplySchema,
  teamParamsSchema,
} from '../../src/api/contract/team.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

/**
 * Team subscriptions: following a user is subscribing to their home team (docs/product/listening.md
 * "Follow").
 */
export const teamRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/team/subscribercount/:team_id',
    {
      schema: {
        tags: ['team'],
        params: teamParamsSchema,
        response: { 200: subscriberCountReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ count: await services.follows.subscriberCount(request.params.team_id) });
    },
  );

  app.get(
    '/team/issubscribed/:team_id',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['team'],
        params: teamParamsSchema,
        response: { 200: isSubscribedReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const isSubscribed = await services.follows.isSubscribed(
        request.viewer,
        request.params.team_id,
      );
      return ok({ isSubscribed });
    },
  );

  app.post(
    '/team/subscribe/:team_id',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['team'],
        params: teamParamsSchema,
        body: subscribeBodySchema,
        response: { 200: subscriptionReplySchema },
      },
    },
    async (request) =>
      ok(
        await services.follows.setSubscribed(
          request.viewer,
          request.params.team_id,
          request.body.issubscribed,
        ),
      ),
  );
};

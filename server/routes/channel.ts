import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelIdParamsSchema,
  channelLanguageParamsSchema,
  channelListReplySchema,
  channelNameParamsSchema,
  channelReplySchema,
  newChannelBodySchema,
  newChannelReplySchema,
} from '../../src/api/contract/channel.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { callerOfRequests } from '../http/caller.ts';
import { ok } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

export const channelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const callerOf = callerOfRequests(services.viewerKeys);

  app.get(
    '/channel/name/:channel_name',
    {
      schema: {
        tags: ['channel'],
        params: channelNameParamsSchema,
        response: { 200: channelReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await services.channels.byName(request.params.channel_name, callerOf(request)));
    },
  );

  app.get(
    '/channel/info/:channel_id',
    {
      schema: {
        tags: ['channel'],
        params: channelIdParamsSchema,
        response: { 200: channelReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await services.channels.byId(request.params.channel_id, callerOf(request)));
    },
  );

  app.get(
    '/channel/list/bylanguage/:lang',
    {
      schema: {
        tags: ['channel'],
        params: channelLanguageParamsSchema,
        response: { 200: channelListReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await services.channels.listByLanguage(request.params.lang));
    },
  );

  app.get(
    '/channel/list/byusermostrecent/:lang',
    {
      schema: {
        tags: ['channel'],
        params: channelLanguageParamsSchema,
        response: { 200: channelListReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return ok(
        await services.channels.listByUserMostRecent(request.params.lang, callerOf(request)),
      );
    },
  );

  app.post(
    '/channel/new',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['channel'],
        body: newChannelBodySchema,
        response: { 200: newChannelReplySchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.is_chatgroup) {
        return ok(await services.groups.create(body, callerOf(request)));
      }
      return ok(await services.channels.create(body, callerOf(request)));
    },
  );
};

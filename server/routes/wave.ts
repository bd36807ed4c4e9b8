import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelNameListParamsSchema,
  deleteWaveBodySchema,
  deleteWaveReplySchema,
  followingListParamsSchema,
  languageListParamsSchema,
  likeWaveBodySchema,
  likeWaveReplySchema,
  logViewReplySchema,
  updateWaveMetadataBodySchema,
  usernameListParamsSchema,
  waveListQuerySchema,
  waveListReplySchema,
  waveMetadataReplySchema,
  waveNameParamsSchema,
  waveThreadReplySchema,
} from '../../src/api/contract/wave.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope.ts';
import { listReplies } from '../http/list-serializer.ts';
import type { Services } from '../services/container.ts';
import type { Caller } from '../services/wave-access.ts';

/** Lists differ per caller (likes, views): never shared by caches. */
const LIST_CACHE = 'private, no-cache';

export const waveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const callerOf = (request: FastifyRequest): Caller => ({
    viewer: request.viewer,
    viewerKey: services.waveAccess.viewerKey(
      request.viewer,
      request.ip,
      request.headers['user-agent'] ?? '',
    ),
  });

  // The spec's POSTs without payload (logview) may still say "application/json".
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    else json(request, text, done);
  });

  const listSchema = { tags: ['wave'], querystring: waveListQuerySchema };
  const listReply = { 200: waveListReplySchema };
  // The hot path: in production a cached page is encoded once and sent as is.
  const lists = listReplies({ validate: !services.config.isProduction });

  app.get(
    '/wave/wavelistpublicnewest/:language_code',
    {
      schema: { ...listSchema, params: languageListParamsSchema, response: listReply },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      const { language_code } = request.params;
      return lists.send(
        request,
        reply,
        await services.waveLists.newest(language_code, request.query, callerOf(request)),
      );
    },
  );

  app.get(
    '/wave/wavelistpublictrending/:language_code',
    {
      schema: { ...listSchema, params: languageListParamsSchema, response: listReply },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      const { language_code } = request.params;
      return lists.send(
        request,
        reply,
        await services.waveLists.trending(language_code, request.query, callerOf(request)),
      );
    },
  );

  app.get(
    '/wave/wavelistpublicfollowing/:user_id',
    {
      schema: { ...listSchema, params: followingListParamsSchema, response: listReply },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      const { user_id } = request.params;
      return lists.send(
        request,
        reply,
        await services.waveLists.following(user_id, request.query, callerOf(request)),
      );
    },
  );

  app.get(
    '/wave/wavelistpublicbyusername/:username',
    {
      schema: { ...listSchema, params: usernameListParamsSchema, response: listReply },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      const { username } = request.params;
      return lists.send(
        request,
        reply,
        await services.waveLists.byUsername(username, request.query, callerOf(request)),
      );
    },
  );

  app.get(
    '/wave/wavelistpublicbychannelname/:channel_name',
    {
      schema: { ...listSchema, params: channelNameListParamsSchema, response: listReply },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      const { channel_name } = request.params;
      return lists.send(
        request,
        reply,
        await services.waveLists.byChannelName(channel_name, request.query, callerOf(request)),
      );
    },
  );

  app.get(
    '/wave/thread/:wave_name',
    {
      schema: {
        ...listSchema,
        params: waveNameParamsSchema,
        response: { 200: waveThreadReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', LIST_CACHE);
      const { wave_name } = request.params;
      return ok(await services.waveLists.thread(wave_name, request.query, callerOf(request)));
    },
  );

  app.post(
    '/wave/logview/:wave_name',
    {
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        response: { 200: logViewReplySchema },
      },
    },
    async (request) =>
      ok(await services.waves.logView(request.params.wave_name, callerOf(request))),
  );

  app.post(
    '/wave/like/:wave_name',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        body: likeWaveBodySchema,
        response: { 200: likeWaveReplySchema },
      },
    },
    async (request) => ok(await services.waves.like(request.params.wave_name, callerOf(request))),
  );

  app.get(
    '/wave/metadata/:wave_name',
    {
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        response: { 200: waveMetadataReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok([await services.waves.metadata(request.params.wave_name, callerOf(request))]);
    },
  );

  app.post(
    '/wave/metadata/:wave_name',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        body: updateWaveMetadataBodySchema,
        response: { 200: waveMetadataReplySchema },
      },
    },
    async (request) => {
      const { wave_name } = request.params;
      const { title } = request.body;
      return ok([await services.waves.updateTitle(wave_name, title, callerOf(request))]);
    },
  );

  app.post(
    '/wave/delete/:wave_name',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        body: deleteWaveBodySchema,
        response: { 200: deleteWaveReplySchema },
      },
    },
    async (request) => ok(await services.waves.delete(request.params.wave_name, callerOf(request))),
  );
};

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from '../../src/api/contract/constants.ts';
import { VIEWER_HEADER, viewerHeaderValue } from '../../src/api/contract/viewer-header.ts';
import type { z } from 'zod';
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
  type WaveListItem,
} from '../../src/api/contract/wave.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { callerOfRequests, DEVICE_COOKIE } from '../http/caller.ts';
import { ok } from '../http/envelope.ts';
import { isNotAnImageName, readMultipartForm, readsForms } from '../http/multipart-form.ts';
import { listReplies } from '../http/list-serializer.ts';
import { rememberingValidatorCompiler } from '../http/remembered-validation.ts';
import type { Services } from '../services/container.ts';
import { DEVICE_ID_MAX_AGE_S } from '../services/viewer-keys.ts';
import type { Caller } from '../services/wave-access.ts';
import type { PageRequest } from '../services/wave-list-service.ts';

/** Lists differ per caller (likes, views): never shared by caches. */
const LIST_CACHE = 'private, no-cache';

export const waveRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const callerOf = callerOfRequests(services.viewerKeys);

  // POSTs without payload (logview) may still say "application/json".
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

  /**
   * A public wave list: the path parameter picks it, the query pages it (cursor and limit).
   * `now` answers without a promise when it can (an anonymous listener's cached page, the hot
   * path of docs/budgets.md "List endpoints"); `load` answers every other request.
   */
  const listRoute = <Params extends z.ZodType>(
    url: string,
    params: Params,
    load: (params: z.output<Params>, page: PageRequest, caller: Caller) => Promise<WaveListItem[]>,
    now?: (
      params: z.output<Params>,
      page: PageRequest,
      caller: Caller,
    ) => WaveListItem[] | undefined,
  ) =>
    app.get(
      url,
      {
        schema: { ...listSchema, params, response: listReply },
        // listReplies compresses a page once for every caller, and a GET has no body to inflate:
        // without @fastify/compress's hooks on these routes (docs/budgets.md "List endpoints").
        compress: false,
        decompress: false,
        // The same `/en` and query over and over: checked once (remembered-validation.ts).
        validatorCompiler: rememberingValidatorCompiler,
      },
      (request, reply) => {
        reply.header('cache-control', LIST_CACHE);
        reply.header(
          VIEWER_HEADER,
          viewerHeaderValue({
            isAnonymous: request.viewer.isAnonymous,
            user_id: request.viewer.userId,
          }),
        );
        // The type provider cannot resolve a generic schema's output; `params` validated it.
        const listParams = request.params as z.output<Params>;
        const caller = callerOf(request);
        const items = now?.(listParams, request.query, caller);
        if (items === undefined) {
          return load(listParams, request.query, caller).then((loaded) =>
            lists.answer(request, reply, loaded),
          );
        }
        return lists.answer(request, reply, items);
      },
    );

  listRoute(
    '/wave/wavelistpublicnewest/:language_code',
    languageListParamsSchema,
    (p, page, caller) => services.waveLists.newest(p.language_code, page, caller),
    (p, page, caller) => services.waveLists.newestNow(p.language_code, page, caller),
  );
  listRoute(
    '/wave/wavelistpublictrending/:language_code',
    languageListParamsSchema,
    (p, page, caller) => services.waveLists.trending(p.language_code, page, caller),
    (p, page, caller) => services.waveLists.trendingNow(p.language_code, page, caller),
  );
  listRoute(
    '/wave/wavelistpublicfollowing/:user_id',
    followingListParamsSchema,
    (p, page, caller) => services.waveLists.following(p.user_id, page, caller),
  );
  listRoute(
    '/wave/wavelistpublicbyusername/:username',
    usernameListParamsSchema,
    (p, page, caller) => services.waveLists.byUsername(p.username, page, caller),
  );
  listRoute(
    '/wave/wavelistpublicbychannelname/:channel_name',
    channelNameListParamsSchema,
    (p, page, caller) => services.waveLists.byChannelName(p.channel_name, page, caller),
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
    async (request, reply) => {
      // A guest browser without a device id gets one with its first view (a signed cookie).
      const device = services.viewerKeys.issueDevice(
        request.viewer,
        request.cookies[DEVICE_COOKIE],
      );
      const result = await services.waves.logView(request.params.wave_name, callerOf(request), {
        address: request.ip,
        alsoKnownAs: device?.key,
      });
      if (device) {
        reply.setCookie(DEVICE_COOKIE, device.cookie, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: services.config.publicUrl.startsWith('https://'),
          maxAge: DEVICE_ID_MAX_AGE_S,
        });
      }
      return ok(result);
    },
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

  // The one form of these routes, in a context of its own: the list routes get none of
  // @fastify/multipart's hooks (http/multipart-form.ts).
  await app.register(async (context) => {
    await readsForms(context);
    const forms = context.withTypeProvider<ZodTypeProvider>();
    forms.post(
      '/wave/sponsor/:wave_name',
      {
        preValidation: requireSignedIn,
        schema: {
          tags: ['wave'],
          description:
            'site admins: is_sponsored (TRUE or FALSE), sponsor_name; as multipart also an optional logo image',
          params: waveNameParamsSchema,
          response: { 200: waveMetadataReplySchema },
        },
      },
      async (request) => {
        const { wave_name } = request.params;
        if (!request.isMultipart()) {
          const body = (request.body ?? {}) as Record<string, unknown>;
          return ok([await services.waves.sponsor(wave_name, body, undefined, callerOf(request))]);
        }
        const form = await readMultipartForm(request, {
          tmpDir: services.uploadPaths.forms,
          fileFields: ['logo'],
          defaultFileField: 'logo',
          maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
          tooLargeMessage: profileMessages.imageTooBig,
          refuseFileName: { test: isNotAnImageName, message: profileMessages.imageType },
        });
        try {
          const logo = form.files['logo']?.path;
          return ok([
            await services.waves.sponsor(wave_name, form.fields, logo, callerOf(request)),
          ]);
        } finally {
          await form.cleanup();
        }
      },
    );
  });

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

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_IMAGE_MAX_BYTES, profileMessages } from '../../src/api/contract/constants.ts';
import {
  currentUserReplySchema,
  peopleQuerySchema,
  peopleReplySchema,
  profileImagesReplySchema,
  userByUsernameParamsSchema,
  userInfoParamsSchema,
  userInfoReplySchema,
} from '../../src/api/contract/user.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../kernel/refusal.ts';
import { isNotAnImageName, readMultipartForm, readsForms } from '../http/multipart-form.ts';
import type { Services } from '../services/container.ts';

/**
 * Multipart bodies (POST /user/me and the image calls) are not described by a body schema:
 * they are read as streams and checked against the contract's `profileUpdateSchema` and the
 * image rules in the service, with the same field-error envelope.
 */
const multipartBody = {
  consumes: ['multipart/form-data'],
};

export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await readsForms(app);
  const tmpDir = services.uploadPaths.forms;
  const readForm = (request: FastifyRequest, fileFields: readonly string[], single?: string) =>
    readMultipartForm(request, {
      tmpDir,
      fileFields,
      maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLargeMessage: profileMessages.imageTooBig,
      refuseFileName: { test: isNotAnImageName, message: profileMessages.imageType },
      ...(single ? { defaultFileField: single } : {}),
    });

  app.get(
    '/user/me',
    { schema: { tags: ['user'], response: { 200: currentUserReplySchema } } },
    async (request, reply) => {
      const me = await services.users.current(request.viewer.userId);
      if (!me) throw notFound();
      reply.header('cache-control', 'no-store');
      return ok(me);
    },
  );

  app.post(
    '/user/me',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['user'],
        description:
          'multipart: about, displayname, private_by_default, play_beep (TRUE or FALSE), usercountrycode, userregionname, optional cover and avatar files',
        ...multipartBody,
        response: { 200: currentUserReplySchema },
      },
    },
    async (request) => {
      const userId = request.viewer.userId;
      if (!request.isMultipart()) {
        return ok(
          await services.profiles.update(
            userId,
            (request.body ?? {}) as Record<string, unknown>,
            {},
          ),
        );
      }
      const form = await readForm(request, ['avatar', 'cover']);
      try {
        const updated = await services.profiles.update(userId, form.fields, {
          ...(form.files['avatar'] ? { avatar: form.files['avatar'].path } : {}),
          ...(form.files['cover'] ? { cover: form.files['cover'].path } : {}),
        });
        return ok(updated);
      } finally {
        await form.cleanup();
      }
    },
  );

  for (const [url, field] of [
    ['/user/avatarimage', 'avatar'],
    ['/user/coverimage', 'cover'],
  ] as const) {
    app.post(
      url,
      {
        preValidation: requireSignedIn,
        schema: {
          tags: ['user'],
          description: `multipart: one image file (webp, gif, jpeg, png or bmp, at most 10 MB)`,
          ...multipartBody,
          response: { 200: profileImagesReplySchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) {
          return ok(await services.profiles.replaceImage(request.viewer.userId, field, undefined));
        }
        const form = await readForm(request, [field], field);
        try {
          const images = await services.profiles.replaceImage(
            request.viewer.userId,
            field,
            form.files[field]?.path,
          );
          return ok(images);
        } finally {
          await form.cleanup();
        }
      },
    );
  }

  app.get(
    '/user/info/:id',
    {
      schema: {
        tags: ['user'],
        params: userInfoParamsSchema,
        response: { 200: userInfoReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await services.profiles.byId(request.params.id));
    },
  );

  app.get(
    '/user/byusername/:username',
    {
      schema: {
        tags: ['user'],
        params: userByUsernameParamsSchema,
        response: { 200: userInfoReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await services.profiles.byUsername(request.params.username));
    },
  );

  app.get(
    '/user/users',
    {
      schema: {
        tags: ['user'],
        querystring: peopleQuerySchema,
        response: { 200: peopleReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await services.profiles.people(request.viewer, request.query));
    },
  );
};

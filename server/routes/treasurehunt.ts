import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROFILE_IMAGE_MAX_BYTES,
  profileMessages,
  treasureHuntMessages,
} from '../../src/api/contract/constants.ts';
import {
  buyProductBodySchema,
  buyProductReplySchema,
  latestPriceQuerySchema,
  latestPriceReplySchema,
  listProductsQuerySchema,
  listProductsReplySchema,
  newProductReplySchema,
  PRODUCT_IMAGE_FIELDS,
  productParamsSchema,
  productReplySchema,
  withdrawProductBodySchema,
  withdrawProductReplySchema,
} from '../../src/api/contract/treasurehunt.ts';
import { requireSignedIn } from '../http/auth-plugin.ts';
import { ok } from '../http/envelope.ts';
import { isNotAnImageName, readMultipartForm, readsForms } from '../http/multipart-form.ts';
import type { Services } from '../services/container.ts';

/** Replies that depend on the caller (is_mine, bought_by_me) or on the clock (the price). */
const PER_CALLER = 'private, no-cache';

/** The treasure hunt (docs/product/api.md "Treasure hunt calls"). */
export const treasureHuntRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await readsForms(app);
  const tmpDir = services.uploadPaths.forms;

  app.get(
    '/treasurehunt/listproducts',
    {
      schema: {
        tags: ['treasurehunt'],
        querystring: listProductsQuerySchema,
        response: { 200: listProductsReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PER_CALLER);
      const { filter, after, limit } = request.query;
      const listproducts = await services.treasureHunt.list(request.viewer, {
        filter,
        limit,
        ...(after === undefined ? {} : { after }),
      });
      return ok([{ listproducts }]);
    },
  );

  app.get(
    '/treasurehunt/product/:id',
    {
      schema: {
        tags: ['treasurehunt'],
        params: productParamsSchema,
        response: { 200: productReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PER_CALLER);
      return ok(await services.treasureHunt.product(request.viewer, request.params.id));
    },
  );

  app.get(
    '/treasurehunt/getlatestprice',
    {
      schema: {
        tags: ['treasurehunt'],
        querystring: latestPriceQuerySchema,
        response: { 200: latestPriceReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const getlatestprice = await services.treasureHunt.latestPrice(request.query.product_id);
      return ok([{ getlatestprice }]);
    },
  );

  app.post(
    '/treasurehunt/buyproduct',
    {
      preValidation: requireSignedIn,
      config: { generalErrors: true },
      schema: {
        tags: ['treasurehunt'],
        body: buyProductBodySchema,
        response: { 200: buyProductReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { product_id, purchase_price, user_id } = request.body;
      const purchase = await services.treasureHunt.buy(request.viewer, {
        productId: product_id,
        offerCents: purchase_price,
        userId: user_id,
      });
      return ok(purchase, treasureHuntMessages.purchased);
    },
  );

  app.post(
    '/treasurehunt/newproduct',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['treasurehunt'],
        description:
          'multipart: headline, description, location, category, currency, start_price, floor_price, step_amount, step_seconds, and the image files image1, image2, image3 (the profile image rules)',
        consumes: ['multipart/form-data'],
        response: { 200: newProductReplySchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        const body = (request.body ?? {}) as Record<string, unknown>;
        return ok(await services.treasureHunt.create(request.viewer, body, {}));
      }
      const form = await readMultipartForm(request, {
        tmpDir,
        fileFields: PRODUCT_IMAGE_FIELDS,
        maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
        tooLargeMessage: profileMessages.imageTooBig,
        refuseFileName: { test: isNotAnImageName, message: profileMessages.imageType },
      });
      try {
        const files = Object.fromEntries(
          Object.entries(form.files).map(([field, file]) => [field, file.path]),
        );
        return ok(
          await services.treasureHunt.create(request.viewer, form.fields, files),
          treasureHuntMessages.listed,
        );
      } finally {
        await form.cleanup();
      }
    },
  );

  app.post(
    '/treasurehunt/withdrawproduct',
    {
      preValidation: requireSignedIn,
      schema: {
        tags: ['treasurehunt'],
        body: withdrawProductBodySchema,
        response: { 200: withdrawProductReplySchema },
      },
    },
    async (request) =>
      ok(
        await services.treasureHunt.withdraw(request.viewer, request.body.product_id),
        treasureHuntMessages.withdrawnOk,
      ),
  );
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newWaveBodySchema,
  newWaveReplySchema,
  uploadStatusReplySchema,
} from '../../src/api/contract/recording.ts';
import {
  MAX_UPLOAD_BYTES,
  TUS_ENDPOINT,
  UPLOAD_TOKEN_HEADER,
  recordingMessages,
} from '../../src/api/contract/recording-limits.ts';
import { waveNameParamsSchema } from '../../src/api/contract/wave.ts';
import { serverMessages } from '../../src/api/contract/envelope.ts';
import { failure, ok } from '../http/envelope.ts';
import { readMultipartForm, readsForms } from '../http/multipart-form.ts';
import { REQUEST_ID_HEADER } from '../http/request-id.ts';
import { createTusUploads } from '../http/tus-uploads.ts';
import { invalid, Refusal } from '../kernel/refusal.ts';
import type { Services } from '../services/container.ts';

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[UPLOAD_TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * Recording (docs/product/api.md "Recording calls"): POST /wave/newwave, GET /wave/uploadstatus/{wave_name} and the
 * multipart POST /uploadaudio/{wave_name}. Mounted under /api/v1.
 */
export const recordingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  await readsForms(app);
  app.post(
    '/wave/newwave',
    {
      schema: {
        tags: ['wave'],
        body: newWaveBodySchema,
        response: { 200: newWaveReplySchema },
      },
    },
    async (request) =>
      ok(await services.waveCreation.newWave(request.body, request.viewer, request.ip)),
  );

  app.get(
    '/wave/uploadstatus/:wave_name',
    {
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        response: { 200: uploadStatusReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(
        await services.uploadIntake.uploadStatus(
          request.params.wave_name,
          tokenOf(request),
          request.viewer,
        ),
      );
    },
  );

  app.post(
    '/uploadaudio/:wave_name',
    {
      schema: {
        tags: ['wave'],
        params: waveNameParamsSchema,
        response: { 200: uploadStatusReplySchema },
      },
    },
    async (request) => {
      // Who and whether first: a refused upload is never read.
      const wave = await services.uploadIntake.authorize(
        request.params.wave_name,
        tokenOf(request),
        request.viewer,
      );
      await services.uploadIntake.admitUpload(wave, { bytes: null });
      const form = await readMultipartForm(request, {
        tmpDir: services.uploadPaths.multipart,
        fileFields: ['recording'],
        defaultFileField: 'recording',
        maxFileBytes: MAX_UPLOAD_BYTES,
        tooLargeMessage: recordingMessages.tooLarge,
      }).catch(async (error: unknown) => {
        if (error instanceof Refusal && error.kind === 'too-large') {
          await services.uploadIntake.admitUpload(wave, { bytes: MAX_UPLOAD_BYTES + 1 });
        }
        throw error;
      });
      try {
        const file = form.files['recording'];
        if (!file) {
          throw invalid(recordingMessages.uploadFailed, {
            recording: recordingMessages.uploadFailed,
          });
        }
        services.metrics.uploadBytes('multipart', file.bytes);
        return ok(await services.uploadIntake.receiveFile(wave.id, file.path));
      } finally {
        await form.cleanup();
      }
    },
  );
};

/**
 * The tus endpoint at /api/v1/uploads. Its own plugin, so that request bodies of every
 * content type stay unread streams here (tus writes them to disk as they arrive) and nowhere
 * else.
 */
export const tusRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const tus = createTusUploads({
    intake: services.uploadIntake,
    uploads: services.resumableUploads,
    anonymousViewer: services.anonymousViewer,
    allowedOrigins: [services.config.publicUrl],
    log: app.log,
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    tus.callers.set(request.raw, {
      viewer: request.viewer,
      requestId: request.id,
      log: request.log,
    });
    // tus writes the reply itself: the headers Fastify would have added are set here.
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    reply.hijack();
    try {
      await tus.server.handle(request.raw, reply.raw);
    } catch (error) {
      // tus answers its own errors; this is a broken connection or a bug.
      request.log.error({ err: error }, 'tus request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({ ...failure(serverMessages.internalError), requestId: request.id }),
        );
      } else reply.raw.destroy();
    }
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'] as const;
  const relative = TUS_ENDPOINT.replace(/^\/api\/v1/, '');
  app.route({ method: [...methods], url: relative, schema: { hide: true }, handler: handle });
  app.route({
    method: [...methods],
    url: `${relative}/:upload_id`,
    schema: { hide: true },
    handler: handle,
  });
};

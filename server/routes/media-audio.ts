import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { waveMediaParamsSchema } from '../../src/api/contract/wave.ts';
import { failure } from '../http/envelope.ts';
import type { Services } from '../services/container.ts';

export type ByteRange = { start: number; end: number };

/**
 * One `Range` header against a file of `size` bytes (RFC 9110 §14): a range to send, the
 * whole file (no header, or one we ignore: several ranges, bad syntax), or unsatisfiable.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    // Suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Wave audio at its path (docs/product/api.md "Media") and the portrait video beside it, with
 * byte ranges (seeking, iOS playback), a strong ETag and a year of immutable caching: a wave's
 * audio never changes under its name, and a video rendered anew gets a new `?v=` in its URL.
 * Chat-group media only to members, and never in shared caches.
 */
export const mediaAudioRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  app.route({
    // HEAD is explicit: Fastify's generated HEAD route would read the whole file to drop it.
    method: ['GET', 'HEAD'],
    url: '/media/audio/:channel_id/:created_epoch_day/:wave_name/:file',
    schema: { hide: true, params: waveMediaParamsSchema },
    // Already compressed; compressing would also break byte ranges.
    compress: false,
    handler: async (request, reply) => {
      const { channel_id, created_epoch_day, wave_name, file } = request.params;
      const kind =
        file === `${channel_id}_${wave_name}.mp3`
          ? 'audio'
          : file === `${channel_id}_${wave_name}.mp4`
            ? 'video'
            : null;
      if (!kind) return reply.code(404).send(failure('not found'));
      const audio = await services.waves.media(
        { channel_id, created_epoch_day, wave_name },
        kind,
        request.viewer,
      );
      if (!audio) return reply.code(404).send(failure('not found'));

      const etag = `"${audio.size.toString(36)}-${audio.modifiedAt.toString(36)}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('last-modified', new Date(audio.modifiedAt).toUTCString())
        .header('cache-control', audio.isPrivate ? PRIVATE_IMMUTABLE : IMMUTABLE)
        .header('content-type', kind === 'audio' ? 'audio/mpeg' : 'video/mp4');
      if (audio.isPrivate) reply.header('vary', 'Cookie, Authorization');

      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
        return reply.code(304).send();
      }
      const ifRange = request.headers['if-range'];
      const rangeHeader = ifRange && ifRange !== etag ? undefined : request.headers.range;
      const range = parseRange(rangeHeader, audio.size);
      if (range === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${audio.size}`)
          .header('content-type', 'text/plain')
          .send('');
      }
      const isHead = request.method === 'HEAD';
      if (range === 'whole') {
        reply.code(200).header('content-length', audio.size);
        return isHead ? reply.send() : reply.send(audio.open());
      }
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${audio.size}`)
        .header('content-length', range.end - range.start + 1);
      return isHead ? reply.send() : reply.send(audio.open(range));
    },
  });
};

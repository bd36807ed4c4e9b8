import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WaveListItem, WaveMetadata } from '../../src/api/contract/wave.ts';
import { cardImageUrl, videoUrl } from '../../src/lib/media-urls.ts';
import { WAVE_VIDEO_BACKFILL_JOB } from '../../server/jobs/backfill-wave-videos.ts';
import { enqueueWaveVideo } from '../../server/jobs/render-wave-video.ts';
import { videoKey } from '../../server/media/media-keys.ts';
import { probeMedia } from '../helpers/media-probe.ts';
import { scratchFiles, speechWebm } from '../helpers/recording.ts';
import { createTestApp, describeEachDatabase, type TestApp } from '../helpers/test-app.ts';
import { createListener, insertChannel, publishWave, type Listener } from '../helpers/waves.ts';

/**
 * The portrait video of a published wave, end to end on a real app: queued with the
 * publication, rendered by the job (real ffmpeg, satori, resvg), served like the audio, shown
 * on list items, made again after an edit, deleted with the wave; and the card as a PNG.
 */
const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-video-job-'));
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

describeEachDatabase('portrait videos and card images', (dialect) => {
  let t: TestApp;
  let author: Listener;
  let wave: Awaited<ReturnType<typeof publishWave>>;

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const listItem = async (waveName: string, headers: Record<string, string> = {}) => {
    const reply = await get(`/api/v1/wave/wavelistpublicnewest/en?x=${Date.now()}`, headers);
    const items = (reply.json() as { data: WaveListItem[] }).data;
    return items.find((item) => item.wave_name === waveName);
  };
  const metadata = async (waveName: string, headers: Record<string, string> = {}) =>
    (
      (await get(`/api/v1/wave/metadata/${waveName}`, headers)).json() as {
        data: WaveMetadata[];
      }
    ).data[0]!;
  const videoFile = async (item: WaveListItem) => {
    const reply = await get(videoUrl(item));
    expect(reply.statusCode).toBe(200);
    const file = path.join(audioDir, `${item.wave_name}-${item.video_version}.mp4`);
    writeFileSync(file, reply.rawPayload);
    return { reply, file };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { WAVE_VIDEOS: 'true', JOBS_IN_PROCESS: 'false' } });
    author = await createListener(t, 'video-author', { displayname: 'Video Author' });
    wave = await publishWave(t, speechWebm(audioDir, 6), {
      userId: author.userId,
      channel: 'general',
      title: 'A video wave',
    });
  }, 60_000);
  afterAll(() => t.close());

  it('has no video until its job ran, then a playable portrait mp4 served like the audio', async () => {
    const before = await listItem(wave.wave_name);
    expect(before).toMatchObject({ has_video: false, video_version: null });
    expect((await get(videoUrl({ ...before!, video_version: null }))).statusCode).toBe(404);

    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);

    const item = (await listItem(wave.wave_name))!;
    expect(item.has_video).toBe(true);
    expect(item.video_version).toMatch(/^[\w-]{16}$/);
    const { reply, file } = await videoFile(item);
    expect(reply.headers['content-type']).toBe('video/mp4');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['accept-ranges']).toBe('bytes');
    expect(reply.headers['etag']).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);

    const { streams, format } = probeMedia(file);
    expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 1080,
      height: 1920,
    });
    expect(streams.find((stream) => stream.codec_type === 'audio')?.codec_name).toBe('aac');
    const audioSeconds = await (
      await t.services.ffmpeg()
    ).probeDurationSeconds(
      path.join(
        t.dataDir,
        'media',
        'audio',
        String(wave.channel_id),
        String(wave.created_epoch_day),
        wave.wave_name,
        `${wave.channel_id}_${wave.wave_name}.mp3`,
      ),
    );
    expect(Math.abs(Number(format.duration) - audioSeconds)).toBeLessThan(0.5);

    const range = await get(videoUrl(item), { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${reply.rawPayload.length}`);
    expect(range.rawPayload.equals(reply.rawPayload.subarray(0, 100))).toBe(true);
    const again = await get(videoUrl(item), { 'if-none-match': reply.headers['etag'] as string });
    expect(again.statusCode).toBe(304);

    // The card page's data: the waveform the video was drawn with, and the video's version.
    const meta = await metadata(wave.wave_name);
    expect(meta).toMatchObject({ has_video: true, video_version: item.video_version });
    expect(meta.waveform).toHaveLength(160);
    expect(Math.max(...meta.waveform!)).toBe(1);
  }, 120_000);

  it('does nothing more when the job runs again for the same content', async () => {
    const key = videoKey(wave);
    const before = await t.services.media.stat(key);
    const version = (await listItem(wave.wave_name))!.video_version;
    expect(await enqueueWaveVideo(t.services.jobs, wave.id, { published: true })).toBe(false);
    expect(await enqueueWaveVideo(t.services.jobs, wave.id, { editedAt: 1 })).toBe(true);
    await t.services.jobs.runDue();
    expect(await t.services.media.stat(key)).toEqual(before);
    expect((await listItem(wave.wave_name))!.video_version).toBe(version);
  }, 60_000);

  it('is made again, under a new version, after the title changed', async () => {
    const version = (await listItem(wave.wave_name))!.video_version;
    const edit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/metadata/${wave.wave_name}`,
      headers: author.auth,
      payload: { title: 'A renamed wave' },
    });
    expect(edit.statusCode).toBe(200);
    await t.services.jobs.runDue();
    const item = (await listItem(wave.wave_name))!;
    expect(item.video_version).not.toBe(version);
    expect(item.has_video).toBe(true);
  }, 120_000);

  it('serves the card as a PNG at each orientation, with a QR code of the wave’s page', async () => {
    const sizes = { portrait: [1080, 1920], landscape: [1920, 1080], square: [1080, 1080] };
    for (const [orientation, [width, height]] of Object.entries(sizes)) {
      const reply = await get(cardImageUrl(wave.wave_name, orientation as 'square'));
      expect(reply.statusCode, orientation).toBe(200);
      expect(reply.headers['content-type']).toBe('image/png');
      expect(reply.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      const info = await sharp(reply.rawPayload).metadata();
      expect([info.width, info.height], orientation).toEqual([width, height]);
    }
    const square = await get(cardImageUrl(wave.wave_name, 'square'));
    const odd = await get(`/media/card/${wave.wave_name}.png?orient=diagonal`);
    expect(odd.headers['etag']).toBe(square.headers['etag']);
    expect((await sharp(odd.rawPayload).metadata()).width).toBe(1080);
    expect(
      (
        await get(cardImageUrl(wave.wave_name, 'square'), {
          'if-none-match': square.headers['etag'] as string,
        })
      ).statusCode,
    ).toBe(304);

    const { data, info } = await sharp(square.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(qr?.data).toBe(`http://localhost:8080/u/${author.username}/${wave.wave_name}`);

    expect((await get('/media/card/nosuchwave.png')).statusCode).toBe(404);
    expect((await get('/media/card/bad name.png')).statusCode).toBe(400);
  }, 60_000);

  it('lets other sites frame the card page, and no other page', async () => {
    const card = await get(`/audiogramcard/${wave.wave_name}?orient=portrait`);
    expect(card.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(card.headers['x-frame-options']).toBeUndefined();
    const other = await get('/newest');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives a chat group’s video and card to its members only', async () => {
    const groupId = await insertChannel(t, 'video-club', { chatgroup: true });
    const member = await createListener(t, 'video-member');
    const outsider = await createListener(t, 'video-outsider');
    await t.db.kysely
      .insertInto('channel_members')
      .values({ channel_id: groupId, user_id: member.userId, member_since: t.clock.now() })
      .execute();
    const secret = await publishWave(t, speechWebm(audioDir, 3), {
      userId: member.userId,
      channelId: groupId,
      title: 'members only',
    });
    await t.services.jobs.runDue();
    const meta = await metadata(secret.wave_name, member.auth);
    expect(meta.has_video).toBe(true);
    const url = videoUrl(meta);

    for (const headers of [{}, outsider.auth]) {
      expect((await get(url, headers)).statusCode).toBe(404);
      expect((await get(cardImageUrl(secret.wave_name, 'portrait'), headers)).statusCode).toBe(404);
    }
    const video = await get(url, member.auth);
    expect(video.statusCode).toBe(200);
    expect(video.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const card = await get(cardImageUrl(secret.wave_name, 'portrait'), member.auth);
    expect(card.statusCode).toBe(200);
    expect(card.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
  }, 120_000);

  it('queues the videos of published waves that have none (the backfill)', async () => {
    await t.db.kysely
      .updateTable('waves')
      .set({ video_version: null, video_bytes: null })
      .where('id', '=', wave.id)
      .execute();
    await t.db.kysely.deleteFrom('jobs').where('dedupe_key', 'like', `video:${wave.id}%`).execute();
    await t.services.jobs.enqueue(WAVE_VIDEO_BACKFILL_JOB, {});
    await t.services.jobs.runDue();
    expect((await listItem(wave.wave_name))!.has_video).toBe(true);
  }, 120_000);

  it('deletes the video with its wave', async () => {
    const item = (await listItem(wave.wave_name))!;
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wave/delete/${wave.wave_name}`,
      headers: author.auth,
      payload: { confirm: 'delete' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.services.media.stat(videoKey(wave))).toBeNull();
    expect((await get(videoUrl(item))).statusCode).toBe(404);
    expect((await get(cardImageUrl(wave.wave_name, 'square'))).statusCode).toBe(404);
    // A job still queued for it finds nothing to do and leaves nothing behind.
    await enqueueWaveVideo(t.services.jobs, wave.id, { editedAt: 2 });
    await t.services.jobs.runDue();
    expect(await t.services.media.stat(videoKey(wave))).toBeNull();
    expect(scratchFiles(t.dataDir, 'video')).toEqual([]);
  }, 60_000);
});

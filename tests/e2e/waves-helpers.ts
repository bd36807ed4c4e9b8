import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { jobQueue } from '../../server/jobs/queue.ts';
import { enqueueWaveVideo } from '../../server/jobs/render-wave-video.ts';
import { requireFfmpeg } from '../../server/media/ffmpeg.ts';
import { diskMediaStorage } from '../../server/media/storage.ts';
import { systemClock } from '../../server/kernel/clock.ts';
import { wavePublisher } from '../../server/services/recording/wave-publisher.ts';
import { makeTone } from '../helpers/waves.ts';
import { e2eDataDir, type TestUser } from './accounts-helpers.ts';

export interface PublishedTestWave {
  waveName: string;
  title: string;
  duration: number;
}

/**
 * Publishes waves with real audio (ffmpeg tones) straight into the e2e server's database and
 * media folder, through the same publisher the upload pipeline uses. With `videos`, each
 * publication queues its portrait video as the server's own publisher does, and the e2e
 * server's worker renders it (other tests leave them out: they cost CPU).
 */
export async function publishWaves(
  user: TestUser,
  channelName: string,
  waves: { title: string; seconds: number; inReplyTo?: string; description?: string }[],
  options: { videos?: boolean } = {},
): Promise<PublishedTestWave[]> {
  const dataDir = e2eDataDir();
  const db = openDatabase({ dataDir });
  const work = mkdtempSync(path.join(tmpdir(), 'waves-e2e-audio-'));
  try {
    const channel = await db.kysely
      .selectFrom('channels')
      .select('id')
      .where('channel_name_lower', '=', channelName.toLowerCase())
      .executeTakeFirstOrThrow();
    const publisher = wavePublisher({
      db,
      storage: diskMediaStorage(path.join(dataDir, 'media')),
      ffmpeg: () => requireFfmpeg(),
      clock: systemClock,
      siteName: 'Waves',
      workDir: path.join(dataDir, 'tmp'),
      ...(options.videos
        ? {
            onPublishing: (trx: Kysely<Database>, waveId: number) =>
              enqueueWaveVideo(
                jobQueue({ db, clock: systemClock }),
                waveId,
                { published: true },
                trx,
              ),
          }
        : {}),
    });
    const published: PublishedTestWave[] = [];
    for (const [index, wave] of waves.entries()) {
      const created = await publisher.createWave({
        userId: user.userId,
        channelId: channel.id,
        title: wave.title,
        inReplyToWaveName: wave.inReplyTo,
      });
      if (wave.description !== undefined) {
        await db.kysely
          .updateTable('waves')
          .set({ description: wave.description })
          .where('id', '=', created.id)
          .execute();
      }
      const file = makeTone(work, `tone-${index}.mp3`, wave.seconds, 330 + index * 110);
      const result = await publisher.publishFromFile(created.id, file);
      published.push({ waveName: result.wave_name, title: wave.title, duration: result.duration });
    }
    return published;
  } finally {
    rmSync(work, { recursive: true, force: true });
    await db.close();
  }
}

/** A public channel of its own per test file, so lists do not mix between tests. */
export async function createChannel(name: string, language: 'en' | 'de' = 'en'): Promise<void> {
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    await db.kysely
      .insertInto('channels')
      .values({
        channel_name: name,
        channel_name_lower: name.toLowerCase(),
        description: `Test channel ${name}`,
        language_code_ui: language,
        channel_access_rule: 'PUBLIC',
        created_at: Date.now(),
      })
      .execute();
  } finally {
    await db.close();
  }
}

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { pngNamedMp3, sha256 } from '../helpers/recording.ts';
import { renderLavfi } from '../helpers/waves.ts';
import {
  createUser,
  e2eDataDir,
  signInAs,
  uniqueUsername,
  type TestUser,
} from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { goOffline, goOnline, waitForServiceWorker } from './network-helpers.ts';
import {
  playOnceListed,
  record,
  recorderButton,
  saveRecording,
  useSpeakingMicrophone,
} from './recorder-helpers.ts';
import { createChannel } from './waves-helpers.ts';

/**
 * Issue 6, end to end: the recorder in Chromium with a fake microphone that speaks (flite),
 * the persistent upload queue (tus) and the server's transcode-and-publish pipeline.
 */

const audioDir = path.join(e2eDataDir(), 'recording-e2e-audio');
mkdirSync(audioDir, { recursive: true });

useSpeakingMicrophone(
  'recording',
  'Hello, this is a voice message recorded on the go. Waves keeps every word.',
);

// Publication waits for the server's transcode job on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

const channel = `rec-${Date.now().toString(36).slice(-6)}`;
let channelId: number;
let author: TestUser;

async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

interface StoredWave {
  id: number;
  wave_name: string;
  user_id: number;
  status: string;
  duration: number;
  failure_reason: string | null;
  received_bytes: number | null;
  received_sha256: string | null;
}

/** The waves of the test channel with this title, as the server stores them. */
const wavesTitled = (title: string) =>
  withDb(
    (db) =>
      db.kysely
        .selectFrom('waves')
        .select([
          'id',
          'wave_name',
          'user_id',
          'status',
          'duration',
          'failure_reason',
          'received_bytes',
          'received_sha256',
        ])
        .where('channel_id', '=', channelId)
        .where('title', '=', title)
        .execute() as Promise<StoredWave[]>,
  );

/** Waits until the server's transcode job published the (one) wave with this title. */
async function publishedWave(title: string, timeout = 90_000): Promise<StoredWave> {
  await expect
    .poll(async () => (await wavesTitled(title)).map((wave) => wave.status), {
      timeout,
      intervals: [500, 1000],
    })
    .toEqual(['published']);
  const [wave] = await wavesTitled(title);
  return wave!;
}

test.beforeAll(async () => {
  await createChannel(channel);
  channelId = await withDb(async (db) => {
    const row = await db.kysely
      .selectFrom('channels')
      .select('id')
      .where('channel_name_lower', '=', channel.toLowerCase())
      .executeTakeFirstOrThrow();
    return row.id;
  });
  author = await createUser({ username: uniqueUsername('recorder') });
});

const recorderPath = () => `/recorder/${channelId}?backtopath=/c/${channel}`;

async function openRecorder(page: Page) {
  await page.goto(recorderPath());
  await expect(page.getByRole('heading', { name: `Record into /c/${channel}` })).toBeVisible();
}

const uploadsIndicator = (page: Page) => page.getByRole('complementary', { name: 'Uploads' });

/** The percent the queue indicator shows ("Uploading 42.17%"), or null when it shows none. */
async function shownPercent(page: Page): Promise<number | null> {
  const text = await uploadsIndicator(page)
    .getByRole('status')
    .textContent({ timeout: 1000 })
    .catch(() => null);
  const match = /^Uploading (\d{1,3}\.\d{2})%$/.exec(text?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** Limits the page's upload bandwidth (DevTools network emulation); returns the undo. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const conditions = (upload: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: upload,
    });
  await conditions(bytesPerSecond);
  return async () => {
    await conditions(-1);
    await cdp.detach();
  };
}

test('a 5 s recording is saved, its upload progress shows, and the wave is published in its channel and plays', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  await openRecorder(page);
  await record(page, 5);
  const title = 'Five seconds on the go';
  await page.getByLabel('Title (optional)').fill(title);

  // A slow uplink, so the progress can be watched.
  const unthrottle = await throttleUploads(page, 12 * 1024);
  await saveRecording(page, `/c/${channel}`);
  // A percent with two decimals, seen on its way (neither 0 nor 100).
  await expect
    .poll(
      async () => {
        const percent = await shownPercent(page);
        return percent !== null && percent > 0 && percent < 100;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
  await unthrottle();
  await expect(uploadsIndicator(page).getByRole('status')).toHaveText('Uploaded', {
    timeout: 30_000,
  });

  const wave = await publishedWave(title);
  expect(wave.user_id).toBe(author.userId);
  expect(wave.duration).toBeGreaterThanOrEqual(4);
  expect(wave.duration).toBeLessThanOrEqual(7);
  await playOnceListed(page, `/c/${channel}`, title, author.username);
});

test('a recording saved offline waits in the queue and uploads when the network returns', async ({
  page,
  context,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  await openRecorder(page);
  await waitForServiceWorker(page);
  await record(page, 3);
  const title = 'Saved without a network';
  await page.getByLabel('Title (optional)').fill(title);

  await goOffline(context);
  await recorderButton(page, 'Save').click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Saved on this device. It uploads as soon as you are online again.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/c/${channel}$`));
  await expect(uploadsIndicator(page).getByRole('status')).toHaveText('1 waiting for the network');
  // Nothing reached the server.
  expect(await wavesTitled(title)).toEqual([]);

  await goOnline(context);
  const wave = await publishedWave(title);
  expect(wave.user_id).toBe(author.userId);
  await expect(uploadsIndicator(page)).toHaveCount(0, { timeout: 30_000 });
});

test('a reload in the middle of an upload resumes from the server offset and publishes one wave with the same SHA-256', async ({
  page,
  context,
}) => {
  // Ten minutes of mono mp3 (a few MB): long enough to reload while it uploads.
  const file = path.join(audioDir, 'ten-minutes.mp3');
  if (!existsSync(file)) {
    renderLavfi(
      'sine=frequency=220:duration=600',
      ['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k'],
      file,
    );
  }
  const local = readFileSync(file);
  const title = 'Uploaded across a reload';

  const tusRequests: { method: string; offset: string | undefined }[] = [];
  const watchTus = (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/v1/uploads')) return;
    tusRequests.push({ method: request.method(), offset: request.headers()['upload-offset'] });
  };
  context.on('request', watchTus);

  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  await openRecorder(page);
  const chooser = page.waitForEvent('filechooser');
  await recorderButton(page, 'Upload a file').click();
  await (await chooser).setFiles(file);
  await expect(recorderButton(page, 'Save')).toBeEnabled({ timeout: 30_000 });
  await expect(page.locator('.recorder__time')).toHaveText('10:00');
  await page.getByLabel('Title (optional)').fill(title);

  const unthrottle = await throttleUploads(page, 150 * 1024);
  await recorderButton(page, 'Save').click();
  await expect(page).toHaveURL(new RegExp(`/c/${channel}$`));
  await expect
    .poll(() => shownPercent(page), { timeout: 60_000, intervals: [200] })
    .toBeGreaterThan(5);
  const beforeReload = (await shownPercent(page)) ?? 0;
  expect(beforeReload).toBeLessThan(100);
  const sentBeforeReload = tusRequests.length;
  await page.reload();

  // The queue picks the item up at start: it asks the server for its offset and goes on
  // from there instead of starting over.
  await expect
    .poll(() => tusRequests.slice(sentBeforeReload).find((request) => request.method === 'PATCH'), {
      timeout: 30_000,
    })
    .toBeTruthy();
  const resumed = tusRequests.slice(sentBeforeReload);
  expect(resumed[0]?.method).toBe('HEAD');
  const patch = resumed.find((request) => request.method === 'PATCH')!;
  expect(Number(patch.offset)).toBeGreaterThan(0);
  // The indicator goes on from there; it never starts over at 0.
  await expect
    .poll(() => shownPercent(page), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(beforeReload);
  await unthrottle();
  // Exactly one creation for the whole upload.
  expect(tusRequests.filter((request) => request.method === 'POST')).toHaveLength(1);

  const wave = await publishedWave(title, 120_000);
  expect(await wavesTitled(title)).toHaveLength(1);
  expect(wave.received_sha256).toBe(sha256(local));
  expect(Number(wave.received_bytes)).toBe(local.length);
  expect(wave.duration).toBeGreaterThanOrEqual(599);
  await expect(uploadsIndicator(page)).toHaveCount(0, { timeout: 30_000 });
  context.off('request', watchTus);
});

test('a guest solves the real captcha and the recording is published', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await openRecorder(page);
  await record(page, 3);
  const title = 'A guest speaks';
  await page.getByLabel('Title (optional)').fill(title);

  // Saving without the captcha gives the spec's check.
  await recorderButton(page, 'Save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'captcha required' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I’m not a robot' }).click();
  await expect(page.getByText('Verified')).toBeVisible({ timeout: 15_000 });
  await saveRecording(page, `/c/${channel}`);

  const wave = await publishedWave(title);
  const guest = await withDb((db) =>
    db.kysely
      .selectFrom('users')
      .select('username')
      .where('id', '=', wave.user_id)
      .executeTakeFirstOrThrow(),
  );
  await playOnceListed(page, `/c/${channel}`, title, guest.username);
});

test('a PNG named .mp3 chosen with "Upload a file" gets the spec’s metadata error and queues nothing', async ({
  page,
}) => {
  const file = pngNamedMp3(audioDir);
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  await openRecorder(page);
  const chooser = page.waitForEvent('filechooser');
  await recorderButton(page, 'Upload a file').click();
  await (await chooser).setFiles(file);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Unable to load the audio metadata. Please try a different file.' }),
  ).toBeVisible({ timeout: 20_000 });
  // Back to the start: nothing to save, nothing in the queue.
  await expect(recorderButton(page, 'Record')).toBeVisible();
  await expect(recorderButton(page, 'Save')).toHaveCount(0);
  await expect(uploadsIndicator(page)).toHaveCount(0);
});

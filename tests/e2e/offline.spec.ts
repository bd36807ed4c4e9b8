import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { makeTone } from '../helpers/waves.ts';
import { createUser, uniqueUsername } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { goOffline } from './network-helpers.ts';
import { createChannel, publishWaves, type PublishedTestWave } from './waves-helpers.ts';

test.describe.configure({ mode: 'serial' });

const channel = `offline-${Date.now().toString(36).slice(-6)}`;
let waves: PublishedTestWave[];

test.beforeAll(async () => {
  await createChannel(channel);
  const author = await createUser({ username: uniqueUsername('offline') });
  waves = await publishWaves(author, channel, [
    { title: 'Never played', seconds: 3 },
    { title: 'Played second', seconds: 8 },
    { title: 'Played first', seconds: 8 },
  ]);
});

async function controlledPage(page: Page) {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  await expect(page.locator('.wave-row').first()).toBeVisible();
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 15_000,
    })
    .then(() => true)
    .catch(() => false);
  if (!controlled) await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // A returning visitor: this visit's replies go through the worker and into its cache.
  await page.reload();
  await expect(page.locator('.wave-row').first()).toBeVisible();
}

const cachedAudio = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('waves-audio-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname.split('/')[5]);
  });

async function play(page: Page, title: string) {
  await page.getByRole('button', { name: new RegExp(`Play ${title}`) }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(title);
}

test('played waves replay offline from the cache with a seek to 50%; unplayed ones are marked unavailable', async ({
  page,
  context,
}) => {
  await controlledPage(page);
  await play(page, 'Played first');
  await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toContain(waves[2]!.waveName);
  await play(page, 'Played second');
  await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toContain(waves[1]!.waveName);
  await page.getByRole('button', { name: 'Stop' }).click();

  await goOffline(context);
  await page.reload();
  await expect(page.getByText('You are offline. This list was saved')).toBeVisible();
  await expect(page.locator('.wave-row')).toHaveCount(3);

  for (const wave of [waves[2]!, waves[1]!]) {
    await play(page, wave.title);
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 10_000 });
    const range = page.getByRole('slider', { name: 'Position' });
    const max = Number(await range.getAttribute('max'));
    await range.fill(String(Math.floor(max / 2)));
    await expect
      .poll(async () => Number(await range.inputValue()), { timeout: 5000 })
      .toBeGreaterThanOrEqual(Math.floor(max / 2));
    await expect(player).toHaveAttribute('data-status', 'playing');
    await page.getByRole('button', { name: 'Stop' }).click();
  }

  // A wave never played is marked, and does not pretend to play.
  const neverPlayed = page.locator(`#wave-${waves[0]!.waveName}`);
  await expect(neverPlayed).toContainText('Not available offline');
  await expect(page.locator(`#wave-${waves[2]!.waveName}`)).not.toContainText(
    'Not available offline',
  );
  await neverPlayed.getByRole('button', { name: /Play Never played/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This wave is not available offline.' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Player' })).not.toContainText('Never played');
});

test('eviction keeps the audio cache within its configured limits; a kept wave stays', async ({
  page,
}) => {
  await controlledPage(page);
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({
      type: 'CONFIGURE_AUDIO_CACHE',
      maxEntries: 1,
      maxBytes: 50 * 1024 * 1024,
    }),
  );
  await expect
    .poll(() => cachedAudio(page).then((keys) => keys.length), { timeout: 10_000 })
    .toBeLessThanOrEqual(1);
  await play(page, 'Never played');
  await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toEqual([waves[0]!.waveName]);

  // "Keep offline" pins a wave: it stays although the limit is one entry.
  await page
    .locator(`#wave-${waves[2]!.waveName}`)
    .getByRole('button', { name: 'Keep offline' })
    .click();
  await expect(
    page.locator(`#wave-${waves[2]!.waveName}`).getByRole('button', { name: 'Kept offline' }),
  ).toBeVisible({ timeout: 15_000 });
  await play(page, 'Played second');
  await expect
    .poll(() => cachedAudio(page).then((keys) => keys.sort()), { timeout: 15_000 })
    .toEqual([waves[1]!.waveName, waves[2]!.waveName].sort());
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({
      type: 'CONFIGURE_AUDIO_CACHE',
      maxEntries: 50,
      maxBytes: 200 * 1024 * 1024,
    }),
  );
});

test('Chrome reports no installability errors', async ({ baseURL }) => {
  // Installability is never granted to incognito profiles (Playwright's default contexts).
  const context = await chromium.launchPersistentContext(
    mkdtempSync(path.join(tmpdir(), 'waves-profile-')),
    {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
      baseURL,
      viewport: { width: 390, height: 844 },
    },
  );
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await controlledPage(page);
    // The app links the manifest once the first screen has been shown (src/lib/web-manifest-link.ts).
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.share_target.method).toBe('POST');
    expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual([
      '/recorder',
      '/newest',
    ]);
    expect(manifest.icons.some((icon: { purpose: string }) => icon.purpose === 'maskable')).toBe(
      true,
    );
  } finally {
    await context.close();
  }
});

test('an audio file shared to the app arrives in the recorder, ready to publish', async ({
  page,
}) => {
  await controlledPage(page);
  const file = makeTone(mkdtempSync(path.join(tmpdir(), 'waves-share-')), 'shared.mp3', 2);
  // What the system share sheet does: a multipart POST to the manifest's share_target action.
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'audio';
    input.id = 'shared-audio';
    form.append(input);
    document.body.append(form);
  });
  await page.setInputFiles('#shared-audio', file);
  await page.evaluate(() =>
    (document.getElementById('shared-audio')!.closest('form') as HTMLFormElement).submit(),
  );
  await expect(page).toHaveURL(/\/recorder\?shared=/);
  await expect(
    page.getByRole('heading', { name: 'Where do you want to publish the shared file?' }),
  ).toBeVisible();
  await page.getByRole('link', { name: `/c/${channel}` }).click();
  await expect(page).toHaveURL(/\/recorder\/\d+/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.recorder__time')).toHaveText('00:02');
});

import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { renderLavfi } from '../helpers/waves.ts';
import { e2eDataDir } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * Gives the file's browsers a fake microphone that speaks `text` (flite; Chromium loops the
 * file: 48 kHz, 16-bit PCM) and the permission to use it. Call at the top of a spec file.
 */
export function useSpeakingMicrophone(name: string, text: string) {
  const audioDir = path.join(e2eDataDir(), `${name}-e2e-audio`);
  mkdirSync(audioDir, { recursive: true });
  const microphoneWav = path.join(audioDir, 'microphone.wav');
  if (!existsSync(microphoneWav)) {
    renderLavfi(
      `flite=text='${text}':voice=slt`,
      ['-af', 'aresample=48000', '-ac', '1', '-c:a', 'pcm_s16le'],
      microphoneWav,
    );
  }
  test.use({
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...chromiumArgs,
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${microphoneWav}`,
      ],
    },
    permissions: ['microphone'],
  });
}

/** The recorder's own buttons (the player bar has a Stop and a Play of its own). */
export const recorderButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Recorder' }).getByRole('button', { name, exact: true });

/**
 * Records from the fake microphone until the recorder shows at least `seconds` elapsed, then
 * stops. "At least": on a loaded machine a poll can miss the one second the exact value shows.
 */
export async function record(page: Page, seconds: number) {
  await recorderButton(page, 'Record').click();
  await expect(recorderButton(page, 'Stop')).toBeVisible();
  const elapsedSeconds = async () => {
    const [minutes = 0, secs = 0] = ((await page.locator('.recorder__time').textContent()) ?? '')
      .split(':')
      .map(Number);
    return minutes * 60 + secs;
  };
  await expect
    .poll(elapsedSeconds, { timeout: seconds * 1000 + 15_000, intervals: [200] })
    .toBeGreaterThanOrEqual(seconds);
  await recorderButton(page, 'Stop').click();
  await expect(recorderButton(page, 'Save')).toBeEnabled({ timeout: 15_000 });
}

/** Reloads a list page until the wave's row is there, plays it and waits until time runs. */
export async function playOnceListed(
  page: Page,
  listPath: string,
  title: string,
  username: string,
) {
  const play = page.getByRole('button', { name: `Play ${title} by @${username}` });
  await expect(async () => {
    await page.goto(listPath);
    await expect(play).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await play.click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(title);
  await expect
    .poll(async () => (await page.locator('.player__time').first().textContent()) ?? '', {
      timeout: 15_000,
    })
    .not.toBe('00:00');
}

/** Saves the recording and waits until the recorder is back on `backPath`, saying it was saved. */
export async function saveRecording(page: Page, backPath: string) {
  await recorderButton(page, 'Save').click();
  await expect(page).toHaveURL(new RegExp(`${backPath}$`));
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Your wave was saved. It should appear within a few minutes.' }),
  ).toBeVisible();
}

import { chromium, devices } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { createUser, uniqueUsername } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { createChannel, publishWaves } from './waves-helpers.ts';

// The trace recorder's snapshots run in the page as a user gesture, which would let any media
// play: without it the page stays as untouched as a visitor's who has not tapped yet.
test.use({ trace: 'off' });

test('on a first visit, with the browser’s own autoplay rule, a wave without its video starts muted without a tap', async ({
  baseURL,
}) => {
  const channel = `tt-auto-${Date.now().toString(36).slice(-6)}`;
  await createChannel(channel);
  const author = await createUser({ username: uniqueUsername('autoplay') });
  const [wave] = await publishWaves(author, channel, [{ title: 'Only a card', seconds: 3 }]);

  // The suite's browser lets media play without a gesture; a phone's browser starts only muted
  // video elements before the visitor has touched the page.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs.filter((arg) => !arg.startsWith('--autoplay-policy')),
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], baseURL });
    const page = await context.newPage();
    await prepareVisitor(page, { language: 'en', consent: true });
    await page.goto(`/tiktalk?open=c.${channel}`);
    // Playwright's own calls into the page count as the visitor's gesture; the protocol's plain
    // evaluation does not.
    const cdp = await context.newCDPSession(page);
    const untouchedAndPlaying = async () => {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: `(() => {
          const media = document.querySelector('article[data-current] :is(audio, video)');
          return {
            touched: navigator.userActivation.hasBeenActive,
            playing: media !== null && !media.paused && media.currentTime > 0,
          };
        })()`,
        returnByValue: true,
      });
      return result.value as { touched: boolean; playing: boolean };
    };
    await expect
      .poll(untouchedAndPlaying, { timeout: 15_000 })
      .toEqual({ touched: false, playing: true });
    const current = page.locator('article[data-current]');
    await expect(current).toHaveAttribute('data-wave-name', wave!.waveName);
    await expect(current.locator('.tiktalk-card')).toContainText('Only a card');
    await expect(page.getByRole('button', { name: 'Tap for sound' })).toBeVisible();
    await expect(page.locator('.tiktalk-play')).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

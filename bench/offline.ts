// Offline and repeat-visit figures of the PWA, in one run against the real site:
// - offline warm start → first list paint (the service worker answers the shell and the list);
// - repeat-visit LCP as a ratio to a cold visit (target ≤ 0.4);
// - tap → audio for a cached wave, p50 (target ≤ 50 ms): tap → first sound (the beep) and
//   tap → the wave's own audio (currentTime > 0).
// Run: npx tsx bench/offline.ts [runs] [--port=4391] [--no-build | --dist=folder]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { median, option, startFirstScreenSite } from './support/site.ts';

const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 7);
const site = await startFirstScreenSite(Number(option('port', '4391')), '.tmp/dist-bench-offline');
const launch = (profile: string) =>
  chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    viewport: { width: 390, height: 844 },
  });

/** Records LCP, the first painted wave row, and when audio starts, from inside the page. */
async function instrument(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem('language_code_ui', 'en');
    localStorage.setItem('cookieConsent', 'accepted');
    const w = window as unknown as Record<string, unknown>;
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__lcp = entry.startTime;
        const element = (entry as LargestContentfulPaint).element;
        w.__lcpElement = element
          ? `${element.tagName.toLowerCase()}.${element.className.split(' ')[0]} in ${element.closest('li')?.id ?? 'the page'}`
          : '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector('.wave-row')) {
        requestAnimationFrame(() => (w.__firstRow = performance.now()));
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args: Parameters<typeof start>) {
      w.__firstSound ??= performance.now();
      this.addEventListener('ended', () => void (w.__beepEnd ??= performance.now()));
      return start.apply(this, args);
    };
    // No named function values in here: tsx (esbuild keepNames) would wrap them in a __name()
    // helper that does not exist inside the page.
    document.addEventListener('playing', () => void (w.__firstSound ??= performance.now()), true);
    // The tap, as the page sees it (Playwright's own checks before a click are not the user's).
    document.addEventListener('pointerdown', () => void (w.__tapAt = performance.now()), true);
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      this.addEventListener('playing', () => void (w.__firstSound ??= performance.now()), {
        once: true,
      });
      if (this.src.includes('/media/audio/')) {
        // Polled every millisecond: 'timeupdate' fires only about every 250 ms. (No named
        // function values here, see above.)
        const timer = setInterval(() => {
          if (this.currentTime > 0) {
            w.__waveAt ??= performance.now();
            clearInterval(timer);
          }
        }, 1);
      }
      return play.call(this);
    };
    const NativeAudio = window.Audio;
    const nodes: HTMLAudioElement[] = [];
    w.__audioNodes = nodes;
    window.Audio = function (src?: string) {
      const node = new NativeAudio(src);
      nodes.push(node);
      return node;
    } as unknown as typeof Audio;
  });
}

const read = (page: Page, key: string) =>
  page.evaluate((k) => (window as unknown as Record<string, number>)[k] ?? 0, key);

async function lcpOf(page: Page) {
  await page.waitForSelector('.wave-row');
  await page.waitForTimeout(300);
  return read(page, '__lcp');
}

const cold: number[] = [];
const repeat: number[] = [];
const offlineStart: number[] = [];
const tapToSound: number[] = [];
const tapToWave: number[] = [];
const beepToWave: number[] = [];

try {
  for (let run = 0; run < runs; run++) {
    console.error(`run ${run + 1}/${runs}`);
    const context = await launch(mkdtempSync(path.join(tmpdir(), 'waves-bench-profile-')));
    await instrument(context);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    await page.goto(`${site.origin}/newest`);
    cold.push(await lcpOf(page));
    const coldElement = await page.evaluate(
      () => (window as unknown as Record<string, string>).__lcpElement,
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Second visit: warm HTTP and worker caches.
    await page.reload();
    repeat.push(await lcpOf(page));
    const repeatElement = await page.evaluate(
      () => (window as unknown as Record<string, string>).__lcpElement,
    );
    console.error(
      `  LCP cold ${cold.at(-1)!.toFixed(0)} ms (${coldElement}), repeat ${repeat.at(-1)!.toFixed(0)} ms (${repeatElement}) → ${(repeat.at(-1)! / cold.at(-1)!).toFixed(2)}`,
    );

    // Play the first wave once online so it is cached whole, then measure taps offline.
    await page.locator('.wave-row__main').first().click();
    const cachedCount = () =>
      page.evaluate(async () => (await (await caches.open('waves-audio-v1')).keys()).length);
    for (let tries = 0; (await cachedCount()) === 0; tries++) {
      if (tries > 100) throw new Error('the played wave was not cached');
      await page.waitForTimeout(200);
    }
    const stop = page.getByRole('button', { name: 'Stop' });
    if (await stop.isEnabled()) await stop.click();

    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector('.wave-row');
    offlineStart.push(await read(page, '__firstRow'));

    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      (window as unknown as Record<string, unknown>).__firstSound = undefined;
      (window as unknown as Record<string, unknown>).__waveAt = undefined;
      (window as unknown as Record<string, unknown>).__beepEnd = undefined;
    });
    await page.locator('.wave-row__main').first().click();
    await page
      .waitForFunction(() =>
        ((window as unknown as { __audioNodes: HTMLAudioElement[] }).__audioNodes ?? []).some(
          (node) => node.src.includes('/media/audio/') && node.currentTime > 0,
        ),
      )
      .catch(async (error) => {
        const status = await page.locator('.player').getAttribute('data-status');
        throw new Error(`the cached wave did not start playing offline (player: ${status})`, {
          cause: error,
        });
      });
    await page.waitForFunction(
      () => (window as unknown as Record<string, unknown>).__waveAt !== undefined,
    );
    const waveAt = await read(page, '__waveAt');
    const tapAt = await read(page, '__tapAt');
    tapToSound.push((await read(page, '__firstSound')) - tapAt);
    tapToWave.push(waveAt - tapAt);
    const beepEnd = await read(page, '__beepEnd');
    if (beepEnd > 0) beepToWave.push(waveAt - beepEnd);
    await context.close();
  }
} finally {
  await site.stop();
}

const f = (ms: number) => `${ms.toFixed(0)} ms`;
console.log(
  `runs: ${runs} (phone viewport, Debian Chromium, loopback; the beep precedes the wave by design)`,
);
console.log(`offline warm start → first list paint: p50 ${f(median(offlineStart))}`);
const ratios = repeat.map((ms, index) => ms / cold[index]!);
console.log(
  `LCP cold p50 ${f(median(cold))}, repeat visit p50 ${f(median(repeat))} → ratio ${(median(repeat) / median(cold)).toFixed(2)} (target ≤ 0.40); per run ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`,
);
console.log(
  `tap → first sound (beep), cached wave, offline: p50 ${f(median(tapToSound))} (target ≤ 50 ms)`,
);
console.log(
  `tap → wave audio currentTime > 0, cached wave, offline: p50 ${f(median(tapToWave))}` +
    (beepToWave.length > 0 ? ` (of which after the beep ended: p50 ${f(median(beepToWave))})` : ''),
);

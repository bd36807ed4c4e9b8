// Offline and repeat-visit figures of the PWA, in one run against the real site:
// - first visit → play → offline (service-worker level) → reload: first list paint, p50, and
//   as a ratio to the cold (online) first list paint of the same runs;
// - offline warm start → first list paint (the service worker answers the shell and the list);
// - repeat-visit LCP as a ratio to a cold visit, per run (target ≤ 0.40 in every run);
// - tap → audio for a cached wave, p50 (target ≤ 50 ms): tap → first sound (the beep) and
//   tap → the wave's own audio (currentTime > 0);
// - bytes moved per first play of a long wave ÷ the mp3's size, counted by a proxy in front
//   of the server, on loopback and on a throttled network (target 1.00, ≤ 1.05).
// Run: npx tsx bench/offline.ts [runs] [--port=4391] [--no-build | --dist=folder]
//      [--long-seconds=300] [--throttle-kbps=1600]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { countingProxy } from '../tests/helpers/counting-proxy.ts';
import { median, option, publishLongWave, startFirstScreenSite } from './support/site.ts';

const runs = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 5);
const longSeconds = Number(option('long-seconds', '300'));
const throttleKbps = Number(option('throttle-kbps', '1600'));
const site = await startFirstScreenSite(Number(option('port', '4391')), '.tmp/dist-bench-offline');
const longWave = await publishLongWave(site.dataDir, 'A long wave for the bench', longSeconds);
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

/** When the first wave row was painted in this document (ms after its navigation began). */
async function firstRowPaint(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as Record<string, unknown>).__firstRow !== undefined,
  );
  return read(page, '__firstRow');
}

async function lcpOf(page: Page) {
  await page.waitForSelector('.wave-row');
  await page.waitForTimeout(300);
  return read(page, '__lcp');
}

const cold: number[] = [];
const coldFirstRow: number[] = [];
const repeat: number[] = [];
const firstVisitOffline: number[] = [];
const offlineStart: number[] = [];
const tapToSound: number[] = [];
const tapToWave: number[] = [];
const beepToWave: number[] = [];

async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/*');
  await context.setOffline(false);
}

const cachedAudio = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('waves-audio-v1')).keys()).map((request) => request.url),
  );

async function waitUntilCached(page: Page, part: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await cachedAudio(page)).some((url) => url.includes(part))) {
    if (Date.now() > deadline) throw new Error(`the played wave (${part}) was not cached`);
    await page.waitForTimeout(200);
  }
}

/**
 * The first play of the long wave on a fresh profile, through a counting proxy: the bytes the
 * proxy moved for audio until the wave is cached whole, ÷ the cached file's size.
 */
async function bytesPerFirstPlay(bytesPerSecond: number | null) {
  const proxy = await countingProxy(site.origin, bytesPerSecond);
  const context = await launch(mkdtempSync(path.join(tmpdir(), 'waves-bench-bytes-')));
  try {
    await context.addInitScript(() => {
      localStorage.setItem('language_code_ui', 'de');
      localStorage.setItem('cookieConsent', 'accepted');
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    await page.goto(`${proxy.origin}/c/${longWave.channel}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page
      .getByRole('button', { name: new RegExp(longWave.title) })
      .first()
      .click();
    await page.waitForFunction(
      () => document.querySelector('.player')?.getAttribute('data-status') === 'playing',
    );
    await waitUntilCached(page, longWave.waveName, 300_000);
    const size = await page.evaluate(async (name) => {
      const cache = await caches.open('waves-audio-v1');
      const key = (await cache.keys()).find((request) => request.url.includes(name))!;
      return (await (await cache.match(key))!.blob()).size;
    }, longWave.waveName);
    return { size, bytes: proxy.counted.audioBytes, requests: proxy.counted.audioRequests };
  } finally {
    await context.close();
    await proxy.close();
  }
}

let bytesFast: Awaited<ReturnType<typeof bytesPerFirstPlay>> | undefined;
let bytesSlow: typeof bytesFast;

try {
  for (let run = 0; run < runs; run++) {
    console.error(`run ${run + 1}/${runs}`);
    const context = await launch(mkdtempSync(path.join(tmpdir(), 'waves-bench-profile-')));
    await instrument(context);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    // First visit: cold, online.
    await page.goto(`${site.origin}/newest`);
    cold.push(await lcpOf(page));
    coldFirstRow.push(await firstRowPaint(page));
    const coldElement = await page.evaluate(
      () => (window as unknown as Record<string, string>).__lcpElement,
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Still the first visit: play the first wave once so it is cached whole, then cut the
    // network at the service-worker level and reload.
    await page.locator('.wave-row__main').first().click();
    await waitUntilCached(page, '/media/audio/', 20_000);
    const stop = page.getByRole('button', { name: 'Stop' });
    if (await stop.isEnabled()) await stop.click();
    await goOffline(context);
    await page.reload({ waitUntil: 'domcontentloaded' });
    firstVisitOffline.push(await firstRowPaint(page));
    await goOnline(context);

    // Second visit online: warm HTTP and worker caches, saved queries.
    await page.reload();
    repeat.push(await lcpOf(page));
    const repeatElement = await page.evaluate(
      () => (window as unknown as Record<string, string>).__lcpElement,
    );
    const ratio = repeat.at(-1)! / cold.at(-1)!;
    console.error(
      `  LCP cold ${cold.at(-1)!.toFixed(0)} ms (${coldElement}), repeat ${repeat.at(-1)!.toFixed(0)} ms (${repeatElement}) → ${ratio.toFixed(2)}; first visit, offline reload → first row ${firstVisitOffline.at(-1)!.toFixed(0)} ms`,
    );

    // Offline again: a warm start, then taps on the cached wave.
    await goOffline(context);
    await page.reload({ waitUntil: 'domcontentloaded' });
    offlineStart.push(await firstRowPaint(page));
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
  // After the page runs (one long download at a time): loopback, then a throttled network.
  bytesFast = await bytesPerFirstPlay(null);
  bytesSlow = await bytesPerFirstPlay((throttleKbps * 1000) / 8);
} finally {
  await site.stop();
}

const f = (ms: number) => `${ms.toFixed(0)} ms`;
console.log(
  `runs: ${runs} (phone viewport, Debian Chromium, loopback; the beep precedes the wave by design)`,
);
console.log(
  `first visit → play → offline → reload → first list paint: p50 ${f(median(firstVisitOffline))} (cold online first list paint p50 ${f(median(coldFirstRow))} → ratio ${(median(firstVisitOffline) / median(coldFirstRow)).toFixed(2)})`,
);
console.log(`offline warm start → first list paint: p50 ${f(median(offlineStart))}`);
const ratios = repeat.map((ms, index) => ms / cold[index]!);
console.log(
  `LCP cold p50 ${f(median(cold))}, repeat visit p50 ${f(median(repeat))} → ratio ${(median(repeat) / median(cold)).toFixed(2)} (target ≤ 0.40 in every run)`,
);
ratios.forEach((ratio, index) =>
  console.log(
    `  run ${index + 1}: repeat ${f(repeat[index]!)} ÷ cold ${f(cold[index]!)} = ${ratio.toFixed(2)} ${ratio <= 0.4 ? '≤ 0.40 ✓' : '> 0.40 ✗'}`,
  ),
);
console.log(
  `repeat-visit LCP ≤ 0.40 × cold in ${ratios.filter((ratio) => ratio <= 0.4).length} of ${ratios.length} runs`,
);
console.log(
  `tap → first sound (beep), cached wave, offline: p50 ${f(median(tapToSound))} (target ≤ 50 ms)`,
);
console.log(
  `tap → wave audio currentTime > 0, cached wave, offline: p50 ${f(median(tapToWave))}` +
    (beepToWave.length > 0 ? ` (of which after the beep ended: p50 ${f(median(beepToWave))})` : ''),
);
for (const [label, figures] of [
  ['loopback', bytesFast],
  [`throttled to ${throttleKbps} kbit/s`, bytesSlow],
] as const) {
  if (!figures) continue;
  const ratio = figures.bytes / figures.size;
  console.log(
    `bytes per first play of a ${longSeconds}-s wave (${figures.size} bytes), ${label}: ${ratio.toFixed(3)} × the mp3 over ${figures.requests} request(s) (target 1.00, ≤ 1.05)`,
  );
}

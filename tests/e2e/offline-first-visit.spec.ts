import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { createUser, signInAs, uniqueUsername, type TestUser } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { goOffline } from './network-helpers.ts';
import { createChannel, publishWaves, type PublishedTestWave } from './waves-helpers.ts';
import { countingProxy } from '../helpers/counting-proxy.ts';

/**
 * Offline from the very first visit (docs/architecture.md "Service worker caches" (First visit),
 * "Private replies"): the network is cut at the service-worker level (route interception sees the
 * worker's own fetches, see playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' });

const channel = `first-${Date.now().toString(36).slice(-6)}`;
let waves: PublishedTestWave[];
let author: TestUser;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await createChannel(channel);
  author = await createUser({ username: uniqueUsername('firstv') });
  waves = await publishWaves(author, channel, [
    { title: 'Long wave', seconds: 240 },
    { title: 'Second wave', seconds: 6 },
    { title: 'First wave', seconds: 6 },
  ]);
});

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

const cachedAudio = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('waves-audio-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname.split('/')[5]);
  });

/** Every cached URL whose path contains `part`, in every cache of the origin. */
const cachedUrls = (page: Page, part: string) =>
  page.evaluate(async (needle) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (request.url.includes(needle)) found.push(`${name} ${new URL(request.url).pathname}`);
      }
    }
    return found;
  }, part);

async function play(page: Page, title: string) {
  await page.getByRole('button', { name: new RegExp(`Play ${title}`) }).click();
  await expect(page.getByRole('region', { name: 'Player' })).toContainText(title);
}

async function playsAndSeeks(page: Page, title: string) {
  await play(page, title);
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

test('first visit, no reload: after two plays and a cut network, a reload shows the list and both waves play and seek', async ({
  page,
  context,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  await expect(page.locator('.wave-row')).toHaveCount(3);
  // The list was fetched before the worker controlled the page; once it does, it is cached.
  await controlled(page);
  await expect
    .poll(() => cachedUrls(page, `/wave/wavelistpublicbychannelname/${channel}`), {
      timeout: 15_000,
    })
    .not.toEqual([]);

  await play(page, 'First wave');
  await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toContain(waves[2]!.waveName);
  await play(page, 'Second wave');
  await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toContain(waves[1]!.waveName);
  await page.getByRole('button', { name: 'Stop' }).click();

  await goOffline(context);
  await page.reload();
  await expect(page.locator('.wave-row')).toHaveCount(3);
  await playsAndSeeks(page, 'First wave');
  await playsAndSeeks(page, 'Second wave');
});

test('a cold start with no network opens /saved: kept waves first, then the played ones; they play and autoplay', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const profile = mkdtempSync(path.join(tmpdir(), 'waves-saved-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
      baseURL,
      viewport: { width: 390, height: 844 },
    });
  const online = await launch();
  try {
    const page = online.pages()[0] ?? (await online.newPage());
    await prepareVisitor(page, { language: 'en', consent: true });
    await page.goto(`/c/${channel}`);
    await controlled(page);
    // The list's last wave last, so autoplay has nothing to add after it.
    await play(page, 'Second wave');
    await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toContain(waves[1]!.waveName);
    await play(page, 'First wave');
    await expect.poll(() => cachedAudio(page), { timeout: 15_000 }).toContain(waves[2]!.waveName);
    await page.getByRole('button', { name: 'Stop' }).click();
    await page
      .locator(`#wave-${waves[0]!.waveName}`)
      .getByRole('button', { name: 'Keep offline' })
      .click();
    await expect.poll(() => cachedAudio(page), { timeout: 30_000 }).toContain(waves[0]!.waveName);
  } finally {
    await online.close();
  }

  // A new start of the browser with no network at all: only the device answers.
  const offline = await launch();
  try {
    await offline.route('**/*', (route) => route.abort('internetdisconnected'));
    await offline.setOffline(true);
    const page = offline.pages()[0] ?? (await offline.newPage());
    await page.goto('/saved');
    const rows = page.locator('.saved__row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Long wave');
    await expect(rows.nth(0)).toContainText('Kept offline');
    // Then the played ones, most recent first (which one that is depends on autoplay).
    const second = (await rows.nth(1).locator('.saved__title').textContent())!;
    const third = (await rows.nth(2).locator('.saved__title').textContent())!;
    expect([second, third].sort()).toEqual(['First wave', 'Second wave']);
    await expect(rows.nth(1)).toContainText(author.username);
    await expect(rows.nth(1)).toContainText(`/c/${channel}`);
    await expect(rows.nth(1)).toContainText('00:06');
    await expect(page.getByText(/used of .* available to this site/)).toBeVisible();

    // Played from the Saved list, the next saved wave follows on its own.
    await rows
      .nth(1)
      .getByRole('button', { name: `Play ${second}` })
      .click();
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 10_000 });
    await expect(player).toContainText(third, { timeout: 20_000 });

    // Remove one, then all.
    // (Rows may have moved: playing makes a wave the most recent.)
    await page.getByRole('button', { name: `Remove ${third} from this device` }).click();
    await expect(rows).toHaveCount(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Remove all from this device' }).click();
    await expect(page.getByText('No waves are saved on this device yet.')).toBeVisible();
    expect(await cachedAudio(page)).toEqual([]);
  } finally {
    await offline.close();
  }
});

test('bytes moved by the first play of a long wave on a slow network stay within 1.05 × the mp3', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  // About 400 KB/s for audio, in 16 KB steps.
  const proxy = await countingProxy(baseURL!, 400 * 1024);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({
      baseURL: proxy.origin,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await prepareVisitor(page, { language: 'en', consent: true });
    await page.goto(`/c/${channel}`);
    await controlled(page);
    await play(page, 'Long wave');
    await expect(page.getByRole('region', { name: 'Player' })).toHaveAttribute(
      'data-status',
      'playing',
      { timeout: 20_000 },
    );
    await expect
      .poll(() => cachedAudio(page), { timeout: 90_000, intervals: [1000] })
      .toContain(waves[0]!.waveName);
    const size = await page.evaluate(async (name) => {
      const cache = await caches.open('waves-audio-v1');
      const key = (await cache.keys()).find((request) => request.url.includes(name))!;
      return (await (await cache.match(key))!.blob()).size;
    }, waves[0]!.waveName);
    const ratio = proxy.counted.audioBytes / size;
    console.log(
      `first play of a ${waves[0]!.duration}-second wave (${size} bytes): ${ratio.toFixed(3)} × the mp3 over ${proxy.counted.audioRequests} request(s)`,
    );
    expect(size).toBeGreaterThan(500_000);
    expect(ratio).toBeLessThanOrEqual(1.05);
    await context.close();
  } finally {
    await browser.close();
    await proxy.close();
  }
});

test('after sign-out, offline, nothing private of the previous account is served or kept', async ({
  page,
  context,
}) => {
  const listener = await createUser({ username: uniqueUsername('private') });
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, listener, undefined, { firstLoadOnly: true });
  await page.goto(`/c/${channel}`);
  await expect(page.locator('.wave-row')).toHaveCount(3);
  await controlled(page);
  await page.goto('/following');
  // The account's own replies are on the device while it is signed in.
  // (Restored from the saved queries, /user/me may not be asked again: ask for it through the
  // worker, as the app does when it goes stale.)
  await expect
    .poll(
      async () => {
        await page.evaluate(() =>
          fetch('/api/v1/user/me', { credentials: 'include' }).catch(() => undefined),
        );
        return cachedUrls(page, '/user/me');
      },
      { timeout: 15_000 },
    )
    .not.toEqual([]);
  await expect
    .poll(() => cachedUrls(page, `/wavelistpublicfollowing/${listener.userId}`), {
      timeout: 15_000,
    })
    .not.toEqual([]);

  await page.goto('/signout');
  await expect(page).toHaveURL(/\/newest$/);
  await goOffline(context);
  await page.reload();

  expect(await cachedUrls(page, `/wavelistpublicfollowing/${listener.userId}`)).toEqual([]);
  // Asked offline, the worker answers nothing of the account (the anonymous visitor's own
  // `/user/me`, the guest, may be there).
  const served = await page.evaluate(
    async ({ paths, needle }) => {
      const bodies: string[] = [];
      for (const path of paths) {
        try {
          const response = await fetch(path, { credentials: 'include' });
          const text = await response.text();
          if (text.includes(needle)) bodies.push(`${path} ${response.status} ${text}`);
        } catch {
          // Not served.
        }
      }
      return bodies;
    },
    {
      paths: ['/api/v1/user/me', `/api/v1/wave/wavelistpublicfollowing/${listener.userId}`],
      needle: listener.username,
    },
  );
  expect(served).toEqual([]);
  // No stored reply anywhere names the account.
  const mentions = await page.evaluate(async (needle) => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        if (response && type.includes('json') && (await response.text()).includes(needle)) {
          found.push(request.url);
        }
      }
    }
    return found;
  }, listener.username);
  expect(mentions).toEqual([]);
});

/** The saved query cache (docs/architecture.md "Persisted queries"), read from IndexedDB. */
const persistedQueries = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ owner: string; keys: string[]; text: string; newestTitles: string[] } | null>(
        (resolve, reject) => {
          /** The titles of the waves in a saved query, in order. */
          const titlesIn = (value: unknown) => {
            const titles: string[] = [];
            const walk = (item: unknown) => {
              if (Array.isArray(item)) item.forEach(walk);
              else if (item && typeof item === 'object') {
                const record = item as Record<string, unknown>;
                if (typeof record.wave_name === 'string') titles.push(String(record.title ?? ''));
                else Object.values(record).forEach(walk);
              }
            };
            walk(value);
            return titles;
          };
          const open = indexedDB.open('waves-queries');
          open.onupgradeneeded = () => open.result.createObjectStore('cache');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result
              .transaction('cache', 'readonly')
              .objectStore('cache')
              .get('waves-query-cache');
            read.onerror = () => reject(read.error);
            read.onsuccess = () => {
              const stored = read.result as
                | {
                    owner: string;
                    client: { clientState: { queries: { queryKey: unknown[] }[] } };
                  }
                | undefined;
              open.result.close();
              resolve(
                stored
                  ? {
                      owner: stored.owner,
                      keys: stored.client.clientState.queries.map((query) =>
                        query.queryKey.join(' '),
                      ),
                      text: JSON.stringify(stored),
                      newestTitles: titlesIn(
                        stored.client.clientState.queries.find(
                          (query) => query.queryKey.join(' ') === 'waves list newest:en',
                        ),
                      ),
                    }
                  : null,
              );
            };
          };
        },
      ),
  );

/** The titles of the list's rows as shown, in order (without the duration and the badges). */
const rowTitles = (page: Page) =>
  page.locator('.wave-row__title').evaluateAll((titles) =>
    titles.map((title) =>
      Array.from(title.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent)
        .join('')
        .trim(),
    ),
  );

/** Every API request from now on waits forever (the page's and the worker's); returns them. */
async function hangTheApi(context: BrowserContext) {
  const held: Route[] = [];
  await context.route('**/api/v1/**', (route) => void held.push(route));
  return {
    held,
    release: async () => {
      await context.unroute('**/api/v1/**');
      for (const route of held) await route.abort('internetdisconnected').catch(() => undefined);
    },
  };
}

/** Without the worker's stored replies, only the persisted queries can paint a list. */
const emptyTheWorkersApiCaches = (page: Page) =>
  page.evaluate(async () => {
    await caches.delete('waves-api-v1');
    await caches.delete('waves-private-v1');
  });

test('Persisted queries: an offline reload paints the list before any network attempt finishes', async ({
  page,
  context,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto('/newest');
  await expect(page.locator('.wave-row').first()).toBeVisible();
  await controlled(page);
  // Other tests publish meanwhile: what counts is the list as it was saved.
  await expect
    .poll(async () => (await persistedQueries(page))?.newestTitles.length ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  const titles = (await persistedQueries(page))!.newestTitles;

  const api = await hangTheApi(context);
  try {
    await emptyTheWorkersApiCaches(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(page.locator('.wave-row').first()).toBeVisible();
    // The list's request has gone out and has not finished: the rows came from the device.
    const listRequest = (url: string) => url.includes('/wave/wavelistpublicnewest/en');
    expect(api.held.some((route) => listRequest(route.request().url()))).toBe(true);
    const finished = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(finished.filter(listRequest)).toEqual([]);
    // Server-ordered as it was saved (rows below the screen render a moment later).
    await expect.poll(() => rowTitles(page)).toEqual(titles);
  } finally {
    await api.release();
  }
});

test("Persisted queries: another account's saved queries are not painted after an account change", async ({
  page,
  context,
}) => {
  const first = await createUser({ username: uniqueUsername('persistA') });
  const second = await createUser({ username: uniqueUsername('persistB') });
  await prepareVisitor(page, { language: 'en', consent: true });
  const token = await signInAs(page, first, undefined, { firstLoadOnly: true });
  await page.goto('/newest');
  await expect(page.locator('.wave-row').first()).toBeVisible();
  await controlled(page);
  await expect
    .poll(async () => (await persistedQueries(page))?.owner, { timeout: 15_000 })
    .toBe(`user:${first.userId}`);

  // The device is now signed in as someone else (as another tab's sign-in leaves it), and the
  // network hangs: the first account's saved lists must not be painted.
  await page.evaluate((user) => {
    localStorage.setItem(
      'user',
      JSON.stringify({ json_web_token: 'another', user_id: user.userId, username: user.username }),
    );
    localStorage.setItem('signedIn_user_id', String(user.userId));
    localStorage.setItem('signedIn_username', user.username);
  }, second);
  const api = await hangTheApi(context);
  try {
    await emptyTheWorkersApiCaches(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect
      .poll(() => api.held.some((route) => route.request().url().includes('/wave/wavelist')))
      .toBe(true);
    // What a restore would have painted by now (it paints before the network answers).
    await page.waitForTimeout(2000);
    await expect(page.locator('.wave-row')).toHaveCount(0);
    await expect(page.getByText(first.username)).toHaveCount(0);
  } finally {
    await api.release();
  }

  // Back to the first account, then signed out: its saved queries are gone from the device.
  await page.evaluate(
    ({ user, token }) => {
      localStorage.setItem(
        'user',
        JSON.stringify({ json_web_token: token, user_id: user.userId, username: user.username }),
      );
      localStorage.setItem('signedIn_user_id', String(user.userId));
      localStorage.setItem('signedIn_username', user.username);
    },
    { user: first, token },
  );
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/newest$/);
  await expect(page.locator('.wave-row').first()).toBeVisible();
  await expect
    .poll(async () => (await persistedQueries(page))?.owner ?? 'nothing saved', {
      timeout: 15_000,
    })
    .not.toBe(`user:${first.userId}`);
  const saved = await persistedQueries(page);
  expect(saved?.text ?? '').not.toContain(first.username);
  expect(saved?.text ?? '').not.toContain(`user:${first.userId}`);
});

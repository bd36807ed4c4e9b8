import { devices, type Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import {
  createUser,
  e2eDataDir,
  signInAs,
  uniqueUsername,
  type TestUser,
} from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { createChannel, publishWaves, type PublishedTestWave } from './waves-helpers.ts';

test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-6);
const channel = `tt-${suffix}`;
const emptyChannel = `tt-empty-${suffix}`;
let author: TestUser;
let viewer: TestUser;
/** Newest first, as the channel lists them. */
let listed: PublishedTestWave[];
let threadHead: PublishedTestWave;
let reply: PublishedTestWave;

test.beforeAll(async () => {
  await createChannel(channel);
  await createChannel(emptyChannel);
  author = await createUser({ username: uniqueUsername('creator') });
  viewer = await createUser({ username: uniqueUsername('watcher') });
  threadHead = (await publishWaves(author, channel, [{ title: 'Wave 14', seconds: 3 }]))[0]!;
  reply = (
    await publishWaves(viewer, channel, [
      { title: 'A reply to wave 14', seconds: 3, inReplyTo: threadHead.waveName },
    ])
  )[0]!;
  // Published oldest first: the list shows Wave 1 on top.
  const heads = await publishWaves(
    author,
    channel,
    Array.from({ length: 13 }, (_, i) => ({ title: `Wave ${13 - i}`, seconds: 3 })),
  );
  listed = [...heads.reverse(), reply, threadHead];
});

const feedOf = (name: string) => `/tiktalk?open=c.${name}`;
const current = (page: Page) => page.locator('article[data-current]');
const currentMedia = (page: Page) => current(page).locator('audio, video');
const playing = (page: Page) =>
  currentMedia(page).evaluate((media: HTMLMediaElement) => !media.paused && media.currentTime > 0);

async function expectCurrent(page: Page, index: number) {
  await expect(current(page)).toHaveAttribute('data-wave-name', listed[index]!.waveName);
  await expect.poll(() => playing(page), { timeout: 10_000 }).toBe(true);
}

/** A finger drag through the Chrome DevTools protocol (Playwright has taps, not swipes). */
async function swipe(page: Page, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  const x = 160;
  const y = 420;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x, y: y + (dy * step) / 6 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A tap at a fraction of the feed's height, away from the controls on the right. */
async function tapAt(page: Page, fraction: number) {
  const box = (await page.locator('.tiktalk__viewport').boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.4, box.y + box.height * fraction);
}

test('starts muted with "Tap for sound"; swipes and the tap areas move by one', async ({
  visitor: page,
}) => {
  await page.goto(feedOf(channel));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${channel}`);
  await expectCurrent(page, 0);
  expect(await currentMedia(page).evaluate((media: HTMLMediaElement) => media.muted)).toBe(true);
  const hint = page.getByRole('button', { name: 'Tap for sound' });
  await expect(hint).toBeVisible();

  await swipe(page, -200);
  await expectCurrent(page, 1);
  await swipe(page, 200);
  await expectCurrent(page, 0);
  // Shorter than the threshold: the feed stays where it is.
  await swipe(page, -30);
  await page.waitForTimeout(400);
  await expect(current(page)).toHaveAttribute('data-wave-name', listed[0]!.waveName);
  // At the start there is nothing before.
  await swipe(page, 200);
  await expect(current(page)).toHaveAttribute('data-wave-name', listed[0]!.waveName);

  // The first tap turns the sound on for the visit and moves nothing.
  await tapAt(page, 0.7);
  await expect(hint).toHaveCount(0);
  expect(await currentMedia(page).evaluate((media: HTMLMediaElement) => media.muted)).toBe(false);
  await expect(current(page)).toHaveAttribute('data-wave-name', listed[0]!.waveName);

  await tapAt(page, 0.7);
  await expectCurrent(page, 1);
  await tapAt(page, 0.8);
  await expectCurrent(page, 2);
  await tapAt(page, 0.15);
  await expectCurrent(page, 1);
  // Sound stays on for the next wave.
  expect(await currentMedia(page).evaluate((media: HTMLMediaElement) => media.muted)).toBe(false);
});

test('the preload window holds two ahead and two behind; the next page comes by its cursor', async ({
  visitor: page,
}) => {
  const firstPage = page.waitForResponse((response) =>
    response.url().includes(`/wavelistpublicbychannelname/${channel}`),
  );
  await page.goto(feedOf(channel));
  const firstData = (await (await firstPage).json()) as { data: { cursor: string }[] };
  expect(firstData.data).toHaveLength(10);
  await expectCurrent(page, 0);
  const windowNames = () =>
    page
      .locator('article.tiktalk-item')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-wave-name')));
  expect(await windowNames()).toEqual(listed.slice(0, 3).map((wave) => wave.waveName));

  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
  await expectCurrent(page, 3);
  // The window follows the wave on screen once the page is idle.
  await expect.poll(windowNames).toEqual(listed.slice(1, 6).map((wave) => wave.waveName));
  await expect(page.locator('audio, video')).toHaveCount(5);
  // The neighbours are loaded, rewound and waiting; only the current one plays.
  await expect
    .poll(() =>
      page
        .locator('article.tiktalk-item:not([data-current]) :is(audio, video)')
        .evaluateAll((media) =>
          (media as HTMLMediaElement[]).every(
            (element) => element.paused && element.currentTime === 0 && element.readyState >= 2,
          ),
        ),
    )
    .toBe(true);

  // Within three of the end of the first ten, the next page is asked for with its cursor.
  const nextPage = page.waitForRequest((request) =>
    request.url().includes(`/wavelistpublicbychannelname/${channel}?after=`),
  );
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
  const url = new URL((await nextPage).url());
  expect(url.searchParams.get('after')).toBe(firstData.data[9]!.cursor);
  expect(url.searchParams.get('limit')).toBe('10');
  await expect(current(page)).toHaveAttribute('aria-label', / 7 of 15$/);
});

test('a wave with its portrait video plays the video; one without shows its card with the audio', async ({
  visitor: page,
  request,
}) => {
  // The render is background work on a machine that also runs two browsers: the poll below may
  // take most of its 90 s, and the test must outlast it.
  test.setTimeout(150_000);
  const videoChannel = `tt-video-${suffix}`;
  await createChannel(videoChannel);
  // Someone else than the author the other tests follow, so their feeds stay as they are.
  const maker = await createUser({ username: uniqueUsername('maker') });
  // Published first: the list shows the video wave on top.
  const [plain] = await publishWaves(maker, videoChannel, [{ title: 'No video yet', seconds: 2 }]);
  const [withVideo] = await publishWaves(
    maker,
    videoChannel,
    [{ title: 'Has a video', seconds: 3 }],
    { videos: true },
  );
  // The server's worker renders the video in the background.
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/api/v1/wave/wavelistpublicbychannelname/${videoChannel}`,
        );
        const body = (await response.json()) as {
          data: { wave_name: string; has_video: boolean }[];
        };
        return body.data.find((wave) => wave.wave_name === withVideo!.waveName)?.has_video;
      },
      { timeout: 90_000 },
    )
    .toBe(true);

  await page.goto(feedOf(videoChannel));
  await expect(current(page)).toHaveAttribute('data-wave-name', withVideo!.waveName);
  const video = current(page).locator('video.tiktalk-item__video');
  await expect(video).toHaveAttribute('src', /\.mp4\?v=/);
  await expect.poll(() => playing(page), { timeout: 10_000 }).toBe(true);
  expect(await video.evaluate((element: HTMLVideoElement) => element.videoHeight)).toBe(1920);

  await page.keyboard.press('ArrowDown');
  await expect(current(page)).toHaveAttribute('data-wave-name', plain!.waveName);
  await expect(current(page).locator('video.tiktalk-item__video')).toHaveCount(0);
  await expect(current(page).locator('video.tiktalk-item__audio')).toHaveAttribute('src', /\.mp3$/);
  await expect.poll(() => playing(page), { timeout: 10_000 }).toBe(true);
  await expect(current(page).locator('.tiktalk-card')).toContainText('No video yet');
});

test('a sponsored wave shows its sponsor’s label and logo', async ({ visitor: page }) => {
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    await db.kysely
      .updateTable('waves')
      .set({ is_sponsored: 1, sponsor_name: 'Acme Radio', sponsor_logo: 'acme-logo' })
      .where('wave_name', '=', listed[1]!.waveName)
      .execute();
  } finally {
    await db.close();
  }
  await page.goto(feedOf(channel));
  await expectCurrent(page, 0);
  await expect(current(page).getByText('Sponsored')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expectCurrent(page, 1);
  await expect(current(page).getByText('Sponsored · Acme Radio')).toBeVisible();
  await expect(current(page).locator('.tiktalk-item__sponsor img')).toHaveAttribute(
    'src',
    '/media/sponsors/acme-logo.webp',
  );
});

test('like and follow act on the server; replies are the real thread; reply records one', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  const token = await signInAs(page, viewer);
  await page.goto(feedOf(channel));
  await expectCurrent(page, 0);
  const target = listed[0]!;

  const like = current(page).getByRole('button', { name: 'Like, 0 likes' });
  const liked = page.waitForResponse((response) => response.url().includes('/wave/like/'));
  await like.click();
  expect((await liked).ok()).toBe(true);
  await expect(current(page).getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const dislike = current(page).getByRole('button', { name: 'Dislike' });
  await expect(dislike).toBeDisabled();
  const list = await page.request.get(
    `/api/v1/wave/wavelistpublicbychannelname/${channel}?limit=1`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  const [item] = (
    (await list.json()) as {
      data: { wave_name: string; user_has_liked: boolean; team_id: number }[];
    }
  ).data;
  expect(item).toMatchObject({ wave_name: target.waveName, user_has_liked: true });

  const follow = current(page).getByRole('button', { name: `Follow @${author.username}` });
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/api/v1/team/issubscribed/${item!.team_id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await reply.json()) as { data: { isSubscribed: boolean } }).data.isSubscribed;
    })
    .toBe(true);
  // Subs now lists the followed creator's waves.
  await page.getByRole('button', { name: 'Subs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Following');
  await expect(page).toHaveURL(/\/tiktalk\?tab=following$/);
  await expect(current(page)).toHaveAttribute('data-wave-name', target.waveName);

  // A wave's replies: the thread from the server, with a back arrow to where the viewer was.
  await page.goto(`${feedOf(channel)}~r.${threadHead.waveName}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Replies');
  await expect(current(page)).toHaveAttribute('data-wave-name', reply.waveName);
  await expect(page.locator('article.tiktalk-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/tiktalk\\?open=c\\.${channel}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`#${channel}`);

  await current(page)
    .getByRole('link', { name: /^Reply to/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/reply/${target.waveName}$`));
});

test('the share overlay opens each target with the wave’s public link', async ({
  visitor: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(feedOf(channel));
  await expectCurrent(page, 0);
  const wave = listed[0]!;
  const link = (o: string) =>
    `${new URL(page.url()).origin}/u/${author.username}/${wave.waveName}?o=${o}`;
  const text = `“${wave.title}” by @${author.username}`;
  await current(page)
    .getByRole('button', { name: `Share ${wave.title}` })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Share' });
  await expect(sheet).toBeVisible();
  const href = (name: string) => sheet.getByRole('link', { name, exact: true });
  const e = encodeURIComponent;
  await expect(href('WhatsApp')).toHaveAttribute(
    'href',
    `https://wa.me/?text=${e(`${text} ${link('whatsapp')}`)}`,
  );
  await expect(href('Facebook')).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${e(link('facebook'))}`,
  );
  await expect(href('Twitter / X')).toHaveAttribute(
    'href',
    `https://x.com/intent/tweet?text=${e(text)}&url=${e(link('twitter'))}`,
  );
  await expect(href('Email')).toHaveAttribute(
    'href',
    `mailto:?subject=${e(text)}&body=${e(`${text}\n\n${link('email')}`)}`,
  );
  // An Android phone: the `sms:?body=` form.
  await expect(href('SMS')).toHaveAttribute('href', `sms:?body=${e(`${text} ${link('sms')}`)}`);
  await expect(sheet.getByRole('button', { name: 'Instagram' })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'More' })).toBeVisible();

  await sheet.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByRole('alert')).toContainText('Link copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link('copy'));
  await expect(sheet).toBeHidden();

  await current(page)
    .getByRole('button', { name: `Share ${wave.title}` })
    .click();
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
});

test('failed and empty lists say what happened, in the feed’s words', async ({
  visitor: page,
  context,
}) => {
  // On the context: once the service worker controls the page, it makes the requests.
  await context.route(`**/wavelistpublicbychannelname/broken-${suffix}**`, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await context.route(`**/wavelistpublicbychannelname/garbled-${suffix}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, message: 'ok', data: { waves: 'none' } }),
    }),
  );
  await page.goto(feedOf(`broken-${suffix}`));
  await expect(page.getByRole('alert')).toContainText('API responded with status: 500');
  await page.goto(feedOf(`garbled-${suffix}`));
  await expect(page.getByRole('alert')).toContainText('Invalid API response format');
  await page.goto(feedOf(emptyChannel));
  await expect(page.getByText(`No videos found for #${emptyChannel}`)).toBeVisible();
});

test('the global catcher says something went wrong and reloads the app', async ({
  visitor: page,
}) => {
  // The media engine fails once, on the first page load only.
  await page.addInitScript(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!sessionStorage.getItem('broke-once')) {
        sessionStorage.setItem('broke-once', '1');
        throw new Error('The media engine broke');
      }
      return play.call(this);
    };
  });
  await page.goto(feedOf(channel));
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('The media engine broke')).toBeVisible();
  await page.getByRole('button', { name: 'Reload App' }).click();
  await expectCurrent(page, 0);
});

test('offline, the feed says so and keeps what it has', async ({ visitor: page, context }) => {
  // A returning visitor: the service worker controls the page and has the app's code.
  await page.goto(feedOf(channel));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expectCurrent(page, 0);
  // The service worker's own requests fail too (playwright.config.ts lets routes see them).
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
  try {
    await current(page)
      .getByRole('button', { name: `@${author.username}`, exact: true })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'You are offline, and this feed is not saved on this device.',
    );
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(current(page)).toHaveAttribute('data-wave-name', listed[0]!.waveName);
  } finally {
    await context.setOffline(false);
    await context.unrouteAll();
  }
});

test('the player bar and the feed never play at once', async ({ visitor: page }) => {
  await page.goto('/newest');
  await page.locator('.wave-row__main').first().click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 10_000 });
  await page.getByRole('link', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/\/tiktalk$/);
  await expect.poll(() => playing(page), { timeout: 10_000 }).toBe(true);
  await page.goBack();
  await expect(player).toHaveAttribute('data-status', 'paused');
});

test('with reduced motion the feed moves without animating', async ({ visitor: page }) => {
  const transitionSeconds = () =>
    page
      .locator('.tiktalk__track')
      .evaluate((element) => parseFloat(getComputedStyle(element).transitionDuration));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(feedOf(channel));
  await expectCurrent(page, 0);
  // None, or the app's 0.01 ms for everything (styles/app.css).
  expect(await transitionSeconds()).toBeLessThan(0.001);
  await page.keyboard.press('ArrowDown');
  await expectCurrent(page, 1);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await transitionSeconds()).toBeGreaterThan(0.1);
});

test.describe('desktop', () => {
  test.use({
    userAgent: devices['Desktop Chrome'].userAgent,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });

  test('works with the keyboard and the wheel; the controls help closes itself', async ({
    visitor: page,
  }) => {
    await page.goto(feedOf(channel));
    const help = page.getByRole('complementary', { name: 'Controls' });
    await expect(help).toBeVisible();
    await expectCurrent(page, 0);

    await page.keyboard.press('ArrowDown');
    await expectCurrent(page, 1);
    await page.keyboard.press('ArrowUp');
    await expectCurrent(page, 0);
    await page.keyboard.press('m');
    await expect(page.getByRole('button', { name: 'Tap for sound' })).toHaveCount(0);
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect
      .poll(() => currentMedia(page).evaluate((m: HTMLMediaElement) => m.paused))
      .toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => playing(page)).toBe(true);

    // The wheel moves one wave per gesture.
    const box = (await page.locator('.tiktalk__viewport').boundingBox())!;
    await page.mouse.move(box.x + box.width / 3, box.y + box.height / 2);
    // Two notches of one gesture, sent together as a wheel sends them (awaiting the first would
    // wait for the page to handle it, which on a busy machine spaces them past the throttle).
    await Promise.all([page.mouse.wheel(0, 120), page.mouse.wheel(0, 120)]);
    await expectCurrent(page, 1);
    await page.waitForTimeout(400);
    await page.mouse.wheel(0, -120);
    await expectCurrent(page, 0);

    // Every control of the wave on screen is reachable with Tab.
    const focused = page.locator(':focus');
    let onLike = false;
    for (let step = 0; step < 40 && !onLike; step++) {
      await page.keyboard.press('Tab');
      onLike = /^Like, \d+ likes?$/.test((await focused.textContent())?.replace(/^\d+/, '') ?? '');
    }
    expect(onLike).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText('Sign in to like waves.');

    await expect(help).toBeHidden({ timeout: 12_000 });
  });
});

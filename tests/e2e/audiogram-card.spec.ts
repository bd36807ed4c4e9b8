import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import jsQR from 'jsqr';
import sharp from 'sharp';
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

/**
 * The audiogram card page (docs/product/listening.md "Audiogram card") in Chromium against the
 * compiled server: every orientation at its size with every field, a first visit that needs no
 * consent or language, RENDER_COMPLETE to an embedding page, the QR code decoded, the error
 * states, members-only group cards, and sharing the card and the video from the wave's page.
 */
test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36).slice(-6);
const channel = `cards-${suffix}`;
const group = `cardclub-${suffix}`;
let author: TestUser;
let member: TestUser;
let wave: PublishedTestWave;
let secret: PublishedTestWave;

const SIZES = {
  landscape: { width: 1920, height: 1080 },
  portrait: { width: 1080, height: 1920 },
  square: { width: 1080, height: 1080 },
} as const;

test.beforeAll(async () => {
  await createChannel(channel);
  author = await createUser({ username: uniqueUsername('cardauthor') });
  member = await createUser({ username: uniqueUsername('cardmember') });
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    await db.kysely
      .updateTable('users')
      .set({ displayname: 'Card Author' })
      .where('id', '=', author.userId)
      .execute();
    const { id } = await db.kysely
      .insertInto('channels')
      .values({
        channel_name: group,
        channel_name_lower: group.toLowerCase(),
        language_code_ui: 'en',
        is_chatgroup: 1,
        channel_access_rule: 'CHANNEL_MEMBERS_EMAIL_VERIFIED',
        channel_invitation_code: `code-${group}`,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('channel_members')
      .values({ channel_id: id, user_id: member.userId, member_since: Date.now() })
      .execute();
  } finally {
    await db.close();
  }
  const published = await publishWaves(
    author,
    channel,
    [{ title: 'Morning at the tram stop', seconds: 4, description: 'A greeting to everyone.' }],
    { videos: true },
  );
  wave = published[0]!;
  secret = (await publishWaves(member, group, [{ title: 'Members only', seconds: 1 }]))[0]!;
});

const cardUrl = (name: string, orient?: string) =>
  `/audiogramcard/${name}${orient === undefined ? '' : `?orient=${orient}`}`;

for (const [orientation, size] of Object.entries(SIZES)) {
  test(`renders the ${orientation} card at ${size.width}×${size.height} with every field, on a first visit`, async ({
    page,
  }, testInfo) => {
    // No language, no consent stored: the card's path sets both by itself.
    await page.setViewportSize(size);
    await page.goto(cardUrl(wave.waveName, orientation));
    await expect(page.locator('html')).toHaveAttribute('data-render-complete', 'true');
    const card = page.locator('.audiogram-page__card');
    const box = await card.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, ...size });
    await expect(card).toContainText('Morning at the tram stop');
    await expect(card).toContainText('Card Author');
    await expect(card).toContainText(`@${author.username}`);
    await expect(card).toContainText(`${author.username} · #${channel}`);
    await expect(card).toContainText('A greeting to everyone.');
    await expect(card).toContainText('0:04');
    await expect(card).toContainText('Published');
    await expect(card).toContainText(/\d\d [A-Z][a-z]{2} \d\d \d{1,2}:\d\d(am|pm)/);
    await expect(card).toContainText('Waves');
    await expect(card.getByRole('img', { name: 'QR code of the wave’s page' })).toBeVisible();
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
    expect(await page.evaluate(() => localStorage.getItem('language_code_ui'))).toBe('en');
    // Nothing of the app around it: no header, no consent banner, no player.
    await expect(page.locator('.site-header')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Player' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`card-${orientation}.png`) });
  });
}

test('the QR code on the card opens the wave’s public page', async ({ page }) => {
  await page.setViewportSize(SIZES.square);
  await page.goto(cardUrl(wave.waveName));
  await expect(page.locator('html')).toHaveAttribute('data-render-complete', 'true');
  const shot = await page.locator('.audiogram-page__card').screenshot();
  const { data, info } = await sharp(shot)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  expect(code?.data).toBe(new URL(`/u/${author.username}/${wave.waveName}`, page.url()).href);
});

test('an unknown orientation is square', async ({ page }) => {
  await page.setViewportSize(SIZES.landscape);
  await page.goto(cardUrl(wave.waveName, 'diagonal'));
  await expect(page.locator('html')).toHaveAttribute('data-render-complete', 'true');
  const box = await page.locator('.audiogram-page__card').boundingBox();
  expect([box?.width, box?.height]).toEqual([1080, 1080]);
});

test('posts RENDER_COMPLETE with the wave’s name to a page of another site that embeds it', async ({
  page,
  baseURL,
}) => {
  // The parent is a page of another origin, as a renderer's or a blog's page would be.
  const parent = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(`<!doctype html><script>
      window.seen = [];
      addEventListener('message', (event) => window.seen.push(event.data));
    </script><iframe width="1080" height="1920" src="${baseURL}${cardUrl(wave.waveName, 'portrait')}"></iframe>`);
  });
  await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = parent.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen), {
        timeout: 30_000,
      })
      .toContainEqual({ type: 'RENDER_COMPLETE', wave_name: wave.waveName });
  } finally {
    parent.close();
  }
});

test('says when the wave is missing or not named', async ({ page }) => {
  await page.goto(cardUrl('nosuchwave123'));
  await expect(page.getByRole('alert')).toHaveText('Wave not found');
  await expect(page.locator('html')).not.toHaveAttribute('data-render-complete', 'true');
  await page.goto('/audiogramcard');
  await expect(page.getByRole('alert')).toHaveText('Error: Wave name parameter is required');
});

test('says "Loading..." while the wave loads, then "Error: " and the reason when it fails', async ({
  page,
}) => {
  const metadata = `**/api/v1/wave/metadata/${wave.waveName}`;
  // A refusal: the server's message follows "Error: ".
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(metadata, async (route) => {
    await answered;
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'The database is asleep', data: null }),
    });
  });
  await page.goto(cardUrl(wave.waveName));
  await expect(page.getByRole('status')).toHaveText('Loading...');
  answer();
  await expect(page.getByRole('alert')).toHaveText('Error: The database is asleep');
  await expect(page.locator('html')).not.toHaveAttribute('data-render-complete', 'true');

  // A refusal without a message, and an answer without the wave (docs/product/listening.md).
  for (const [body, text] of [
    [{ success: false, message: '', data: null }, 'Error: Failed to retrieve wave data'],
    [{ success: true, message: '', data: [] }, 'Error: Unknown error getting wave'],
  ] as const) {
    await page.unroute(metadata);
    await page.route(metadata, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
    );
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText(text);
  }

  // A failing server, and no server at all: a request error with its reason.
  await page.unroute(metadata);
  await page.route(metadata, (route) => route.fulfill({ status: 500, body: '' }));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'Error: Request error: Error response from server: 500',
  );
  await page.unroute(metadata);
  await page.route(metadata, (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(/^Error: Request error: .+/);
  await expect(page.locator('html')).not.toHaveAttribute('data-render-complete', 'true');
});

test('a chat group’s card is shown to its members only', async ({ page, browser }) => {
  await page.goto(cardUrl(secret.waveName));
  await expect(page.getByRole('alert')).toHaveText('Wave not found');

  const context = await browser.newContext();
  const memberPage = await context.newPage();
  await signInAs(memberPage, member);
  await memberPage.goto(cardUrl(secret.waveName));
  await expect(memberPage.locator('html')).toHaveAttribute('data-render-complete', 'true');
  await expect(memberPage.locator('.audiogram-page__card')).toContainText('Members only');
  await context.close();
});

test.describe('sharing from the wave’s page', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('saves the card as an image, and the video once it exists', async ({ page }) => {
    // The video's render is background work: the poll below may take most of its 90 s.
    test.setTimeout(150_000);
    await prepareVisitor(page, { language: 'en', consent: true });
    await page.goto(`/u/${author.username}/${wave.waveName}`);
    const share = page.getByRole('region', { name: 'Share “Morning at the tram stop”' });
    await share.getByLabel('Image format').selectOption('portrait');
    const [image] = await Promise.all([
      page.waitForEvent('download'),
      share.getByRole('button', { name: 'Share as image' }).click(),
    ]);
    expect(image.suggestedFilename()).toBe('Morning-at-the-tram-stop.png');
    const png = await sharp(readFileSync(await image.path())).metadata();
    expect([png.width, png.height]).toEqual([1080, 1920]);
    await expect(page.getByRole('alert').filter({ hasText: 'The image was saved.' })).toBeVisible();

    // The video is rendered by the server's background job; the page offers it once it exists.
    await expect
      .poll(
        async () => {
          await page.reload();
          return share.getByRole('button', { name: 'Share as video' }).count();
        },
        { timeout: 90_000, intervals: [2000] },
      )
      .toBe(1);
    const [video] = await Promise.all([
      page.waitForEvent('download'),
      share.getByRole('button', { name: 'Share as video' }).click(),
    ]);
    expect(video.suggestedFilename()).toBe('Morning-at-the-tram-stop.mp4');
    const head = readFileSync(await video.path())
      .subarray(0, 64)
      .toString('latin1');
    expect(head).toContain('ftyp');
  });
});

test.describe('sharing from the wave’s page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('hands the card and the video to the Web Share API as files', async ({ page }) => {
    await prepareVisitor(page, { language: 'de', consent: true });
    // A phone's share sheet: it takes files, and the test sees what it was given.
    await page.addInitScript(() => {
      const shared: { title?: string; text?: string; files: { name: string; type: string }[] }[] =
        [];
      (window as unknown as { shared: typeof shared }).shared = shared;
      navigator.canShare = (data?: ShareData) => Boolean(data?.files?.length);
      navigator.share = (data?: ShareData) => {
        shared.push({
          ...(data?.title ? { title: data.title } : {}),
          ...(data?.text ? { text: data.text } : {}),
          files: (data?.files ?? []).map((file) => ({ name: file.name, type: file.type })),
        });
        return Promise.resolve();
      };
    });
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.goto(`/u/${author.username}/${wave.waveName}`);
    const share = page.getByRole('region', { name: '„Morning at the tram stop“ teilen' });
    await share.getByRole('button', { name: 'Als Bild teilen' }).click();
    const shared = () =>
      page.evaluate(
        () =>
          (window as unknown as { shared: { files: { name: string; type: string }[] }[] }).shared,
      );
    await expect.poll(shared).toHaveLength(1);
    const [image] = await shared();
    expect(image).toMatchObject({
      title: 'Morning at the tram stop',
      files: [{ name: 'Morning-at-the-tram-stop.png', type: 'image/png' }],
    });
    expect((image as unknown as { text: string }).text).toContain(
      `/u/${author.username}/${wave.waveName}`,
    );

    // The video was rendered for the desktop test above.
    await share.getByRole('button', { name: 'Als Video teilen' }).click();
    await expect.poll(shared).toHaveLength(2);
    expect((await shared())[1]).toMatchObject({
      files: [{ name: 'Morning-at-the-tram-stop.mp4', type: 'video/mp4' }],
    });
    // Shared, so nothing was saved as a download.
    expect(downloads).toEqual([]);
  });
});

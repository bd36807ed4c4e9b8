import { devices } from '@playwright/test';
import { createUser, signInAs, uniqueUsername, type TestUser } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { createChannel, publishWaves, type PublishedTestWave } from './waves-helpers.ts';

test.describe.configure({ mode: 'serial' });

let author: TestUser;
let listener: TestUser;
const channel = `listen-${Date.now().toString(36).slice(-6)}`;
let waves: PublishedTestWave[];

test.beforeAll(async () => {
  await createChannel(channel);
  author = await createUser({ username: uniqueUsername('author') });
  listener = await createUser({ username: uniqueUsername('listener') });
  // Published oldest first: the list shows the last one on top.
  waves = await publishWaves(author, channel, [
    { title: 'Third in the list', seconds: 2 },
    { title: 'Second in the list', seconds: 2 },
    { title: 'First in the list', seconds: 4 },
  ]);
});

const positionOf = async (page: import('@playwright/test').Page) =>
  (await page.locator('.player__time').first().textContent()) ?? '';

test('plays a wave, its position advances, next and previous move through the list', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  await page.getByRole('button', { name: /Play First in the list/ }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText('First in the list');
  await expect.poll(() => positionOf(page), { timeout: 8000 }).not.toBe('00:00');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Previous does nothing at the start of the list.
  await expect(player.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await player.getByRole('button', { name: 'Next' }).click();
  await expect(player).toContainText('Second in the list');
  await player.getByRole('button', { name: 'Previous' }).click();
  await expect(player).toContainText('First in the list');
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
});

test('the player bar waits on list pages, and follows a chosen wave to other screens', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  const player = page.getByRole('region', { name: 'Player' });
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(player).toHaveCount(0);
  await page.goto(`/c/${channel}`);
  await expect(player).toContainText('Choose a wave to listen');
  await expect(player.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: /Play Third in the list/ }).click();
  await expect(player).toContainText('Third in the list');
  // In-app navigation keeps the chosen wave, and with it the bar.
  await page.getByRole('link', { name: 'About' }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(player).toContainText('Third in the list');
});

test('autoplay goes on to the next wave when one ends, and stops at the end of the list', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  await page.getByRole('button', { name: /Play Second in the list/ }).click();
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText('Second in the list');
  await expect(player).toContainText('Third in the list', { timeout: 10_000 });
  // The last wave ends: the player stops rather than wrapping around.
  await expect(player).toHaveAttribute('data-status', 'idle', { timeout: 10_000 });
  await expect(player).toContainText('Third in the list');
});

test('a deep link /u/{user}/{wave} scrolls to that wave, selects it and plays it', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  const target = waves[1]!;
  await page.goto(`/u/${author.username}/${target.waveName}`);
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText(target.title);
  await expect(player).toHaveAttribute('data-status', /loading|playing/);
  await expect(page.locator(`#wave-${target.waveName}`)).toHaveClass(/wave-row--selected/);
});

test('the player bar of a deep link stays inside a phone’s screen in German', async ({ page }) => {
  // German's tap hint ("Tippe auf Abspielen zum Anhören") once pushed the bar past the screen.
  await prepareVisitor(page, { language: 'de', consent: true });
  // A browser whose autoplay policy wants a tap first, as phones have.
  await page.addInitScript(() => {
    HTMLMediaElement.prototype.play = () =>
      Promise.reject(new DOMException('a tap is needed first', 'NotAllowedError'));
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const target = waves[1]!;
  await page.goto(`/u/${author.username}/${target.waveName}`);
  const player = page.getByRole('region', { name: 'Player' });
  await expect(player).toContainText(target.title);
  await expect(player.getByRole('status')).toHaveText('Tippe auf Abspielen zum Anhören');
  const overflowing = await player.evaluate((bar) =>
    [bar, ...Array.from(bar.querySelectorAll('*'))]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => element.className),
  );
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});

test('a long list as the first screen ends up whole in the server’s order; a deep link reaches its last row', async ({
  page,
}) => {
  // More rows than one phone screen shows: the first screen renders the rest in steps.
  const longChannel = `long-${Date.now().toString(36).slice(-6)}`;
  await createChannel(longChannel);
  const published = await publishWaves(
    author,
    longChannel,
    Array.from({ length: 13 }, (_, index) => ({ title: `Long list ${index + 1}`, seconds: 1 })),
  );
  const newestFirst = published.map((wave) => wave.waveName).reverse();
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${longChannel}`);
  await expect
    .poll(() => page.locator('.wave-row').evaluateAll((rows) => rows.map((row) => row.id.slice(5))))
    .toEqual(newestFirst);

  const oldest = published[0]!;
  await page.goto(`/c/${longChannel}/${oldest.waveName}`);
  const row = page.locator(`#wave-${oldest.waveName}`);
  await expect(row).toHaveClass(/wave-row--selected/);
  await expect(row).toBeInViewport();
});

test('the newest list as the first screen ends up whole, in the server’s order', async ({
  page,
}) => {
  // More waves than a phone's first screen shows, so the rest arrive in steps after it.
  const feedChannel = `feed-${Date.now().toString(36).slice(-6)}`;
  await createChannel(feedChannel);
  await publishWaves(
    author,
    feedChannel,
    Array.from({ length: 10 }, (_, index) => ({ title: `Feed row ${index + 1}`, seconds: 1 })),
  );
  await prepareVisitor(page, { language: 'en', consent: true });
  // The page's own reply, not a second request: the other worker's tests publish waves too.
  const listReply = page.waitForResponse((reply) =>
    reply.url().includes('/api/v1/wave/wavelistpublicnewest/en'),
  );
  await page.goto('/newest');
  const body = (await (await listReply).json()) as { data: { wave_name: string }[] };
  const expected = body.data.map((wave) => wave.wave_name);
  expect(expected.length).toBeGreaterThan(10);
  await expect
    .poll(() => page.locator('.wave-row').evaluateAll((rows) => rows.map((row) => row.id.slice(5))))
    .toEqual(expected);
  // The first screen counts as shown once every row is there (what waited for it may start).
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByName('waves:first-screen-shown').length),
    )
    .toBe(1);
});

test('a row’s author and channel links open those pages inside the app, without a reload', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  // A full page load would lose this.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const row = page.locator(`#wave-${waves[0]!.waveName}`);
  await row.getByRole('link', { name: `@${author.username}` }).click();
  await expect(page).toHaveURL(new RegExp(`/u/${author.username}$`));
  await expect(page.locator(`#wave-${waves[0]!.waveName}`)).toBeVisible();
  await page
    .locator(`#wave-${waves[0]!.waveName}`)
    .getByRole('link', { name: `/c/${channel}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/c/${channel}$`));
  await expect(page.locator(`#wave-${waves[1]!.waveName}`)).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
});

test('a signed-in listener likes a wave at once; the like button then disappears', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, listener);
  await page.goto(`/c/${channel}`);
  const row = page.locator(`#wave-${waves[0]!.waveName}`);
  await expect(row.getByText('Likes:')).toBeAttached();
  const likes = row.locator('.wave-row__stat').nth(1);
  await expect(likes).toContainText('0');
  await row.getByRole('button', { name: 'Like' }).click();
  await expect(likes).toContainText('1');
  await expect(row.getByRole('button', { name: 'Like' })).toHaveCount(0);
  await page.reload();
  await expect(
    page.locator(`#wave-${waves[0]!.waveName}`).locator('.wave-row__stat').nth(1),
  ).toContainText('1');
  await expect(
    page.locator(`#wave-${waves[0]!.waveName}`).getByRole('button', { name: 'Like' }),
  ).toHaveCount(0);
});

test('anonymous visitors see no like button', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  await expect(page.locator('.wave-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like' })).toHaveCount(0);
});

test('on a phone user agent the share link is an sms link with ?o=sms', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  const sms = page.locator(`#wave-${waves[0]!.waveName}`).getByRole('link', { name: 'SMS' });
  await expect(sms).toHaveAttribute('href', new RegExp(`^sms:.*${waves[0]!.waveName}%3Fo%3Dsms`));
  // The created time is hidden on mobile.
  await expect(page.locator(`#wave-${waves[0]!.waveName} time`)).toHaveCount(0);
});

test.describe('desktop', () => {
  test.use({
    userAgent: devices['Desktop Chrome'].userAgent,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
  });

  test('copy link puts the wave address with ?o=copy on the clipboard and says so', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await prepareVisitor(page, { language: 'en', consent: true });
    await page.goto(`/c/${channel}`);
    const row = page.locator(`#wave-${waves[0]!.waveName}`);
    await row.getByRole('link', { name: 'Copy link' }).click();
    await expect(page.getByRole('alert')).toContainText('Link copied to clipboard!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/u/${author.username}/${waves[0]!.waveName}\\?o=copy$`));
    await expect(row.locator('time')).toHaveText(/^\d{2}[A-Z][a-z]{2}\d{2} \d{2}:\d{2}(am|pm)$/);
  });
});

test('the owner edits a title (3–55 characters) and deletes a wave after confirming', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  const [wave] = await publishWaves(author, channel, [{ title: 'To be edited', seconds: 1 }]);
  await page.goto(`/c/${channel}`);
  await page.locator(`#wave-${wave!.waveName}`).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${wave!.waveName}$`));

  const title = page.getByLabel('Title');
  await expect(title).toHaveValue('To be edited');
  await title.fill('ab');
  await page.getByRole('button', { name: 'Save title' }).click();
  await expect(page.getByText('Title must be at least 3 characters.')).toBeVisible();
  await title.fill('A better title');
  await page.getByRole('button', { name: 'Save title' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Title saved.' })).toBeVisible();

  await page.goto(`/c/${channel}`);
  await expect(page.locator(`#wave-${wave!.waveName}`)).toContainText('A better title');

  await page.goto(`/edit/${wave!.waveName}`);
  await page.getByRole('button', { name: 'Delete wave' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page).toHaveURL(new RegExp(`/u/${author.username}$`));
  await page.goto(`/c/${channel}`);
  await expect(page.locator('.wave-row').first()).toBeVisible();
  await expect(page.locator(`#wave-${wave!.waveName}`)).toHaveCount(0);
});

test('a reply names the wave it answers, and the editor opened next shows that same wave', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  const [wave] = await publishWaves(author, channel, [{ title: 'Answer me', seconds: 1 }]);
  await page.goto(`/thread/${wave!.waveName}`);
  await page.getByRole('link', { name: 'Reply' }).click();
  await expect(page.getByRole('heading', { name: 'Record a reply' })).toBeVisible();
  await expect(page.getByText(`In reply to “Answer me” by @${author.username}`)).toBeVisible();

  // Back in the app (no reload: the recorder's cached look-up is still there), then the editor.
  await page.goBack();
  await page.locator(`#wave-${wave!.waveName}`).getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${wave!.waveName}$`));
  await expect(page.getByLabel('Title')).toHaveValue('Answer me');
  await expect(page.getByRole('button', { name: 'Delete wave' })).toBeVisible();
});

test('another user and anonymous visitors cannot edit', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/edit/${waves[0]!.waveName}`);
  await expect(
    page.getByRole('alert').filter({ hasText: 'You must be signed in to do this.' }),
  ).toBeVisible();
  await signInAs(page, listener);
  await page.goto(`/c/${channel}`);
  await expect(page.locator('.wave-row').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('a thread that does not exist says so and offers the newest waves', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto('/thread/doesnotexist1');
  await expect(page.getByRole('alert').filter({ hasText: 'Wave not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Listen to the newest waves' }).click();
  await expect(page).toHaveURL(/\/newest$/);
});

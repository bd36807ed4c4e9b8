import { devices } from '@playwright/test';
import sharp from 'sharp';
import { openDatabase } from '../../server/db/database.ts';
import { createUser, e2eDataDir, signInAs, uniqueUsername } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { layoutProblemsOf } from './layout-helpers.ts';
import { createChannel, publishWaves, type PublishedTestWave } from './waves-helpers.ts';

/**
 * The remaining screens and the departures the browser shows (docs/product/shell.md,
 * docs/product/listening.md): the filter page's graph, the phone's volume control, sponsored
 * rows and dude mode, one type scale for every user agent, /logo and /productpage.
 */
test.describe.configure({ mode: 'serial' });

const channel = `screens-${Date.now().toString(36).slice(-6)}`;
let wave: PublishedTestWave = { waveName: '', title: '', duration: 0 };
let longWave: PublishedTestWave = { waveName: '', title: '', duration: 0 };

test.beforeAll(async () => {
  await createChannel(channel);
  const author = await createUser({ username: uniqueUsername('screens') });
  const [published, long] = await publishWaves(author, channel, [
    { title: 'Filtered wave', seconds: 3 },
    { title: 'Bench wave', seconds: 30 },
    { title: 'Re: the longest titles a wave may carry, to the last on', seconds: 2 },
  ]);
  wave = published!;
  longWave = long!;
  // A site admin's doing (POST /wave/sponsor, tested on the server): the row shows it.
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    await db.kysely
      .updateTable('waves')
      .set({ is_sponsored: 1, sponsor_name: 'Tasman Tea', sponsor_logo: 'tasman-tea' })
      .where('wave_name', '=', wave.waveName)
      .execute();
  } finally {
    await db.close();
  }
});

test('the filter sliders change the values the Web Audio graph holds', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto('/playertest/filters');
  await page.getByLabel('Wave name').fill(wave.waveName);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  const audio = page.locator('audio');
  await expect(audio).toBeVisible();
  await expect(page.getByTestId('graph-status')).toHaveText(/^Not connected yet/);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect(page.getByTestId('graph-status')).toHaveText(/^Connected/);
  // Read back from the AudioParams: the defaults first.
  await expect(page.getByTestId('highpass-value')).toHaveText('20 Hz');
  await expect(page.getByTestId('lowpass-value')).toHaveText('20000 Hz');
  await expect(page.getByTestId('volume-value')).toHaveText('80 %');

  await page.getByLabel('High-pass cut-off').fill('500');
  await page.getByLabel('Low-pass cut-off').fill('250');
  await page.getByLabel('Volume').fill('25');
  // Logarithmic sliders of 1000 steps: 20 Hz × 250^0.5 and 200 Hz × 100^0.25.
  await expect(page.getByTestId('highpass-value')).toHaveText('316 Hz');
  await expect(page.getByTestId('lowpass-value')).toHaveText('632 Hz');
  await expect(page.getByTestId('volume-value')).toHaveText('25 %');
});

test('the player test drives the engine by hand and shows its state as it changes', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto('/playertest');
  const controls = page.locator('section', {
    has: page.getByRole('heading', { name: 'Controls' }),
  });
  const shown = (name: string) =>
    page
      .getByTestId('player-state')
      .locator('.pt-state__row')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
      .locator('dd');
  await expect(shown('State')).toHaveText('idle');
  await expect(controls.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();

  await controls.getByLabel('Beep before playing').uncheck();
  await expect(shown('Beep')).toHaveText('off');
  await page.getByLabel('Wave name').fill(longWave.waveName);
  await page.getByRole('button', { name: 'Load and play' }).click();
  await expect(shown('Wave')).toHaveText(`Bench wave (${longWave.waveName})`);
  await expect(shown('State')).toHaveText('playing');

  await controls.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(shown('State')).toHaveText('paused');
  await controls.getByLabel('Seek').fill('12');
  await expect(shown('Position')).toHaveText('00:12 / 00:30');
  await controls.getByLabel('Speed').selectOption('1.5');
  await expect(shown('Speed')).toHaveText('1.5×');
  await controls.getByLabel('Volume').fill('40');
  await expect(shown('Volume')).toHaveText('40');
  await controls.getByRole('button', { name: 'Mute' }).click();
  await expect(shown('Volume')).toHaveText('40 (muted)');

  await controls.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(shown('State')).toHaveText('playing');
  // Playing on from the seek, not from the start.
  await expect(shown('Position')).toHaveText(/^00:1[3-9] \/ 00:30$/);
  await controls.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(shown('State')).toHaveText('idle');
  await expect(shown('Position')).toHaveText(/^00:00 \//);
});

test('the wave help page is linked from /help and explains waves in English and German', async ({
  page,
}) => {
  const author = await createUser({ username: uniqueUsername('helper') });
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, author);
  await page.goto('/help');
  await page
    .getByRole('link', {
      name: 'Waves made of code: cloning, code, user input and the data object',
    })
    .click();
  await expect(page).toHaveURL(/\/help\/waves$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Waves: help for creators' }),
  ).toBeVisible();
  for (const heading of ['Cloning a wave', 'What code a wave may use', 'User input settings']) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  for (const code of ['HTML', 'CSS', 'JavaScript', 'WebGL']) {
    await expect(page.getByText(code, { exact: true })).toBeVisible();
  }
  for (const field of ['imageFiles', 'videoFiles', 'user_input_text']) {
    await expect(page.getByText(field, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Example of the data object')).toContainText(field);
  }

  await page.evaluate(() => localStorage.setItem('language_code_ui', 'de'));
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Waves: Hilfe für Kreative' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Eine Wave klonen' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Hilfe$/ })).toHaveAttribute('href', '/help');
});

test('a phone at 390 px mutes and sets the volume from the player', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  await page.getByRole('button', { name: /Play Filtered wave/ }).click();
  const player = page.getByRole('region', { name: 'Player' });
  const toggle = player.getByRole('button', { name: 'Volume' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const slider = player.getByRole('slider', { name: 'Volume' });
  await expect(slider).toBeVisible();
  // Inside the 390-px screen, not cut off at its edge.
  const box = (await slider.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await slider.fill('35');
  expect(await page.evaluate(() => localStorage.getItem('player-volume'))).toBe('35');
  const mute = player.getByRole('button', { name: 'Mute' });
  await mute.click();
  await expect(player.getByRole('button', { name: 'Unmute' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(slider).toBeHidden();
});

test('a sponsored wave shows its label, and dude mode adds the card links', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`/c/${channel}`);
  const row = page.locator(`[data-wave-name="${wave.waveName}"]`);
  await expect(row.getByText('Sponsored by Tasman Tea')).toBeVisible();
  await expect(row.locator('.wave-row__sponsor img')).toHaveAttribute(
    'src',
    '/media/sponsors/tasman-tea.webp',
  );
  await expect(row.getByRole('link', { name: 'landscape' })).toHaveCount(0);

  await page.goto('/playertest');
  await page.getByLabel(/Dude mode/).check();
  await page.goto(`/c/${channel}`);
  for (const orient of ['landscape', 'portrait', 'square']) {
    await expect(row.getByRole('link', { name: orient })).toHaveAttribute(
      'href',
      `/audiogramcard/${wave.waveName}?orient=${orient}`,
    );
  }
});

test('a site admin marks a wave sponsored on its edit page, with a logo; the rows show it', async ({
  page,
}) => {
  const admin = await createUser({ username: uniqueUsername('admin') });
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    await db.kysely
      .updateTable('users')
      .set({ is_admin: 1 })
      .where('id', '=', admin.userId)
      .execute();
  } finally {
    await db.close();
  }
  const logo = await sharp({
    create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, admin);
  await page.goto(`/edit/${longWave.waveName}`);
  const sponsorship = page.getByRole('region', { name: 'Sponsorship' });
  await sponsorship.getByLabel('Sponsored wave').check();
  await sponsorship.getByLabel('Sponsor name').fill('Harbour Bikes');
  await sponsorship
    .getByLabel('Logo (optional)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await sponsorship.getByRole('button', { name: 'Save sponsorship' }).click();
  await expect(page.getByText('The wave is marked as sponsored.')).toBeVisible();

  await page.goto(`/c/${channel}`);
  const row = page.locator(`[data-wave-name="${longWave.waveName}"]`);
  await expect(row.getByText('Sponsored by Harbour Bikes')).toBeVisible();
  const logoUrl = await row.locator('.wave-row__sponsor img').getAttribute('src');
  expect(logoUrl).toMatch(/^\/media\/sponsors\/[a-f0-9]+\.webp$/);
  const served = await page.request.get(logoUrl!);
  expect(served.headers()['content-type']).toBe('image/webp');
});

test('a phone’s user agent gets the same type scale as a desktop’s at the same width', async ({
  page,
  browser,
}) => {
  const sizes = async (target: import('@playwright/test').Page) => {
    await prepareVisitor(target, { language: 'en', consent: true });
    await target.goto('/signin');
    await expect(target.getByLabel('E-mail')).toBeVisible();
    return target.evaluate(() => ({
      body: getComputedStyle(document.body).fontSize,
      input: getComputedStyle(document.querySelector('input')!).fontSize,
      title: getComputedStyle(document.querySelector('h1')!).fontSize,
    }));
  };
  const phone = await sizes(page);
  const desktop = await browser.newContext({
    ...devices['Desktop Chrome'],
    viewport: { width: 390, height: 844 },
  });
  const onDesktop = await sizes(await desktop.newPage());
  await desktop.close();
  expect(phone).toEqual(onDesktop);
  // 16 px inputs: iOS zooms the page into smaller ones.
  expect(Number.parseFloat(phone.input)).toBeGreaterThanOrEqual(16);
});

test('/logo shows the mark and its text; /productpage alone goes to the list; /about links the treasure hunt', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'de', consent: true });
  await page.goto('/logo');
  await expect(page.getByRole('img', { name: 'Das Waves-Logo' })).toBeVisible();
  await expect(page.getByText('Sag es mit deiner Stimme.')).toBeVisible();
  await page.goto('/logo?next=/productpage');
  await expect(page).toHaveURL(/\/productlist$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Produkte' })).toBeVisible();
  // The marketplace is found from the about page.
  await page.goto('/about');
  await page.getByRole('link', { name: 'Schatzsuche' }).click();
  await expect(page).toHaveURL(/\/treasurehunt$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schatzsuche' })).toBeVisible();
});

test('the new screens fit a phone and a desktop in English and German', async ({ page }) => {
  const member = await createUser({ username: uniqueUsername('layout') });
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, member);
  await page.goto('/logo');
  const paths = ['/logo', '/playertest', '/playertest/filters', '/help', '/help/waves', '/about'];
  expect(await layoutProblemsOf(page, paths)).toEqual([]);
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { SmsOutboxMessage } from '../../server/providers/sms.ts';
import { createUser, e2eDataDir, signInAs, uniqueUsername } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';

/** A solid-colour PNG, so the test can tell afterwards which image the page shows. */
const solidPng = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** The dominant colour of an image the page displays, fetched as the browser would. */
async function dominantColourOf(page: Page, src: string) {
  const response = await page.request.get(src);
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toBe('image/webp');
  return (await sharp(await response.body()).stats()).dominant;
}

/** The newest SMS code sent to a number, from the e2e server's outbox. */
async function waitForSmsCode(to: string, timeoutMs = 10_000): Promise<string> {
  const dir = path.join(e2eDataDir(), 'sms-outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as SmsOutboxMessage)
      : [];
    const code = /\b(\d{6})\b/.exec(
      messages.filter((sms) => sms.to === to).at(-1)?.body ?? '',
    )?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no SMS to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.describe('profiles', () => {
  test('edits the profile with a new avatar and banner and shows them on the user page and /people', async ({
    page,
  }) => {
    const user = await createUser({ username: uniqueUsername('ada') });
    await prepareVisitor(page, { language: 'en', consent: true });
    await signInAs(page, user);

    await page.goto('/profilesettings');
    await expect(page.getByRole('heading', { name: 'Profile settings' })).toBeVisible();
    await page.getByLabel('Display name').fill('Ada Lovelace');
    await page.getByLabel('About you').fill('Counting engines and voices.');
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Region').selectOption('Berlin');
    await page.getByLabel('Play beep').uncheck();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your profile is saved.' }),
    ).toBeVisible();

    await page.getByLabel('Change profile image').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await solidPng(300, 300, { r: 220, g: 30, b: 30 }),
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your profile image is saved.' }),
    ).toBeVisible();
    await page.getByLabel('Change banner').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await solidPng(1200, 150, { r: 30, g: 40, b: 220 }),
    });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your banner is saved.' }),
    ).toBeVisible();

    // A file that is not an image is refused by content, whatever its name says.
    await page.getByLabel('Change profile image').setInputFiles({
      name: 'evil.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    });
    await expect(page.getByText('Images must be WebP, GIF, JPEG, PNG or BMP files.')).toBeVisible();

    await page.goto(`/u/${user.username}`);
    const header = page.locator('.profiles-header');
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    await expect(header.getByText('Berlin, Germany')).toBeVisible();
    await expect(header.getByText('Counting engines and voices.')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(header.getByRole('button', { name: /Follow/ })).toHaveCount(0);
    const avatar = header.getByRole('img', { name: 'Profile image of Ada Lovelace' });
    const avatarSrc = await avatar.getAttribute('src');
    expect(avatarSrc).toMatch(
      new RegExp(`^/media/avatars/${user.userId}/128\\.webp\\?v=[a-f0-9]{12}`),
    );
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(128);
    const red = await dominantColourOf(page, avatarSrc!);
    expect(red.r).toBeGreaterThan(150);
    expect(red.b).toBeLessThan(100);
    const coverSrc = await header.locator('.profiles-cover img').getAttribute('src');
    expect(coverSrc).toMatch(new RegExp(`^/media/covers/${user.userId}\\.webp\\?v=`));
    const blue = await dominantColourOf(page, coverSrc!);
    expect(blue.b).toBeGreaterThan(150);

    await page.goto('/people');
    const card = page.getByRole('article', { name: 'Ada Lovelace' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Berlin, Germany')).toBeVisible();
    await expect(card.getByText('That is you')).toBeVisible();
    expect(await card.locator('img.avatar').getAttribute('src')).toBe(avatarSrc);
    expect(await card.locator('.profiles-cover img').getAttribute('src')).toBe(coverSrc);
  });

  test('follow and unfollow change the follower count, on the user page and in /people', async ({
    page,
  }) => {
    const star = await createUser({ username: uniqueUsername('star') });
    const fan = await createUser({ username: uniqueUsername('fan') });
    await prepareVisitor(page, { language: 'en', consent: true });
    await signInAs(page, fan);

    await page.goto(`/u/${star.username}`);
    const followers = page.getByTestId('followers');
    await expect(followers).toHaveText('0');
    const follow = page.getByRole('button', { name: `Follow ${star.username}` });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await follow.click();
    const following = page.getByRole('button', { name: `Following ${star.username}` });
    await expect(following).toHaveAttribute('aria-pressed', 'true');
    await expect(followers).toHaveText('1');

    await page.reload();
    await expect(followers).toHaveText('1');
    await expect(following).toHaveAttribute('aria-pressed', 'true');
    await following.click();
    await expect(followers).toHaveText('0');
    await expect(follow).toHaveAttribute('aria-pressed', 'false');

    await page.goto('/people');
    const card = page.getByRole('article', { name: star.username });
    await expect(card.getByTestId('followers')).toHaveText('0');
    await card.getByRole('button', { name: `Follow ${star.username}` }).click();
    await expect(card.getByTestId('followers')).toHaveText('1');
    await page.goto(`/u/${star.username}`);
    await expect(page.getByTestId('followers')).toHaveText('1');
  });

  test('verifies a phone number with the code from the SMS outbox', async ({ page }) => {
    const user = await createUser({ username: uniqueUsername('phone') });
    await prepareVisitor(page, { language: 'en', consent: true });
    await signInAs(page, user);

    await page.goto('/verifyphonenumber');
    await expect(page.getByLabel('Country')).toHaveValue('US');
    const number = page.getByLabel('Phone number', { exact: true });
    await number.fill('5');
    await expect(page.getByText('The phone number is too short.')).toBeVisible();
    await number.fill('415 555 267');
    await expect(
      page.getByText('Invalid phone number. Please enter a valid phone number.'),
    ).toBeVisible();
    await number.fill('(415) 555-2671');
    await expect(page.getByText('This number looks right: +14155552671')).toBeVisible();
    await page.getByRole('button', { name: 'Send the code' }).click();

    await expect(page).toHaveURL(/\/entersmscode/);
    await expect(page.getByText('+14155552671')).toBeVisible();
    const code = await waitForSmsCode('+14155552671');
    await page.getByLabel('Six-digit code').fill('12345');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText('Invalid SMS code: please enter exactly six digits.').first(),
    ).toBeVisible();
    await page.getByLabel('Six-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/profilesettings$/);
    await expect(page.getByText('Your phone number +14155552671 is confirmed.')).toBeVisible();
  });

  test('the phone country picker remembers the last country', async ({ page }) => {
    const user = await createUser({ username: uniqueUsername('country') });
    await prepareVisitor(page, { language: 'en', consent: true });
    await signInAs(page, user);
    await page.goto('/verifyphonenumber');
    await page.getByLabel('Country').selectOption('DE');
    await page.reload();
    await expect(page.getByLabel('Country')).toHaveValue('DE');
  });

  test('shows the pages in German', async ({ page }) => {
    const user = await createUser({ username: uniqueUsername('deutsch'), language: 'de' });
    const other = await createUser({ username: uniqueUsername('andere') });
    await prepareVisitor(page, { language: 'de', consent: true });
    await signInAs(page, user);

    await page.goto('/profilesettings');
    await expect(page.getByRole('heading', { name: 'Profileinstellungen' })).toBeVisible();
    await expect(page.getByLabel('Anzeigename')).toBeVisible();
    await expect(page.getByLabel('Standardmäßig privat')).toBeVisible();
    await page.getByLabel('Anzeigename').fill('x'.repeat(51));
    await page.getByRole('button', { name: 'Profil speichern' }).click();
    await expect(
      page.getByText('Der Anzeigename darf höchstens 50 Zeichen lang sein.'),
    ).toBeVisible();

    await page.goto(`/u/${other.username}`);
    await expect(page.getByRole('button', { name: `Folgen ${other.username}` })).toBeVisible();
    await expect(page.getByText('Follower', { exact: true })).toBeVisible();

    await page.goto('/people');
    await expect(page.getByRole('heading', { name: 'Leute', level: 1 })).toBeVisible();
    await page.goto('/verifyphonenumber');
    await expect(page.getByRole('heading', { name: 'Telefonnummer bestätigen' })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'Über Waves' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dein Konto' })).toBeVisible();
    await page.goto('/help');
    await expect(page.getByRole('heading', { name: 'Was ist eine Wave?' })).toBeVisible();
  });

  test('anonymous visitors see the guests’ page and are asked to sign in for settings', async ({
    visitor: page,
  }) => {
    await page.goto('/u/anonymous');
    await expect(page.getByRole('heading', { level: 1, name: 'Anonymous' })).toBeVisible();
    const cover = page.locator('.profiles-header .profiles-cover img');
    const teal = await dominantColourOf(page, (await cover.getAttribute('src'))!);
    expect(teal.g).toBeGreaterThan(teal.r + 40);

    await page.goto('/profilesettings');
    await expect(page.getByText('You must be signed in to see this page.')).toBeVisible();
    await page.goto('/support');
    await expect(page.getByText('You must be signed in to see this page.')).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Waves' })).toBeVisible();
    await expect(page.getByText('Version v1.0')).toBeVisible();
    await page.goto('/verifyphonenumber');
    await expect(page.getByRole('group', { name: 'Verification' })).toBeVisible();
  });
});

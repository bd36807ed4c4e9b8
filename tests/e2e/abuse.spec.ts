import type { Page } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { createUser, e2eDataDir, signInAs, type TestUser } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { publishWaves } from './waves-helpers.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Failed sign-ins of `user` from this machine's address, as the server counts them: written
 * into the e2e database like the other helpers' set-up, so the test does not spend the
 * address's sign-in limit (10 a minute, shared by every test of the run) on them.
 */
async function recordFailedSignIns(user: TestUser, count: number) {
  const db = openDatabase({ dataDir: e2eDataDir() });
  try {
    const now = Date.now();
    // This hour's window and the next, in case the hour turns during the test.
    for (const start of [Math.floor(now / HOUR) * HOUR, Math.ceil(now / HOUR) * HOUR]) {
      await db.kysely
        .insertInto('rate_limit_hits')
        .values({
          bucket: `signin-fail:email-ip:${user.email}:127.0.0.1`,
          window_start: start,
          hits: count,
        })
        .execute();
    }
  } finally {
    await db.close();
  }
}

async function trySignIn(
  page: Page,
  user: TestUser,
  labels: { email: string; password: string; submit: string },
) {
  await page.goto('/signin');
  await page.getByLabel(labels.email).fill(user.email);
  await page.getByLabel(labels.password).fill(user.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

test.describe('failed sign-ins ask for a captcha instead of locking the owner out', () => {
  test('the form shows the captcha the server asks for, and the right password signs in with it', async ({
    visitor: page,
  }) => {
    const user = await createUser();
    await recordFailedSignIns(user, 3);
    await trySignIn(page, user, { email: 'E-mail', password: 'Password', submit: 'Sign in' });
    await expect(
      page.getByText(
        'Several sign-ins to this account did not succeed. Please confirm you are a person to go on.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText('Please complete the verification (captcha required).'),
    ).toBeVisible();
    // The typed address and password are still there.
    await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
    await page.screenshot({
      path: test.info().outputPath('signin-captcha-390.png'),
      fullPage: true,
    });
    await page.getByRole('checkbox', { name: 'I’m not a robot' }).click();
    await expect(page.getByText('Verified')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/newest$/);
    const stored = await page.evaluate(() => localStorage.getItem('signedIn_username'));
    expect(stored).toBe(user.username);
  });

  test('in German', async ({ page }) => {
    await prepareVisitor(page, { language: 'de', consent: true });
    const user = await createUser();
    await recordFailedSignIns(user, 3);
    await trySignIn(page, user, { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden' });
    await expect(
      page.getByText(
        'Mehrere Anmeldungen bei diesem Konto sind fehlgeschlagen. Bitte bestätige, dass du ein Mensch bist, um fortzufahren.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Ich bin kein Roboter' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({
      path: test.info().outputPath('signin-captcha-de-1280.png'),
      fullPage: true,
    });
  });
});

test('the app itself never breaks the Content-Security-Policy on /profilesettings and /edit/…', async ({
  visitor: page,
}) => {
  const user = await createUser();
  const [wave] = await publishWaves(user, 'general', [{ title: 'CSP check', seconds: 1 }]);
  await signInAs(page, user);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  // The listener works: a page script's eval is reported (and blocked).
  await page.goto('/newest');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = 'data:text/javascript,1';
    document.head.append(script);
  });
  await expect.poll(() => violations.length).toBe(1);
  violations.length = 0;

  await page.goto('/profilesettings');
  await expect(page.getByLabel('About you')).toBeVisible();
  await page.getByLabel('About you').fill('Checked without eval');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
  await page.goto(`/edit/${wave!.waveName}`);
  await expect(page.getByLabel('Title')).toHaveValue('CSP check');
  await page.getByLabel('Title').fill('CSP checked');
  await page.getByRole('button', { name: 'Save title' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Title saved.' })).toBeVisible();
  expect(violations).toEqual([]);
});

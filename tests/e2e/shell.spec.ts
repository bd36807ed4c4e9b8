import { expect, prepareVisitor, test } from './fixtures.ts';

test.describe('start-up gating', () => {
  test('a first visit shows only the language chooser, whose choice records the consent too, then /newest in German', async ({
    page,
  }) => {
    await page.goto('/newest');
    await expect(page.getByRole('button', { name: /Deutsch/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /English/ })).toBeVisible();
    // Only the chooser: no header, no tabs; it says what choosing accepts, linking the terms.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByText(/also accepts the necessary cookies/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'terms', exact: true })).toBeVisible();

    await page.getByRole('button', { name: /Deutsch/ }).click();
    // No banner follows (docs/product/shell.md "Language").
    await expect(page.getByRole('heading', { name: 'Neueste Waves' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Cookies' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
    await expect(page).toHaveURL(/\/newest$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  });

  test('a stored language without consent shows only the banner; OK leads to /newest in German', async ({
    page,
  }) => {
    await prepareVisitor(page, { language: 'de' });
    await page.goto('/newest');
    const banner = page.getByRole('dialog', { name: 'Cookies' });
    await expect(banner).toBeVisible();
    await expect(
      banner.getByRole('link', { name: 'Nutzungsbedingungen und Datenschutz' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await banner.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: 'Neueste Waves' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
  });

  test('Cancel hides the banner and says that consent is required and the page must be reloaded', async ({
    page,
  }) => {
    await prepareVisitor(page, { language: 'en' });
    await page.goto('/newest');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert')).toContainText('Cookie consent is required');
    await expect(page.getByRole('alert')).toContainText('reload the page');
  });

  test('an audiogram path sets consent and English by itself', async ({ page }) => {
    await page.goto('/audiogramcard/some-wave');
    await expect(page.getByRole('button', { name: /Deutsch/ })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
    expect(await page.evaluate(() => localStorage.getItem('language_code_ui'))).toBe('en');
  });
});

test('a returning visitor’s first requests go out from the inline script, allowed by the policy, and the app takes them over', async ({
  page,
}) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const listRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/wavelistpublicnewest/')) listRequests.push(request.url());
  });
  await page.goto('/newest');
  await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();
  // The inline script ran (src/first-requests.ts): the stored language's shell catalog was
  // preloaded, and the app took both early replies over instead of asking again.
  await expect(page.locator('head link[rel="modulepreload"][href*="/shell-"]')).toHaveCount(1);
  expect(
    await page.evaluate(
      () => (globalThis as { wavesEarlyRequests?: unknown[] }).wavesEarlyRequests?.length,
    ),
  ).toBe(0);
  expect(listRequests).toHaveLength(1);
  expect(violations).toEqual([]);
});

test('the /language screen stores the language and the consent, then returns to backto', async ({
  page,
}) => {
  // A first visit straight to the chooser's own address, as the sign-in screen links to it.
  await page.goto('/language?backto=signin');
  await expect(page.getByRole('dialog', { name: 'Cookies' })).toHaveCount(0);
  await page.getByRole('button', { name: /Deutsch/ }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('language_code_ui'))).toBe('de');
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');
  await expect(page.getByRole('dialog', { name: 'Cookies' })).toHaveCount(0);

  // Later, with a language chosen, /language offers the choice again and returns the same way.
  await page.goto('/language?backto=signin');
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => localStorage.getItem('language_code_ui'))).toBe('en');
});

test.describe('routing', () => {
  test.beforeEach(async ({ page }) => prepareVisitor(page, { language: 'en', consent: true }));

  test('an unknown path shows 404 Not Found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  });

  test('a trailing slash is removed and the query string kept', async ({ page }) => {
    await page.goto('/newest/?a=1');
    await expect(page).toHaveURL(/\/newest\?a=1$/);
    await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();
  });

  test('the header and the top tabs lead to the main sections', async ({ page }) => {
    await page.goto('/newest');
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    await expect(tabs.getByRole('link')).toHaveText([
      'Messages',
      'Chat groups',
      'Channels',
      'People',
      'About',
    ]);
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
  });
});

test.describe('offline shell', () => {
  test('after the service worker controls the page, an offline reload still renders the shell', async ({
    page,
    context,
  }) => {
    await prepareVisitor(page, { language: 'en', consent: true });
    await page.goto('/newest');
    await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();
    await page
      .waitForFunction(
        async () => {
          const registration = await navigator.serviceWorker.ready;
          return Boolean(registration.active) && navigator.serviceWorker.controller !== null;
        },
        undefined,
        { timeout: 20_000 },
      )
      .catch(async () => {
        // First load: the worker activates and claims the page; a reload puts it in control.
        await page.reload();
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      });
    // Fault the network for the page and for the worker's own fetches.
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  });

  test('a first visit that goes offline before the deferred parts arrive keeps its page, and they load when the network returns', async ({
    page,
    context,
  }) => {
    await prepareVisitor(page, { language: 'en', consent: true });
    // What the first screen defers (the update prompt, the upload indicator, the service-worker
    // bridge, the upload queue) finds no network: the visitor went offline right after the
    // first list arrived.
    let offline = true;
    const deferred = /\/assets\/after-first-screen-[^/]*\.js$/;
    await context.route(deferred, (route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/newest');
    await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();
    await context.setOffline(true);
    // Give the deferred imports time to be tried and fail.
    await page.waitForFunction(
      () => performance.getEntriesByName('waves:first-screen-shown').length > 0,
    );
    await page.waitForTimeout(1500);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();

    offline = false;
    await context.setOffline(false);
    await page.waitForFunction(
      async () => Boolean(await navigator.serviceWorker.getRegistration()),
      undefined,
      { timeout: 20_000 },
    );
  });
});

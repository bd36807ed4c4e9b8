import path from 'node:path';
import sharp from 'sharp';
import { serverEntry } from '../../playwright.config.ts';
import {
  createInstallation,
  kill9,
  startServer,
  type Installation,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { createUser, signInAs, type E2eSite, type TestUser } from './accounts-helpers.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';
import { layoutProblemsOf, SCREEN_SIZES } from './layout-helpers.ts';

/**
 * The auction in a browser (docs/product/marketplace.md "Screens"), against a server of its own
 * started with TEST_CLOCK, so moving its clock touches no other test.
 */
test.describe.configure({ mode: 'serial' });

let installation: Installation;
let server: ServerProcess;
let site: E2eSite;
let seller: TestUser;

const picture = (shade: number) =>
  sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: shade, g: 90, b: 60 } },
  })
    .png()
    .toBuffer();

/** Lists a product as `seller` through the real call (multipart with three images). */
async function listProduct(fields: Record<string, string>): Promise<number> {
  const token = await signInToken(seller);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [index, name] of ['image1', 'image2', 'image3'].entries()) {
    form.set(
      name,
      new Blob([new Uint8Array(await picture(60 * index))], { type: 'image/png' }),
      `${name}.png`,
    );
  }
  const reply = await fetch(`${site.url}/api/v1/treasurehunt/newproduct`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await reply.json()) as { data: { id: number } };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return body.data.id;
}

async function signInToken(user: TestUser): Promise<string> {
  const reply = await fetch(`${site.url}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await reply.json()) as { data: { json_web_token: string } }).data.json_web_token;
}

async function advanceServerClock(ms: number) {
  const reply = await fetch(`${site.url}/api/v1/testing/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advance_ms: ms }),
  });
  expect(reply.status).toBe(200);
}

test.beforeAll(async () => {
  installation = await createInstallation('sqlite');
  server = await startServer(
    installation,
    { TEST_CLOCK: 'true', STATIC_DIR: path.resolve(process.env.E2E_STATIC_DIR ?? 'dist') },
    {
      args: ['--enable-source-maps', serverEntry],
      cwd: path.resolve(import.meta.dirname, '../..'),
    },
  );
  site = { dataDir: installation.dataDir, url: server.url };
  seller = await createUser({}, site);
});

test.afterAll(async () => {
  if (server) await kill9(server);
  await installation?.destroy();
});

test('the price falls on the product page as the server clock moves, down to its floor', async ({
  page,
}) => {
  const id = await listProduct({
    headline: 'Brass ship lantern',
    location: 'Hobart',
    category: 'antiques',
    start_price: '100',
    floor_price: '70',
    step_amount: '10',
    step_seconds: '60',
  });
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`${site.url}/productpage/${id}`);
  const price = page.getByTestId('price');
  await expect(price).toHaveText('$100.00');
  await expect(page.getByText('The price is falling')).toBeVisible();

  await advanceServerClock(60_000);
  // The next poll (every 5 s) shows the step, with the price before it.
  await expect(price).toHaveText('$90.00');
  await expect(
    page.getByText(/^Previous Price: \$100\.00 changed \d+ seconds? ago$/),
  ).toBeVisible();

  await advanceServerClock(10 * 60_000);
  await expect(price).toHaveText('$70.00');
  await expect(page.getByText('Lowest price reached')).toBeVisible();
  await expect(page.getByText(/^Previous Price: \$80\.00 changed/)).toBeVisible();
});

test('a failed price request clears the price and says so; the polling goes on and brings it back', async ({
  page,
}) => {
  const id = await listProduct({
    headline: 'Copper kettle',
    location: 'Ballarat',
    category: 'home',
    start_price: '60',
    floor_price: '20',
    step_amount: '5',
    step_seconds: '3600',
  });
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`${site.url}/productpage/${id}`);
  await expect(page.getByTestId('price')).toHaveText('$60.00');

  // The server fails (the worker's requests too: playwright.config.ts lets routes see them).
  const priceCalls = '**/api/v1/treasurehunt/getlatestprice?**';
  let refused = 0;
  await page.context().route(priceCalls, (route) => {
    refused++;
    return route.fulfill({ status: 503, body: 'unavailable' });
  });
  await expect(page.locator('.th-flip__none')).toHaveText('cannot get price', {
    timeout: 10_000,
  });
  await expect(page.getByTestId('price')).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('Error fetching current price and state');
  await expect(page.getByRole('link', { name: 'Sign in to buy' })).toHaveCount(0);
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

  await page.context().unroute(priceCalls);
  await expect(page.getByTestId('price')).toHaveText('$60.00', { timeout: 10_000 });
  await expect(page.getByText('Error fetching current price and state')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
});

test('the list and the buy form say what failed, in the original’s words', async ({ page }) => {
  const id = await listProduct({
    headline: 'Cast-iron pan',
    location: 'Geelong',
    category: 'home',
    start_price: '35',
    floor_price: '15',
    step_amount: '5',
    step_seconds: '3600',
  });
  const buyer = await createUser({}, site);
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, buyer, site);
  const context = page.context();

  const listCalls = '**/api/v1/treasurehunt/listproducts?**';
  await context.route(listCalls, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
  await page.goto(`${site.url}/productlist`);
  await expect(page.getByRole('alert')).toContainText('Failed to load products!');
  await context.unroute(listCalls);
  // A reply that is not the list where it should be.
  await context.route(listCalls, (route) =>
    route.fulfill({ json: { success: true, message: '', data: [{}], formFieldErrorMessages: {} } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Something went wrong!');
  await context.unroute(listCalls);

  await page.goto(`${site.url}/productpage/${id}`);
  await expect(page.getByTestId('price')).toHaveText('$35.00');
  const buyCall = '**/api/v1/treasurehunt/buyproduct';
  await context.route(buyCall, (route) => route.abort('failed'));
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error purchasing product' }),
  ).toBeVisible();
  await context.unroute(buyCall);
  const price = await fetch(
    `${site.url}/api/v1/treasurehunt/getlatestprice?product_id=${id}&t=${Date.now()}`,
  );
  const record = ((await price.json()) as { data: { getlatestprice: { auction_state: string } }[] })
    .data[0]!.getlatestprice;
  expect(record.auction_state).toBe('falling');
});

test('of two buyers at once, one buys and the other is told it is sold', async ({ browser }) => {
  const id = await listProduct({
    headline: 'Road bike',
    location: 'Fitzroy',
    category: 'sports',
    start_price: '450',
    floor_price: '200',
    step_amount: '25',
    step_seconds: '3600',
  });
  const buyers = await Promise.all([createUser({}, site), createUser({}, site)]);
  const pages = await Promise.all(
    buyers.map(async (buyer) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await prepareVisitor(page, { language: 'en', consent: true });
      await signInAs(page, buyer, site);
      await page.goto(`${site.url}/productpage/${id}`);
      await expect(page.getByTestId('price')).toHaveText('$450.00');
      return page;
    }),
  );
  await Promise.all(pages.map((page) => page.getByRole('button', { name: 'Buy now' }).click()));

  const notices = pages.map((page) => page.getByRole('alert'));
  const outcomes = await Promise.all(
    notices.map(async (notice) => {
      await expect(
        notice.filter({ hasText: /purchased successfully|already been sold/ }),
      ).toBeVisible();
      return (await notice.allTextContents()).join(' ');
    }),
  );
  expect(outcomes.filter((text) => text.includes('Product purchased successfully'))).toHaveLength(
    1,
  );
  expect(
    outcomes.filter((text) => text.includes('This product has already been sold.')),
  ).toHaveLength(1);
  const winner = pages[outcomes.findIndex((text) => text.includes('purchased successfully'))]!;
  await expect(winner.getByText('You bought this.', { exact: false })).toBeVisible();
  await expect(winner.getByText('Sold for $450.00')).toBeVisible();
  for (const page of pages) await page.context().close();
});

test('a seller lists a product with the form, in German, and can withdraw it', async ({ page }) => {
  await prepareVisitor(page, { language: 'de', consent: true });
  await signInAs(page, seller, site);
  await page.goto(`${site.url}/treasurehunt`);
  await page.getByRole('link', { name: 'Etwas verkaufen' }).first().click();
  await expect(page).toHaveURL(/\/treasurehunt\/sell$/);
  await expect(page.getByLabel('Währung')).toHaveValue('AUD');

  await page.getByLabel('Überschrift').fill('Messing-Schiffslaterne');
  await page.getByLabel('Beschreibung').fill('Aus einem Fischkutter, mit Petroleumbrenner.');
  await page.getByLabel('Ort').fill('Hobart');
  await page.getByLabel('Kategorie').selectOption('antiques');
  await page.getByLabel('Startpreis').fill('120');
  await page.getByLabel('Niedrigster Preis').fill('200');
  await page.getByLabel('Sinkt um').fill('10');
  await page.getByLabel('Alle').fill('5');
  await page.getByLabel('Einheit').selectOption('minutes');
  for (const index of [1, 2, 3]) {
    await page.getByLabel(`Bild ${index}`).setInputFiles({
      name: `bild-${index}.png`,
      mimeType: 'image/png',
      buffer: await picture(50 * index),
    });
  }
  await page.getByRole('button', { name: 'Anbieten' }).click();
  await expect(
    page.getByText('Der niedrigste Preis darf nicht über dem Startpreis liegen.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/treasurehunt\/sell$/);

  await page.getByLabel('Niedrigster Preis').fill('60,50');
  await page.getByRole('button', { name: 'Anbieten' }).click();
  await expect(page).toHaveURL(/\/productpage\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Messing-Schiffslaterne' }),
  ).toBeVisible();
  await expect(page.getByTestId('price')).toHaveText(/^120,00\sAU\$$/);
  await expect(
    page.getByText(/^Sinkt um 10,00\sAU\$ alle 5 Minuten bis auf 60,50\sAU\$/),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Bilder' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Bild \d zeigen/ })).toHaveCount(3);

  // The seller does not buy; they may withdraw.
  await expect(page.getByRole('button', { name: 'Jetzt kaufen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Vom Verkauf zurückziehen' }).click();
  await page.getByRole('button', { name: 'Ja, zurückziehen' }).click();
  await expect(page.getByText('Das Produkt wurde zurückgezogen.')).toBeVisible();
});

test('the marketplace screens fit a phone and a desktop in English and German', async ({
  page,
}) => {
  const id = await listProduct({
    headline: 'Long-case grandfather clock with a moon-phase dial',
    description: 'Walnut case, eight-day movement, chimes on the hour. '.repeat(8),
    location: 'Castlemaine, Victoria',
    category: 'antiques',
    start_price: '12500',
    floor_price: '4000',
    step_amount: '250',
    step_seconds: '3600',
  });
  const visitor = await createUser({}, site);
  await prepareVisitor(page, { language: 'en', consent: true });
  await signInAs(page, visitor, site);
  await page.goto(`${site.url}/productlist`);
  const paths = ['/productlist', '/treasurehunt', '/treasurehunt/sell', `/productpage/${id}`];
  expect(
    await layoutProblemsOf(
      page,
      paths.map((path) => site.url + path),
    ),
  ).toEqual([]);

  // The flip price stays on one line, the German one with its currency too.
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(`${site.url}/productpage/${id}`);
    await expect(page.getByTestId('price')).toHaveText(/12.500,00\sAU\$/);
    const lines = await page.getByTestId('price').evaluate((element) => {
      const fontSize = parseFloat(getComputedStyle(element).fontSize);
      return element.getBoundingClientRect().height / (fontSize * 1.2);
    });
    expect(lines, size.name).toBeLessThan(1.5);
  }
});

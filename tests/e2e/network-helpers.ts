import type { BrowserContext, Page } from '@playwright/test';

/** Waits until the service worker controls the page (its requests then go through the worker). */
export async function waitForServiceWorker(page: Page, timeout = 30_000) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout,
  });
}

/**
 * Cuts the network for the pages and for the service worker's own fetches (setOffline alone
 * misses the worker; playwright.config.ts lets routes see the worker's requests).
 */
export async function goOffline(context: BrowserContext) {
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

/** Gives the network back after `goOffline`. */
export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*');
  await context.setOffline(false);
}

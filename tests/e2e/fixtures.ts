import { test as base, expect, type Page } from '@playwright/test';

export interface VisitorState {
  language?: 'en' | 'de';
  consent?: boolean;
}

/** Starts a page as a returning visitor (language chosen, consent given) unless told otherwise. */
export async function prepareVisitor(page: Page, state: VisitorState = {}) {
  const values: Record<string, string> = {};
  if (state.language !== undefined) values['language_code_ui'] = state.language;
  if (state.consent) values['cookieConsent'] = 'accepted';
  // Only on the first document of the test: later navigations keep what the app stored.
  await page.addInitScript((initial) => {
    if (sessionStorage.getItem('e2e-prepared')) return;
    sessionStorage.setItem('e2e-prepared', '1');
    for (const [key, value] of Object.entries(initial)) localStorage.setItem(key, value);
  }, values);
}

export const test = base.extend<{ visitor: Page }>({
  visitor: async ({ page }, use) => {
    await prepareVisitor(page, { language: 'en', consent: true });
    await use(page);
  },
});

export { expect };

import { i18n } from '@lingui/core';
import type { LanguageCode } from '../api/contract/languages.ts';

/**
 * Two catalogs per language (lingui.config.ts): `shell`, the texts of the first screens (the
 * shell, the lists and the player), loaded at start; and `messages`, everything else, loaded
 * before any other screen renders. The split keeps /newest within its JavaScript budget.
 */
type Catalog = () => Promise<{ messages: Record<string, unknown> }>;
const shellCatalogs: Record<LanguageCode, Catalog> = {
  en: () => import('../../locales/en/shell.po'),
  de: () => import('../../locales/de/shell.po'),
};
const fullCatalogs: Record<LanguageCode, Catalog> = {
  en: () => import('../../locales/en/messages.po'),
  de: () => import('../../locales/de/messages.po'),
};

let fullCatalogWanted = false;
const fullLoaded = new Set<string>();

async function loadFull(language: LanguageCode) {
  if (fullLoaded.has(language)) return;
  const [{ messages }] = await Promise.all([
    fullCatalogs[language](),
    import('./server-messages-app.ts'),
  ]);
  // `load` merges into the shell catalog and tells the provider to render again.
  i18n.load(language, messages as never);
  fullLoaded.add(language);
}

/** Loads a language's catalog(s) and makes it current (document language included). */
export async function activateLanguage(language: LanguageCode): Promise<void> {
  if (i18n.locale === language) return;
  const { messages } = await shellCatalogs[language]();
  i18n.load(language, messages as never);
  if (fullCatalogWanted) await loadFull(language);
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** Every screen but the first ones calls this before rendering (the root route does). */
export async function ensureFullCatalog(): Promise<void> {
  fullCatalogWanted = true;
  await loadFull(i18n.locale as LanguageCode);
}

export { i18n };

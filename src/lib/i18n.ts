import { i18n } from '@lingui/core';
import type { LanguageCode } from '../api/contract/constants.ts';

const catalogs: Record<LanguageCode, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/messages.po'),
  de: () => import('../../locales/de/messages.po'),
};

/** Loads a language's compiled catalog and makes it current (document language included). */
export async function activateLanguage(language: LanguageCode): Promise<void> {
  if (i18n.locale === language) return;
  const { messages } = await catalogs[language]();
  i18n.loadAndActivate({ locale: language, messages: messages as never });
  document.documentElement.lang = language;
}

export { i18n };

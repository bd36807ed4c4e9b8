/**
 * Plain constants of the contract. Zod-free on purpose: the client's initial bundle imports
 * these, and zod would cost it ~20 KB brotli (DESIGN.md budget: 115 KB).
 */
export const supportedLanguages = ['en', 'de'] as const;
export type LanguageCode = (typeof supportedLanguages)[number];

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** The shared guest account (spec/accounts-and-shell.md §9 "Guest e-mail fixed"). */
export const GUEST_EMAIL = 'anonymous@waves.invalid';
export const ANONYMOUS_USERNAME = 'anonymous';

/**
 * The languages of the interface. A module of its own because the first screen needs only this:
 * importing constants.ts there would carry every screen's message texts into the initial bundle.
 */
export const supportedLanguages = ['en', 'de'] as const;
export type LanguageCode = (typeof supportedLanguages)[number];

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

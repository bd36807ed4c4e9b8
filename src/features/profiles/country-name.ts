/**
 * A country's name in the interface language, from its two-letter code (Intl), falling back to
 * the English name the server sends. Keeps the 250-country data file out of pages that only
 * show a name.
 */
const cache = new Map<string, Intl.DisplayNames | null>();

export function countryName(code: string, locale: string, fallback = ''): string {
  if (!code) return fallback;
  if (!cache.has(locale)) {
    try {
      cache.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      cache.set(locale, null);
    }
  }
  try {
    const name = cache.get(locale)?.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : fallback || code;
  } catch {
    return fallback || code;
  }
}

/**
 * A wave's public address and the share targets that carry it (docs/product/listening.md
 * "Share links"). `o` says where the link was shared from (`copy`, `sms`, …).
 */
export function publicWaveLink(
  wave: { username: string; wave_name: string },
  origin: string,
  o?: string,
): string {
  const path = `/u/${encodeURIComponent(wave.username)}/${encodeURIComponent(wave.wave_name)}`;
  return `${origin}${path}${o ? `?o=${encodeURIComponent(o)}` : ''}`;
}

/** iPhones and iPads (also iPadOS, which says it is a Mac but has a touch screen). */
export function isAppleMobile(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
  maxTouchPoints: number = globalThis.navigator?.maxTouchPoints ?? 0,
): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * A text message with `body`: iOS reads `sms:&body=`, Android and the rest `sms:?body=`.
 */
export function smsHref(body: string, appleMobile: boolean = isAppleMobile()): string {
  return `sms:${appleMobile ? '&' : '?'}body=${encodeURIComponent(body)}`;
}

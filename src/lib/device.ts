/** A mobile user agent switches share links to sms and uses smaller fonts (docs/product/listening.md "Share links"). */
export function isMobileUserAgent(
  userAgent: string = globalThis.navigator?.userAgent ?? '',
): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);
}

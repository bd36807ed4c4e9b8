/** Messages between the page and the service worker; both sides import these constants. */
export const SW_MESSAGES = {
  skipWaiting: 'SKIP_WAITING',
} as const;

export type PageToWorkerMessage = { type: typeof SW_MESSAGES.skipWaiting };

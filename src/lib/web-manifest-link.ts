/**
 * The web app manifest's link, added once the first screen has been shown (src/main.tsx). The
 * first screen does not need it, and Chromium fetched the manifest while the page loaded (in
 * the traces, before a feed's rows, which wait for their list), on a connection that the list
 * then lacked on HTTP/1.1 (docs/budgets.md "First screen (Lighthouse)"). vite.config.ts takes
 * the link that vite-plugin-pwa writes out of the built index.html. Installing needs the
 * service worker too, which registers at the same moment.
 */
const WEB_MANIFEST_URL = '/manifest.webmanifest';

export function linkWebManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = WEB_MANIFEST_URL;
  document.head.append(link);
}

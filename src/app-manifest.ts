import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest (installability, icons, shortcuts, share target). */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Waves – voice messages',
  short_name: 'Waves',
  description: 'Record, share and listen to short voice messages, even offline.',
  lang: 'en',
  start_url: '/newest',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0f766e',
  background_color: '#f6f8f7',
  categories: ['social', 'music'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest: installability, icons, screenshots, shortcuts and the share target. */
export const webManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Waves – voice messages',
  short_name: 'Waves',
  description: 'Record, share and listen to short voice messages, even offline.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/newest',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#0f766e',
  background_color: '#f6f8f7',
  categories: ['social', 'music'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/phone-newest.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'The newest waves on a phone',
    },
    {
      src: '/screenshots/desktop-newest.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Waves on a desktop browser',
    },
  ],
  shortcuts: [
    {
      name: 'Record a wave',
      short_name: 'Record',
      url: '/recorder',
      icons: [{ src: '/icons/shortcut-record.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'Newest waves',
      short_name: 'Newest',
      url: '/newest',
      icons: [{ src: '/icons/shortcut-newest.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
  // Share an audio file from another app straight into the recorder.
  share_target: {
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      files: [
        {
          name: 'audio',
          accept: [
            'audio/*',
            '.mp3',
            '.m4a',
            '.aac',
            '.wav',
            '.ogg',
            '.oga',
            '.opus',
            '.webm',
            '.flac',
          ],
        },
      ],
    },
  },
};

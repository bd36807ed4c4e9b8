import type { CardLabels } from './card-layout.tsx';

/**
 * The card's fixed words in English. The card page passes its own translations (Lingui);
 * images and videos rendered on the server use these, as an audiogram card is shown in English.
 */
export const englishCardLabels: CardLabels = {
  published: 'Published',
  draft: 'Draft',
  untitled: 'Untitled Wave',
  anonymous: 'anonymous',
  scanToListen: 'Scan to listen',
  qrCode: 'QR code of the wave’s page',
  invalidDate: 'Invalid date',
  dateError: 'Date error',
};

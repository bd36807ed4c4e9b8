import type { CardLabels } from '../../src/lib/audiogram-card/card-layout.tsx';

/** The card's fixed words in English, as the server passes them. */
export const cardLabels: CardLabels = {
  published: 'Published',
  draft: 'Draft',
  untitled: 'Untitled Wave',
  anonymous: 'anonymous',
  scanToListen: 'Scan to listen',
  qrCode: 'QR code of the wave’s page',
  invalidDate: 'Invalid date',
  dateError: 'Date error',
};

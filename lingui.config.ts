import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * `shell`: the texts of what /newest loads (shell, lists, player, upload queue, shared lib).
 * `messages`: every text (the shell's again, so each catalog stands alone once loaded).
 * See src/lib/i18n.ts for when each loads.
 */
const shell = [
  '<rootDir>/src/main.tsx',
  '<rootDir>/src/routes/__root.tsx',
  '<rootDir>/src/routes/index.tsx',
  '<rootDir>/src/routes/newest.tsx',
  '<rootDir>/src/routes/trending.tsx',
  '<rootDir>/src/routes/following.tsx',
  '<rootDir>/src/routes/404.tsx',
  '<rootDir>/src/features/shell',
  '<rootDir>/src/features/waves/components/feed-page.tsx',
  '<rootDir>/src/features/waves/components/wave-list.tsx',
  '<rootDir>/src/features/waves/components/wave-row.tsx',
  '<rootDir>/src/features/waves/components/record-button.tsx',
  '<rootDir>/src/features/waves/components/cached-list-notice.tsx',
  '<rootDir>/src/api/like-wave.ts',
  '<rootDir>/src/features/player',
  '<rootDir>/src/features/uploads/components/upload-indicator-slot.tsx',
  '<rootDir>/src/components/ui',
  '<rootDir>/src/lib',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/shell',
      include: shell,
      exclude: ['<rootDir>/src/lib/server-messages-app.ts'],
    },
    { path: '<rootDir>/locales/{locale}/messages', include: ['<rootDir>/src'] },
  ],
  format: formatter({ lineNumbers: false }),
});

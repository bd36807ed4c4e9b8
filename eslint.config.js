import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featureBoundary = {
  // From src/features/<a>/<dir>/file.ts, "../../<b>/..." reaches into another feature.
  regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/',
  message:
    'Features do not import each other’s internals; move the shared piece to src/components, src/lib or src/api.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/routeTree.gen.ts',
      'data',
      'test-results',
      'playwright-report',
      'bench/.out',
      // Scratch space (builds, traces, screenshots) of parallel work; git ignores it too.
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Use src/lib/storage.ts (the typed storage module).' },
        { name: 'alert', message: 'Use notify() from src/components/ui/notices.tsx.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'alert',
          message: 'Use notify() from src/components/ui/notices.tsx.',
        },
        { object: 'window', property: 'localStorage', message: 'Use src/lib/storage.ts.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'howler',
              message: 'Use the audio engine in src/lib/audio/ (one entry to the singleton).',
            },
            {
              name: 'zod',
              message:
                'Only forms and the contract use zod; route files use src/lib/search-params.ts.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Each feature may import its own files and the shared layers, not another feature.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [featureBoundary],
          paths: [{ name: 'howler', message: 'Use the audio engine in src/lib/audio/.' }],
        },
      ],
    },
  },
  {
    // The one entry to the audio singleton.
    files: ['src/lib/audio/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [
      'src/api/contract/**/*.ts',
      'src/features/**/components/*-form.tsx',
      'src/features/**/forms/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [
      'server/**/*.ts',
      'tests/**/*.{ts,tsx}',
      'bench/**/*.{ts,mjs,js}',
      'scripts/**/*.{mjs,js,ts}',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);

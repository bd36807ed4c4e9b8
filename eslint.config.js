import { existsSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** This repository; packages always resolve from its node_modules. */
const repo = import.meta.dirname;

/**
 * What the server may import from src/ (paths from the repository root). A pure shared module
 * (no DOM, no React state) may join with one line and a comment saying why.
 */
export const serverMayImportFromSrc = [
  'src/api/contract',
  // The audiogram card's layout: the card page shows it, the server renders the same component
  // to images and video frames (satori), so the two never drift apart.
  'src/lib/audiogram-card',
];

/**
 * The page's modules the service worker runs too. Anything else in src/ assumes a window
 * (DOM, localStorage, React) and would break or bloat the worker.
 */
export const swSharedModules = [
  // The typed messages, cache names and paths both sides agree on.
  'src/lib/sw-messages.ts',
  // Background sync runs the same upload queue as the page.
  'src/lib/upload-queue/upload-runner.ts',
  'src/lib/upload-queue/fetch-http-stack.ts',
  // The share target hands the shared file to the page through this store.
  'src/lib/shared-file.ts',
];

/**
 * Where packages resolve to. The resolver reports real paths, so a node_modules that is a
 * symbolic link (a git worktree sharing the main checkout's) must be followed, or a zone
 * naming a package would never match.
 */
const nodeModules = existsSync(path.join(repo, 'node_modules'))
  ? realpathSync(path.join(repo, 'node_modules'))
  : path.join(repo, 'node_modules');

/** A package's folders: the TypeScript resolver may land in its @types package instead. */
const packageDirs = (name) => [name, `@types/${name}`].map((dir) => path.join(nodeModules, dir));

/** Globs for every file except those under `dir` (no-restricted-paths zones have no "except" for targets). */
function everywhereBut(dir) {
  const segments = dir.split('/');
  return segments.flatMap((segment, index) => {
    const other = [...segments.slice(0, index), `!(${segment})`].join('/');
    return [other, `${other}/**`];
  });
}

/**
 * The import direction, as zones: a file under `target` may not import from `from` (except
 * `except`). Each zone stands alone, so they compose: a file gets every zone its path matches.
 * Folders that do not exist (yet) simply match nothing. `root` is the repository (or a lint
 * fixture that mimics it).
 */
function importZones(root) {
  const featuresDir = path.join(root, 'src/features');
  const features = existsSync(featuresDir)
    ? readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
    : [];
  const appTop = ['src/routes', 'src/main.tsx', 'src/routeTree.gen.ts'];
  const serverLower = ['services', 'jobs', 'media', 'providers', 'seed'].map(
    (dir) => `server/${dir}`,
  );
  return [
    // Client: routes → features → api, lib, components.
    ...features.map(({ name }) => ({
      target: `src/features/${name}`,
      from: 'src/features',
      except: [`./${name}`],
      message:
        'Features do not import each other; move the shared piece to src/components, src/lib or src/api.',
    })),
    {
      target: 'src/features',
      from: appTop,
      message: 'Features do not import routes or the app entry; routes render features.',
    },
    {
      target: ['src/api', 'src/lib', 'src/components'],
      from: ['src/features', ...appTop],
      message:
        'src/api, src/lib and src/components are shared layers: they import no feature or route.',
    },
    {
      target: 'src/api/contract',
      from: 'src',
      except: ['./api/contract'],
      message: 'The contract is shared with the server: it imports only the contract (and zod).',
    },
    {
      target: 'src/lib/audiogram-card',
      from: 'src',
      except: ['./lib/audiogram-card', './api/contract'],
      message:
        'The audiogram card is shared with the server: it imports only its own folder and the contract.',
    },
    {
      target: 'src',
      from: ['server', 'sw'],
      message: 'The page imports neither server code nor the service worker.',
    },
    {
      target: 'sw',
      from: 'src',
      except: swSharedModules.map((file) => path.join(root, file)),
      message:
        'The service worker imports sw/ and the modules it shares with the page (swSharedModules in eslint.config.js).',
    },
    { target: 'sw', from: 'server', message: 'The service worker imports no server code.' },
    {
      target: everywhereBut('src/lib/audio'),
      from: packageDirs('howler'),
      message: 'Use the audio engine in src/lib/audio/ (one entry to the singleton).',
    },

    // Server: routes/http → services → db; the kernel under everything.
    {
      target: 'server/kernel',
      from: 'server',
      except: ['./kernel'],
      message: 'The kernel imports nothing else from server/; every layer may import it.',
    },
    { target: 'server/kernel', from: 'src', message: 'The kernel imports nothing from src/.' },
    {
      target: 'server/db',
      from: 'server',
      except: ['./db', './kernel'],
      message: 'db/ (repositories, migrations) imports only db/ and kernel/.',
    },
    {
      target: 'server/db',
      from: 'src',
      except: [path.join(root, 'src/api/contract/constants.ts')],
      message: 'db/ imports from src/ only the contract’s constants.',
    },
    {
      target: serverLower,
      from: [
        'server/http',
        'server/routes',
        'server/app.ts',
        'server/main.ts',
        'server/worker.ts',
        ...['fastify', '@fastify', 'fastify-plugin', 'fastify-type-provider-zod'].flatMap(
          packageDirs,
        ),
      ],
      message:
        'Services, jobs, media, providers and the seed know no HTTP: no http/, routes/, app.ts or Fastify (raise a kernel refusal instead).',
    },
    {
      target: 'server/routes',
      from: 'server/db',
      message: 'Routes call services; SQL stays behind them in db/.',
    },
    {
      target: 'server',
      from: 'src',
      except: serverMayImportFromSrc.map((dir) => path.join(root, dir)),
      message: 'The server imports from src/ only serverMayImportFromSrc (eslint.config.js).',
    },
    { target: 'server', from: 'sw', message: 'The server imports nothing from sw/.' },
  ];
}

/** The whole configuration; `root` lets the lint tests run it over a fixture tree. */
export function wavesConfig({ root = repo } = {}) {
  return tseslint.config(
    {
      ignores: [
        'build',
        'dist',
        'node_modules',
        'src/routeTree.gen.ts',
        'data',
        'test-results',
        'playwright-report',
        'bench/.out',
        // Scratch space (builds, traces, screenshots) of parallel work; git ignores it too.
        '.tmp',
        // Deliberately bad code; tests/lint lints it on purpose.
        'tests/lint/fixtures',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            alwaysTryTypes: true,
            // Its references name the app, node and service-worker projects.
            project: path.join(repo, 'tsconfig.json'),
          }),
        ],
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: importZones(root) }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
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
      },
    },
    {
      // The only user of no-restricted-imports, so no later block can replace it. Types are
      // free: they cost no bytes.
      files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
      ignores: ['src/api/contract/**', 'src/features/**/forms/**', 'src/features/**/*-form.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: [
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
}

export default wavesConfig();

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build as rolldown } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/app-manifest.ts';

/**
 * The initial chunk (docs/budgets.md "Initial JavaScript"): everything the entry imports, every
 * route's eager part (params, search, guards) and what /newest shows (the list, its rows, the
 * player, the shell) with all they import, in one file, which compresses better than the same
 * code in several. Not in it: what loads later (first-visit gates, the update prompt, the
 * upload indicator), every screen's own code (route splitting) and the catalogs.
 */
const ENTRY = /[\\/]src[\\/]main\.tsx$/;
const FIRST_SCREEN =
  /[\\/]src[\\/](features[\\/](player|shell)[\\/]|features[\\/]waves[\\/](hooks[\\/]|components[\\/](feed-page|wave-list|wave-row|record-button|marquee|cached-list-notice)\.)|components[\\/]ui[\\/](avatar|logo|notices)\.)/;
const ROUTE_FILE = /[\\/]src[\\/]routes[\\/][^?]+\.tsx$/;
const LATER = /[\\/](consent-banner|language-chooser|update-prompt)\.tsx$/;
const FEED_ROUTES = new Set(['/', '/newest', '/trending', '/following']);
const inInitialChunk = (id: string) =>
  ENTRY.test(id) || ROUTE_FILE.test(id) || (FIRST_SCREEN.test(id) && !LATER.test(id));

/**
 * What starts once the first screen has been shown, imported through src/after-first-screen.ts,
 * in one chunk with what it imports (docs/budgets.md "First screen (Lighthouse)"), except the
 * restore of saved queries with IndexedDB's helper, which a returning visitor's first screen
 * loads (src/lib/persisted-queries.ts) and so gets a chunk of its own.
 */
const AFTER_FIRST_SCREEN = /[\\/]src[\\/]after-first-screen\.ts$/;
const QUERY_RESTORE = /[\\/](src[\\/]lib[\\/]query-restore\.ts|node_modules[\\/]idb-keyval[\\/])/;

/**
 * src/first-requests.ts runs as a classic script inlined in index.html (docs/decisions.md "The
 * first screen"): bundled with its imports into one function here, not an entry of the app's
 * build, so the first requests wait for no script of their own and no chunk import. It is
 * placed right after the charset, before the stylesheet (a classic script after a stylesheet
 * waits for it). The server allows exactly this script by its hash (server/http/inline-scripts.ts).
 */
const FIRST_REQUESTS = 'src/first-requests.ts';
const SHELL_CATALOG = /[\\/]locales[\\/]([a-z]{2})[\\/]shell\.po$/;
const CHARSET = '<meta charset="UTF-8" />';
function firstRequestsScript(): Plugin {
  return {
    name: 'waves-first-requests',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const shellCatalogs: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          const language = output.type === 'chunk' && output.facadeModuleId?.match(SHELL_CATALOG);
          if (language) shellCatalogs[language[1]!] = `/${output.fileName}`;
        }
        if (!shellCatalogs['en']) throw new Error('the shell catalogs were not built');
        const { output } = await rolldown({
          input: FIRST_REQUESTS,
          platform: 'browser',
          write: false,
          transform: {
            define: { 'import.meta.env.WAVES_SHELL_CATALOGS': JSON.stringify(shellCatalogs) },
          },
          output: { format: 'iife', minify: true },
        });
        const code = output[0].code.trim();
        if (!html.includes(CHARSET)) throw new Error(`index.html has no ${CHARSET}`);
        return html.replace(CHARSET, `${CHARSET}\n    <script>${code}</script>`);
      },
    },
  };
}

/**
 * Takes the web app manifest's link (vite-plugin-pwa adds it) out of the built index.html: the
 * app adds it once the first screen has been shown (src/lib/web-manifest-link.ts).
 */
function manifestAfterFirstScreen(): Plugin {
  const link = /\s*<link rel="manifest"[^>]*>/g;
  return {
    name: 'waves-manifest-after-first-screen',
    apply: 'build',
    // VitePWA's plugin is enforced `post` too; this one comes after it in the list.
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const without = html.replace(link, '');
        if (without === html) throw new Error('index.html has no manifest link to take out');
        return without;
      },
    },
  };
}

/**
 * The build's id (import.meta.env.VITE_BUILD_ID): given by the environment, or a hash of what
 * the client is built from, so every change of the sources is another build. It versions the
 * persisted query cache (docs/architecture.md "Persisted queries") and names the build on the page.
 */
function sourceHash(): string {
  const hash = createHash('sha256');
  const add = (target: string) => {
    if (!existsSync(target)) return;
    if (statSync(target).isDirectory()) {
      for (const entry of readdirSync(target).sort()) add(path.join(target, entry));
    } else if (!target.endsWith('messages.js')) hash.update(target).update(readFileSync(target));
  };
  for (const part of ['src', 'sw', 'locales', 'index.html', 'package-lock.json']) add(part);
  return hash.digest('hex').slice(0, 12);
}
process.env['VITE_BUILD_ID'] ||= sourceHash();

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8081}`;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: their feature code must not weigh on the initial bundle.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
        // The feeds' components are one line around FeedPage, which is in the initial chunk
        // anyway: split off, they only cost the first screen a request and a task.
        splitBehavior: ({ routeId }) => (FEED_ROUTES.has(routeId) ? [] : undefined),
      },
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    firstRequestsScript(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registration happens in src/lib/sw-bridge.ts through workbox-window (update prompt).
      injectRegister: false,
      manifest: webManifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'sounds/*.mp3', 'fonts/*.woff2'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,mp3,webmanifest}'],
        globIgnores: ['**/covers/*.webp', 'screenshots/*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // After VitePWA: it adds the link this takes out.
    manifestAfterFirstScreen(),
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore: the router's store needs the selector helper, not
      // the shim for React 17 that its import path brings along.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // With their static imports (includeDependenciesRecursively, the default).
        codeSplitting: {
          groups: [
            { name: 'app', test: inInitialChunk, priority: 3 },
            { name: 'query-restore', test: QUERY_RESTORE, priority: 2 },
            { name: 'after-first-screen', test: AFTER_FIRST_SCREEN, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
    },
  },
});

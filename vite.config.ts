import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/app-manifest.ts';

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
      },
    }),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
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
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every route's eager part (params, search, guards) is needed at start anyway: one chunk
        // instead of dozens of tiny ones, which compress badly (DESIGN.md JavaScript budget).
        codeSplitting: {
          groups: [
            { name: 'routes', test: /[\\/]src[\\/]routes[\\/][^?]+\.tsx$/ },
            // What /newest shows: the list, its rows, the player and the shell's small parts.
            {
              name: 'first-screen',
              test: /[\\/]src[\\/](features[\\/](player|shell)[\\/]|features[\\/]uploads[\\/]components[\\/]upload-indicator-slot\.|features[\\/]waves[\\/](api[\\/]|components[\\/](feed-page|wave-list|wave-row|record-button|marquee|cached-list-notice)\.)|components[\\/]ui[\\/])/,
            },
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

import { defineConfig } from 'vite';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appAfterFirstPaint } from './scripts/app-after-paint.ts';
import { bundleReport } from './scripts/bundle-report.ts';
import { manifestLinkFromApp } from './scripts/manifest-link.ts';
import { precompressBuild } from './scripts/precompress.ts';
import { prerenderPages } from './scripts/prerender.ts';
import { studioChunks } from './scripts/studio-chunks.ts';
import { themeBootScript } from './scripts/theme-boot.ts';

const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
/** What /login loads at boot besides the entry: the sign-in form and the English texts. */
const BOOT_MODULES = ['src/features/auth/components/LoginPage.tsx', 'src/locales/en.json'];
const studio = studioChunks({ bootModules: BOOT_MODULES });

export default defineConfig({
  plugins: [
    react(),
    // React Compiler: components and hooks memoized at build time, so an update re-renders only what it changes (the
    // studio page re-renders as each of its queries answers, at boot).
    babel({ presets: [reactCompilerPreset()] }),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app once its first page is drawn (`registerServiceWorkerAfterFirstPage`), not at `load`.
      injectRegister: false,
      includeAssets: ['icons/favicon-48.png', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Sound Studio',
        short_name: 'Sound Studio',
        description: 'AI audio studio for creators: text to speech, music, voice design, cloning and isolation.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#0b0b12',
        theme_color: '#6d28d9',
        // PNGs only: Chromium checks installability with the icon nearest 144 px, and an SVG one ("any" size) it would
        // draw as a document on the page's main thread, twice, while the page loads (50-80 ms each, measured).
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Inter's Latin subsets cover English and Turkish; other subsets load on demand only.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', '**/inter-latin*-wght-normal*.woff2'],
        // The pages drawn ahead of time serve first visits only; an installed app starts from index.html.
        globIgnores: ['prerendered/**'],
        navigateFallback: '/index.html',
        // The API and the realtime socket must always reach the network; `/api` alone is the SPA's API page.
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io/],
        cleanupOutdatedCaches: true,
      },
    }),
    // After VitePWA, which writes the manifest's link: the app links it once its first page has settled.
    manifestLinkFromApp(),
    themeBootScript(),
    // The app's scripts start after the first paint: every first page has a form or a frame drawn at build time to show.
    appAfterFirstPaint(),
    studio.plugin,
    bundleReport({ entryPage: '/login', bootModules: BOOT_MODULES }),
    // The sign-in page and the text-to-speech frame drawn ahead of time, for a first visit's first paint.
    prerenderPages(),
    // Last: it compresses what the other plugins wrote, the service worker included.
    precompressBuild(),
  ],
  server: {
    proxy: {
      '^/api/.*': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // No modulepreload links. Each is a request started from script while the app boots: /text-to-speech added 62
    // (the loader's and those of each lazy chunk's imports), 8-22 ms of main thread on this machine, 4 times that on a
    // phone, in the tasks that draw the page. The browser finds a chunk's imports when the chunk arrives instead.
    modulePreload: false,
    rolldownOptions: {
      // Lets the bundler drop the entry's unused exports, which copying common chunks (below) requires.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: studio.groups,
          // The bundler's own common chunks under 12 KB (before minifying) are copied into the chunks that import them,
          // sharing one module state: 44 scripts in all instead of 85, /login's first page 10 instead of 37. Each
          // script is a request and a task on the main thread; /text-to-speech's mobile TBT median went from 1,379 to
          // 1,238 ms in 12 interleaved Lighthouse runs, its time to interactive from 5.2-6.3 s to 4.9-5.2 s.
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
        },
      },
    },
  },
});

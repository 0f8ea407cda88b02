import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompressPlugin } from './scripts/precompress'

/** The API server the dev proxy forwards to (`npm run dev` starts it beside Vite). */
const API_TARGET = process.env.PLAT_API_URL ?? 'http://localhost:8787'
const proxied = ['/parcels', '/healthz', '/demo-key', '/tiles', '/coverage', '/changes', '/proxy']

/**
 * Installable and offline-capable (issue 24): Workbox through vite-plugin-pwa precaches the app
 * shell (HTML, scripts, styles, the us-atlas boundary files of the offline base map, sql.js's wasm,
 * icons, the reports' font), so the app opens with no network after one visit. Nothing of the API
 * is cached by the service worker: records go into a field pack's store deliberately, tiles through
 * the packs' protocol (src/features/field). `prompt`: a new version installs and waits; the app
 * shows "new version" and it takes over on the next visit or when the person says so, never
 * mid-task. The dev server runs without it (hot reload and a caching worker fight).
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Plat — US parcel finder',
    short_name: 'Plat',
    description: 'Find US land parcels on a map; take a search into the field, offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#eef1ec',
    theme_color: '#1f3b4d',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,json,wasm,png,svg,webmanifest,ttf}'],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
    // MapLibre's chunk and the county lines are ~1 MB each.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/(parcels|tiles|coverage|changes|proxy|healthz|readyz|demo-key)(\/|$)/],
    cleanupOutdatedCaches: true,
    clientsClaim: false,
    skipWaiting: false,
    runtimeCaching: [],
  },
  devOptions: { enabled: false },
})

export default defineConfig({
  plugins: [react(), pwa, precompressPlugin()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: true }])),
  },
})

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompressPlugin } from './scripts/precompress'

/** The API server the dev proxy forwards to (`npm run dev` starts it beside Vite). */
const API_TARGET = process.env.PLAT_API_URL ?? 'http://localhost:8787'
const proxied = ['/parcels', '/healthz', '/demo-key', '/tiles', '/coverage', '/changes', '/proxy']

export default defineConfig({
  plugins: [react(), precompressPlugin()],
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

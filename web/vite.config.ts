import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compressAssets } from './compress-assets'

const webRoot = path.dirname(fileURLToPath(import.meta.url))
const projectRoot = path.dirname(webRoot)
// `npm run dev` passes PORT to both the server and Vite, so the proxy follows it.
const api = `http://127.0.0.1:${process.env.PORT || '3000'}`

/**
 * What every page needs before it renders, in one chunk whose name and hash change only when
 * these packages are upgraded: a feature's chunk never carries a copy, and a new build of the
 * product leaves the browser's cached vendor chunk valid.
 */
const VENDOR =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query))[\\/]/
/**
 * Components, lib helpers and other packages that two or more chunks use, in one chunk: left
 * to itself the bundler made a chunk of each (a dozen under 1 KB), and every one cost a request
 * with its headers on the first visit (45 requests for /contests, now 20).
 */
/**
 * The QR code of the projector boards (the `qrcode` package and the component around it): only
 * the two board pages use it, so it loads with them and never with the first visit.
 */
const QR =
  /[\\/]node_modules[\\/](?:qrcode|dijkstrajs|pngjs|encode-utf8)[\\/]|[\\/]web[\\/]src[\\/]components[\\/]JoinQr/
const SHARED = /[\\/]web[\\/]src[\\/](?:components|lib)[\\/]|[\\/]node_modules[\\/]/

/**
 * The web client. `root` is web/ and the build lands in web/dist, which the server serves
 * with an SPA fallback, precompressed (brotli and gzip copies written by `compressAssets`).
 * `.vite/manifest.json` maps sources to chunks (the bundle budget test reads it). In development
 * the API, token endpoint, media and /cable are proxied to the local server so the browser only
 * ever talks to one origin (cookies, CSP, cable auth).
 */
export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), compressAssets()],
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    chunkSizeWarningLimit: 400,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR, priority: 3 },
            { name: 'qr', test: QR, priority: 2 },
            { name: 'shared', test: SHARED, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    // The client imports pure rules from server/domain.
    fs: { allow: [projectRoot] },
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/oauth': { target: api, changeOrigin: false },
      '/post_login': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
      // The simulated payment gateways' pages (add cash).
      '/gateway': { target: api, changeOrigin: false },
      '/cable': { target: api, ws: true, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
})

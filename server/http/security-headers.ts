import type { MiddlewareHandler } from 'hono'

/**
 * The app's Content Security Policy. Scripts, styles and workers come from our own origin only;
 * MapLibre also starts workers from blob: URLs and draws tiles through blob: images. Online basemaps
 * and a parcel API on another server are reached over https (Settings lets the user point the app at
 * any server that speaks the spec); `CSP_CONNECT_SRC` adds sources such as a plain-http API.
 */
function appCsp(extraConnect: readonly string[]): string {
  return [
    "default-src 'self'",
    // 'wasm-unsafe-eval': WebAssembly compilation only (sql.js for the GeoPackage export, issue 24); no eval.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https: ${extraConnect.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** An API answer is data, never a document: nothing in it may load or run anything. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

/**
 * The app's documents: its page, and its scripts — a worker runs under the CSP of its own script's
 * answer, not the page's, so the API's `default-src 'none'` on a script would stop a worker (the
 * map's tile loader) from fetching anything.
 */
const APP_DOCUMENT = /^(text\/html|text\/javascript|application\/javascript)/i

/** Headers every answer carries; the app's page and scripts get the app's CSP, everything else the API's. */
export function securityHeaders(extraConnect: readonly string[]): MiddlewareHandler {
  const csp = appCsp(extraConnect)
  return async (c, next) => {
    await next()
    const h = c.res.headers
    h.set('content-security-policy', APP_DOCUMENT.test(h.get('content-type') ?? '') ? csp : API_CSP)
    h.set('x-content-type-options', 'nosniff')
    h.set('referrer-policy', 'no-referrer')
    h.set('x-frame-options', 'DENY')
    h.set('cross-origin-opener-policy', 'same-origin')
    h.set('permissions-policy', 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)')
  }
}

/** HTTP hygiene: compression, caching, security headers, 405 with Allow, request ids, CORS. */
import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CORS_ORIGIN, STATIC_ASSET } from './context'
import { baseUrl, call, keyOf, post, show } from './http'

/** A raw request (fetch would decode the body and hide Content-Encoding handling from the test). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl()), { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const page = JSON.stringify({ filters: [], limit: 100 })
const auth = () => ({ authorization: `Bearer ${keyOf('full')}`, 'content-type': 'application/json' })

describe('compression', () => {
  it('a page of records is sent as brotli or gzip as the client prefers, and decodes to the same JSON', async () => {
    const plain = await raw('POST', '/parcels/query', auth(), page)
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await raw('POST', '/parcels/query', { ...auth(), 'accept-encoding': 'gzip, deflate, br' }, page)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    const gz = await raw('POST', '/parcels/query', { ...auth(), 'accept-encoding': 'br;q=0.5, gzip;q=1' }, page)
    expect(gz.headers['content-encoding']).toBe('gzip')
    const text = plain.body.toString()
    expect(brotliDecompressSync(br.body).toString()).toBe(text)
    expect(gunzipSync(gz.body).toString()).toBe(text)
    expect(br.body.length).toBeLessThan(text.length / 5)
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
  })

  it('small answers and identity-only clients get no encoding', async () => {
    const health = await raw('GET', '/healthz', { 'accept-encoding': 'br' })
    expect(health.headers['content-encoding']).toBeUndefined()
    const none = await raw('POST', '/parcels/query', { ...auth(), 'accept-encoding': 'identity, br;q=0' }, page)
    expect(none.headers['content-encoding']).toBeUndefined()
  })

  it("the app's hashed assets are served precompressed and cached for good; the page is revalidated", async () => {
    const asset = await raw('GET', `/${STATIC_ASSET}`, { 'accept-encoding': 'gzip, br' })
    expect(asset.status).toBe(200)
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(asset.body).toString()).toContain('export const plat')
    const index = await raw('GET', '/', { 'accept-encoding': 'gzip, br' })
    expect(index.status).toBe(200)
    expect(index.headers['cache-control']).toBe('no-cache')
  })
})

describe('caching and security headers', () => {
  it('records and errors under /parcels are never stored', async () => {
    const ok = await post('/parcels/query', { filters: [], limit: 1 })
    expect(ok.headers.get('cache-control')).toBe('no-store')
    const bad = await post('/parcels/query', { filters: [], limit: 0 })
    expect(bad.headers.get('cache-control')).toBe('no-store')
  })

  it('the app page has a strict CSP and the usual headers; API answers forbid everything', async () => {
    const app = await call('GET', '/', undefined, { key: null })
    const csp = app.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    // WebAssembly may compile (sql.js, the GeoPackage export: issue 24); JavaScript eval may not.
    expect(csp).not.toMatch(/'unsafe-eval'|script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/worker-src 'self' blob:/)
    expect(app.headers.get('x-content-type-options')).toBe('nosniff')
    expect(app.headers.get('referrer-policy')).toBe('no-referrer')
    // A worker runs under its own script's CSP: the app's scripts carry the app's, so workers may fetch.
    const script = await call('GET', `/${STATIC_ASSET}`, undefined, { key: null })
    expect(script.headers.get('content-security-policy')).toBe(csp)
    const api = await post('/parcels/query', { filters: [], limit: 1 })
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(api.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('methods and ids', () => {
  it.each([
    ['GET', '/parcels/area', 'POST'],
    ['DELETE', '/parcels/query', 'POST'],
    ['POST', '/parcels/point', 'GET, HEAD'],
    ['PUT', '/parcels/address', 'GET, HEAD'],
    ['POST', '/healthz', 'GET, HEAD'],
  ] as const)('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const res = await call(method as 'GET', path, method === 'GET' ? undefined : {})
    expect(res.status, show(res)).toBe(405)
    expect(res.headers.get('allow')).toBe(allow)
    expect(typeof (res.body as { detail?: unknown }).detail).toBe('string')
  })

  it('an unknown endpoint is still 404', async () => {
    const res = await call('POST', '/parcels/nope', {})
    expect(res.status).toBe(404)
  })

  it('every answer carries a request id; a plain incoming one is echoed, a hostile one replaced', async () => {
    const own = await raw('GET', '/healthz', { 'x-request-id': 'lb-1234.abc' })
    expect(own.headers['x-request-id']).toBe('lb-1234.abc')
    const hostile = await raw('GET', '/healthz', { 'x-request-id': 'a b\tc' })
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

/**
 * A body sent slowly in `chunks` pieces of `chunkBytes`, one every `gapMs`; resolves once every byte
 * was written and the whole answer read; rejects on a broken pipe, a reset or a connection closed early.
 */
function slowPost(path: string, headers: Record<string, string>, chunks: number, chunkBytes: number, gapMs: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answer: { status: number; body: string } | undefined
    let written = false
    const settle = () => answer && written && resolve(answer)
    const req = request(new URL(path, baseUrl()), { method: 'POST', headers }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => {
        text += c.toString()
      })
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body: text }
        settle()
      })
    })
    req.on('error', reject)
    req.on('finish', () => {
      written = true
      settle()
    })
    // One JSON string spread over the chunks, so the body is valid JSON if anything reads it.
    req.write('{"pad":"')
    let sent = 0
    const tick = setInterval(() => {
      if (sent === chunks) {
        clearInterval(tick)
        req.end('"}')
        return
      }
      req.write('x'.repeat(chunkBytes))
      sent++
    }, gapMs)
    req.on('close', () => {
      clearInterval(tick)
      if (!written) reject(new Error(`the connection was closed after ${sent} of ${chunks} chunks were sent`))
    })
  })
}

describe('answers given before the body is read', () => {
  it('a client still sending a 3 MB area body gets the 401 whole, not a broken pipe', async () => {
    // 12 × 256 KB, one every 150 ms: past the half second after which the connection used to be closed.
    const headers = { authorization: 'Bearer not-a-key', 'content-type': 'application/json' }
    const res = await slowPost('/parcels/area', headers, 12, 256 * 1024, 150)
    expect(res.status, res.body).toBe(401)
    expect(JSON.parse(res.body).detail).toMatch(/key/i)
    // The connection served the whole exchange; the server is still answering.
    expect((await call('GET', '/healthz')).status).toBe(200)
  })
})

describe('CORS (CORS_ORIGINS)', () => {
  it('an allowed origin gets a preflight answer and the headers; another origin gets none', async () => {
    const preflight = await raw('OPTIONS', '/parcels/query', {
      origin: CORS_ORIGIN,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers['access-control-allow-origin']).toBe(CORS_ORIGIN)
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization')
    const actual = await raw('POST', '/parcels/query', { ...auth(), origin: CORS_ORIGIN }, page)
    expect(actual.headers['access-control-allow-origin']).toBe(CORS_ORIGIN)
    const other = await raw('POST', '/parcels/query', { ...auth(), origin: 'https://evil.example' }, page)
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('the extensions a page or an MCP client calls answer preflights too: watches, words, /mcp, /openapi.json', async () => {
    const asks: [string, string, string][] = [
      ['/watches', 'POST', 'authorization, content-type'],
      ['/watches/some-id', 'DELETE', 'authorization'],
      ['/watches/some-id', 'PATCH', 'authorization, content-type'],
      ['/parse-query', 'GET', 'authorization'],
      ['/mcp', 'POST', 'authorization, content-type, mcp-session-id, mcp-protocol-version'],
      ['/openapi.json', 'GET', ''],
    ]
    for (const [path, method, headers] of asks) {
      const preflight = await raw('OPTIONS', path, {
        origin: CORS_ORIGIN,
        'access-control-request-method': method,
        ...(headers ? { 'access-control-request-headers': headers } : {}),
      })
      expect(preflight.status, `${method} ${path}`).toBeLessThan(300)
      expect(preflight.headers['access-control-allow-origin'], `${method} ${path}`).toBe(CORS_ORIGIN)
      expect(String(preflight.headers['access-control-allow-methods']), `${method} ${path}`).toContain(method)
      const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase()
      for (const h of headers.split(', ').filter(Boolean)) expect(allowed, `${method} ${path}`).toContain(h)
    }
    const spec = await raw('GET', '/openapi.json', { origin: CORS_ORIGIN })
    expect(spec.headers['access-control-allow-origin']).toBe(CORS_ORIGIN)
    const mcp = await raw('OPTIONS', '/mcp', {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
    })
    expect(mcp.headers['access-control-allow-origin']).toBeUndefined()
  })
})

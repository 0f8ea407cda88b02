/**
 * Static files across a deploy (issue 39): two instances on different builds behind one address.
 * A page of the old build asks the new instance for the old build's chunk; that miss must be a 404
 * nobody caches, never the app's page as a year-long immutable "script". Client routes still get
 * the page when navigated to; `/proxy/usage` on a local-mode server is a JSON 404, not the page.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type SpawnedServer, spawnServer } from './spawn-server'

const backendName = inject('backend')

function writeBuild(dir: string, chunk: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>Plat</title><script type="module" src="/${chunk}"></script>`,
  )
  writeFileSync(join(dir, chunk), `export const build = ${JSON.stringify(chunk)}\n`)
}

describe(`static files of two builds (${backendName})`, () => {
  const OLD = 'assets/index-0ld0ld.js'
  const NEW = 'assets/index-n3wn3w.js'
  let own: IsolatedBackend
  let server: SpawnedServer
  beforeAll(async () => {
    // The prepared database other files' servers copy (the files served are the subject here): an
    // empty one of its own was an initdb and a demo load more on a clean clone (issue 36).
    own = await isolatedBackend(backendName, {}, { prepared: true })
    writeBuild(join(own.dataDir, 'dist-old'), OLD)
    writeBuild(join(own.dataDir, 'dist-new'), NEW)
    // Only the new instance runs here: the old build's page is what a browser still holds.
    server = await spawnServer({ ...own.env, STATIC_DIR: join(own.dataDir, 'dist-new') })
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await own?.cleanup()
  })

  /** node:http, not fetch: fetch sends its own Sec-Fetch-Mode (cors), and these tests set it. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Headers; text(): Promise<string>; json(): Promise<unknown> }>((ok, fail) => {
      const req = request(new URL(path, server.baseUrl), { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString()
          const h = new Headers()
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v)
          ok({ status: res.statusCode ?? 0, headers: h, text: async () => body, json: async () => JSON.parse(body) })
        })
      })
      req.on('error', fail)
      req.end()
    })

  it("the old build's chunk is a 404 that is never cached and never HTML", async () => {
    const asScript: Record<string, string> = { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' }
    for (const fetchMode of [asScript, {}]) {
      const res = await get(`/${OLD}`, fetchMode)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type') ?? '').not.toContain('text/html')
      expect(res.headers.get('cache-control') ?? 'no-store').toBe('no-store')
    }
    // Any path naming a file, inside /assets/ or not.
    for (const path of ['/favicon-0ld.png', '/assets/fonts', '/manifest.old.webmanifest']) {
      const res = await get(path, { 'sec-fetch-mode': 'navigate' })
      expect(res.status, path).toBe(404)
      expect(res.headers.get('cache-control') ?? 'no-store', path).not.toContain('immutable')
    }
  })

  it("the new build's chunk is served and cached for good", async () => {
    const res = await get(`/${NEW}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toContain(NEW)
  })

  it('a client route navigated to gets the new page, revalidated; a fetch of it does not', async () => {
    const page = await get('/some/client/route', { 'sec-fetch-mode': 'navigate', accept: 'text/html' })
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-cache')
    expect(await page.text()).toContain(NEW)
    expect((await get('/some/client/route')).status).toBe(200)
    const fetched = await get('/some/client/route', { 'sec-fetch-mode': 'cors' })
    expect(fetched.status).toBe(404)
  })

  it('/proxy/usage on a local-mode server is a JSON 404, not the page', async () => {
    const res = await get('/proxy/usage', { 'sec-fetch-mode': 'navigate' })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(((await res.json()) as { detail: string }).detail).toMatch(/No such endpoint/)
  })
})

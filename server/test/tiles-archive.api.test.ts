/**
 * The outline archive served by a server of its own (TILES_ARCHIVE_FILE), on the project's backend:
 * HTTP Range as a static host answers it (206 + Content-Range, 200 whole, 416, ETag, If-None-Match,
 * If-Range, HEAD), the key checked as for tiles, `/coverage` naming it, and the `pmtiles` library
 * reading a tile through it over HTTP with the key in a header, as the app does.
 */
import { rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FetchSource, PMTiles } from 'pmtiles'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CoverageResponseSchema } from '../../contract/tiles'
import { TILES_ARCHIVE_CONTENT_TYPE, TILES_ARCHIVE_PATH } from '../../contract/tiles-archive'
import { writePmtiles } from '../../formats/pmtiles'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type SpawnedServer, spawnServer } from './spawn-server'

const backend = inject('backend')

/** Enough tiles that the archive is far past the first 16 KiB a reader asks for. */
const archiveBytes = () => {
  const tiles = []
  for (let x = 0; x < 40; x++)
    for (let y = 0; y < 40; y++) tiles.push({ z: 14, x: 3900 + x, y: 6000 + y, data: new Uint8Array(64).fill(x ^ y) })
  return writePmtiles(tiles, { tileCompression: 'none', bounds: [-95, 40, -93, 42], metadata: { name: 'test' } })
}

describe(`the outline archive over HTTP (${backend})`, () => {
  let own: IsolatedBackend
  let server: SpawnedServer
  let key: string
  let size: number
  const file = join(tmpdir(), `plat-archive-api-${process.pid}.pmtiles`)
  const url = () => `${server.baseUrl}${TILES_ARCHIVE_PATH}`
  const get = (headers: Record<string, string> = {}, method = 'GET') =>
    fetch(url(), { method, headers: { authorization: `Bearer ${key}`, ...headers } })

  beforeAll(async () => {
    await writeFile(file, archiveBytes())
    size = (await stat(file)).size
    own = await isolatedBackend(backend, { TILES_ARCHIVE_FILE: file }, { prepared: true })
    server = await spawnServer(own.env)
    key = (await (await fetch(`${server.baseUrl}/demo-key`)).json()).key as string
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await own?.cleanup()
    await rm(file, { force: true })
  })

  it('answers one byte range with 206 and Content-Range, and the whole file with 200', async () => {
    const part = await get({ range: 'bytes=0-16383' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-16383/${size}`)
    expect(part.headers.get('content-type')).toBe(TILES_ARCHIVE_CONTENT_TYPE)
    expect(part.headers.get('accept-ranges')).toBe('bytes')
    const head = new Uint8Array(await part.arrayBuffer())
    expect(head.length).toBe(16384)
    expect(new TextDecoder().decode(head.slice(0, 7))).toBe('PMTiles')
    const tail = await get({ range: 'bytes=-10' })
    expect(tail.status).toBe(206)
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`)
    expect((await tail.arrayBuffer()).byteLength).toBe(10)
    const whole = await get()
    expect(whole.status).toBe(200)
    expect(Number(whole.headers.get('content-length'))).toBe(size)
    expect((await whole.arrayBuffer()).byteLength).toBe(size)
  })

  it('refuses a range outside the file with 416 and says why; HEAD has the headers and no body', async () => {
    const past = await get({ range: `bytes=${size}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`)
    expect(((await past.json()) as { detail: string }).detail).toMatch(/starts at/)
    const head = await get({ range: 'bytes=0-99' }, 'HEAD')
    expect(head.status).toBe(206)
    expect(head.headers.get('content-length')).toBe('100')
    expect((await head.arrayBuffer()).byteLength).toBe(0)
  })

  it('revalidates by ETag: 304 for If-None-Match, the whole file when If-Range names another', async () => {
    const etag = (await get({ range: 'bytes=0-0' })).headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect((await get({ 'if-none-match': etag })).status).toBe(304)
    expect((await get({ range: 'bytes=0-9', 'if-range': etag })).status).toBe(206)
    expect((await get({ range: 'bytes=0-9', 'if-range': '"other"' })).status).toBe(200)
  })

  it('needs a key whose plan has tiles, as the tiles do', async () => {
    expect((await fetch(url(), { headers: { range: 'bytes=0-9' } })).status).toBe(401)
  })

  it('is named in /coverage, and the pmtiles reader reads tiles through it with the key', async () => {
    const coverage = CoverageResponseSchema.parse(
      await (await fetch(`${server.baseUrl}/coverage`, { headers: { authorization: `Bearer ${key}` } })).json(),
    )
    expect(coverage.tiles?.archive).toBe(TILES_ARCHIVE_PATH)
    const archive = new PMTiles(new FetchSource(url(), new Headers({ authorization: `Bearer ${key}` })))
    expect(await archive.getMetadata()).toEqual({ name: 'test' })
    const tile = await archive.getZxy(14, 3900 + 7, 6000 + 3)
    expect([...new Uint8Array(tile!.data)].slice(0, 3)).toEqual([7 ^ 3, 7 ^ 3, 7 ^ 3])
  })
})

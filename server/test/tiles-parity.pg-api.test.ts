/**
 * The two tile makers agree: the same demo data on the embedded database (SQL clipping, Node
 * encoding) and on PostgreSQL (ST_AsMVT) gives the same features, properties, outlines and places
 * for the same tiles, and the size cap makes the same choice on both. The cap is set low here so
 * the low zooms are made at reduced detail and that path is compared too.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CoverageResponseSchema } from '../../contract/tiles'
import { decodeTile, tileDifferences } from '../tiles/tile-decode.test-support'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type SpawnedServer, spawnServer } from './spawn-server'
import { fetchTile, type Tile, tileAt, tilePath } from './tile-oracle.test-support'

const SAME_DATA = { DEMO_PARCELS: '1500', DEMO_SEED: '7', TILE_MAX_KB: '24' }

interface Side {
  own: IsolatedBackend
  server: SpawnedServer
  key: string
}

async function side(backend: 'embedded' | 'postgres'): Promise<Side> {
  const own = await isolatedBackend(backend, SAME_DATA)
  const server = await spawnServer(own.env)
  const key = (await readFile(join(own.dataDir, 'demo-key'), 'utf8')).trim()
  return { own, server, key }
}

describe('tiles from the embedded database and from PostgreSQL', () => {
  let sides: Side[] = []
  beforeAll(async () => {
    sides = await Promise.all([side('embedded'), side('postgres')])
  }, 300_000)
  afterAll(async () => {
    for (const s of sides) {
      await s.server.stop()
      await s.own.cleanup()
    }
  })

  const get = async (s: Side, path: string) => {
    const answer = await fetchTile(s.server.baseUrl, path, s.key)
    expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(200)
    return answer
  }

  it('list the same coverage', async () => {
    const [e, p] = await Promise.all(sides.map((s) => get(s, '/coverage')))
    // Everything but when each was loaded.
    const counties = (text: string) =>
      CoverageResponseSchema.parse(JSON.parse(text)).counties.map(({ loaded_at: _, ...c }) => c)
    expect(counties(e!.text).length).toBeGreaterThan(0)
    expect(counties(e!.text)).toEqual(counties(p!.text))
  })

  it('hold the same features at z10–z16 over every covered county, at full and reduced detail', async () => {
    const [embedded, postgres] = sides as [Side, Side]
    const coverage = CoverageResponseSchema.parse(JSON.parse((await get(embedded, '/coverage')).text))
    const tiles: Tile[] = []
    for (const c of coverage.counties) {
      const [w, s, e, n] = c.bbox
      for (let z = 10; z <= 16; z++) {
        const t = tileAt((w + e) / 2, (s + n) / 2, z)
        tiles.push(t, { z, x: t.x + 1, y: t.y }, { z, x: t.x, y: t.y + 1 })
      }
    }
    let features = 0
    const details = new Set<string>()
    const problems: string[] = []
    for (const t of tiles) {
      const path = tilePath(t)
      const [a, b] = await Promise.all([get(embedded, path), get(postgres, path)])
      const da = decodeTile(a.bytes)
      const db = decodeTile(b.bytes)
      features += da.parcels.length
      const detail = a.headers.get('x-tile-detail') ?? 'none'
      details.add(detail.split(';')[0] as string)
      if (detail !== b.headers.get('x-tile-detail')) {
        problems.push(`${path}: detail ${detail} ≠ ${b.headers.get('x-tile-detail')}`)
      }
      if (a.headers.get('x-tile-omitted') !== b.headers.get('x-tile-omitted')) {
        problems.push(`${path}: omitted ${a.headers.get('x-tile-omitted')} ≠ ${b.headers.get('x-tile-omitted')}`)
      }
      problems.push(...tileDifferences(da, db).map((d) => `${path}: ${d}`))
    }
    expect(problems.slice(0, 20)).toEqual([])
    // Not a comparison of empty tiles: both detail steps were exercised on real parcels.
    expect(features).toBeGreaterThan(1000)
    expect([...details].sort()).toEqual(['full', 'reduced'])
  })
})

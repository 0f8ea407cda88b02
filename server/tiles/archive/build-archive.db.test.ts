/**
 * The archive round-trips: every tile read back with the `pmtiles` library (which un-gzips it) is
 * byte for byte the tile the live endpoint's service makes for the same data version, and every
 * tile the archive leaves out is one the live endpoint answers empty. On both backends.
 */
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PMTiles, type Source } from 'pmtiles'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ARCHIVE_FACTS_KEY, ArchiveFactsSchema } from '../../../contract/tiles-archive'
import type { Database } from '../../db/database'
import { migratedPglite, migratedPostgres } from '../../db/migrated-db.test-support'
import { describePostgres } from '../../db/postgres.test-support'
import { squareLot } from '../../db/square-lot.test-support'
import { loadCounty } from '../../load/load-county'
import type { StagedRow } from '../../load/rows/staged-row'
import { SCHEMA } from '../../schema'
import { tileService } from '../tile-service'
import { archiveTileIds, tileOfId } from './archive-tile-list'
import { ArchiveError, buildArchive } from './build-archive'

const STORY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }
const BOONE = { state_fp: '19', county_fp: '015', state: 'IA', county: 'Boone' }
const HAMILTON_IL = { state_fp: '17', county_fp: '065', state: 'IL', county: 'Hamilton' }
const CAP = 512 * 1024

/** A block of n×n lots from (x, y), with a town name so the places layer has a point. */
const lots = (x: number, y: number, n: number, city: string): StagedRow[] =>
  Array.from({ length: n * n }, (_, i) => ({
    feature: i + 1,
    layer: null,
    attrs: { parcel_id: `P${i}`, city, owner: `OWNER ${i % 7}` },
    extra: {},
    geom: squareLot(x + (i % n) * 0.0015, y + Math.floor(i / n) * 0.0015, 0.001),
  }))

const fileSource = (bytes: Uint8Array): Source => ({
  getKey: () => 'file',
  getBytes: async (offset, length) => ({
    data: bytes.buffer.slice(bytes.byteOffset + offset, bytes.byteOffset + offset + length) as ArrayBuffer,
  }),
})

function roundTrip(open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  let db: Database
  let cleanup: () => Promise<void>
  const out = join(tmpdir(), `plat-archive-${process.pid}-${Date.now()}.pmtiles`)

  beforeAll(async () => {
    ;({ db, cleanup } = await open())
    await loadCounty(db, { county: STORY, source: 'story.geojson', items: [lots(-93.62, 42.02, 8, 'AMES')] })
    await loadCounty(db, { county: BOONE, source: 'boone.geojson', items: [lots(-93.9, 42.05, 4, 'BOONE')] })
    await loadCounty(db, { county: HAMILTON_IL, source: 'il.geojson', items: [lots(-88.5, 38.1, 3, 'MCLEANSBORO')] })
  }, 180_000)
  afterAll(async () => {
    await rm(out, { force: true })
    await cleanup?.()
  })

  it('every tile of a state archive equals the live tile; the tiles it leaves out are empty live', async () => {
    const seen: number[] = []
    const result = await buildArchive(db, {
      out,
      state: 'ia',
      capBytes: CAP,
      timeoutMs: 10_000,
      progress: (p) => seen.push(p.done),
    })
    expect(result).toMatchObject({ counties: 2, parcels: 64 + 16 })
    expect(seen.at(-1)).toBe(result.tiles)
    const bytes = new Uint8Array(await readFile(out))
    expect(bytes.length).toBe(result.bytes)
    const archive = new PMTiles(fileSource(bytes))
    const header = await archive.getHeader()
    expect(header).toMatchObject({ specVersion: 3, tileType: 1, tileCompression: 2, minZoom: 10, maxZoom: 16 })
    expect(header.numAddressedTiles).toBe(result.written)

    const facts = ArchiveFactsSchema.parse(
      ((await archive.getMetadata()) as Record<string, unknown>)[ARCHIVE_FACTS_KEY],
    )
    const live = tileService(db, { timeoutMs: 10_000, capBytes: CAP, store: false })
    expect(facts.data_version).toBe(await live.version())
    expect(facts.state).toBe('IA')
    expect(facts.counties.map((c) => `${c.state_fp}${c.county_fp}:${c.archived}`)).toEqual([
      '17065:false',
      '19015:true',
      '19169:true',
    ])

    const story = facts.counties.find((c) => c.county_fp === '169')!
    const ids = archiveTileIds([story.bbox, facts.counties.find((c) => c.county_fp === '015')!.bbox])
    expect(ids.length).toBe(result.tiles)
    let compared = 0
    for (const id of ids) {
      const t = tileOfId(id)
      const made = await live.tile(t)
      const got = await archive.getZxy(t.z, t.x, t.y)
      if (made.bytes.length === 0) expect(got).toBeUndefined()
      else {
        expect(got, `${t.z}/${t.x}/${t.y}`).toBeDefined()
        expect(Buffer.from(new Uint8Array(got!.data)).equals(Buffer.from(made.bytes)), `${t.z}/${t.x}/${t.y}`).toBe(
          true,
        )
        compared++
      }
    }
    expect(compared).toBe(result.written)
    // Illinois is not in an Iowa archive.
    const il = facts.counties.find((c) => c.state_fp === '17')!
    expect(await archive.getZxy(16, ...zxyOf(il.bbox, 16))).toBeUndefined()
  }, 120_000)

  it('a state with nothing loaded is said in words', async () => {
    await expect(buildArchive(db, { out, state: 'NE', capBytes: CAP, timeoutMs: 10_000 })).rejects.toThrow(
      new ArchiveError('No county of NE is loaded (loaded: IL, IA); nothing to archive.'),
    )
  })
}

function zxyOf([west, south]: [number, number, number, number], z: number): [number, number] {
  const n = 2 ** z
  const lat = (south * Math.PI) / 180
  return [
    Math.floor(((west + 0.0005 + 180) / 360) * n),
    Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n),
  ]
}

describe('outline archive on the embedded database', () => {
  roundTrip(() => migratedPglite('plat-archive', SCHEMA))
})

describePostgres('outline archive on PostgreSQL', (url) => {
  roundTrip(() => migratedPostgres(url, 'plat_archive', SCHEMA))
})

/**
 * The loader checked end to end, as the "done when" says: five counties, one per input
 * format and in three CRSs (State Plane Iowa North US feet, UTM 15N metres, longitude/latitude),
 * loaded with the real CLI; a real server with DEMO=off; every answer over HTTP compared with facts
 * computed here from the fixture's own geometry and attribute text.
 */

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import turfArea from '@turf/area'
import booleanIntersects from '@turf/boolean-intersects'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SQ_M_PER_ACRE } from '../../contract/units'
import { writeCamaCsv, writeShapesOnly } from '../load/cama-fixture.test-support'
import {
  CELL,
  cellRect,
  FIXTURE_MAPPING,
  type FixtureParcel,
  fixtureParcels,
  ORIGIN,
} from '../load/county-fixture.test-support'
import {
  IOWA_NORTH_FTUS_ESRI,
  UTM15N_OGC,
  UTM15N_PROJJSON,
  writeFlatGeobuf,
  writeGeoJson,
  writeGeoJsonSeq,
  writeGeoPackage,
  writeGeoParquet,
} from '../load/format-writers.test-support'
import { hasOgr2ogr, OGR2OGR_MISSING, writeFileGdb } from '../load/gdal-writers.test-support'
import { writeShapefileZip } from '../load/shapefile-writer.test-support'
import type { Backend } from './context'
import { api, type LoaderBackend, loadCli, loaderBackend, startServer } from './loader-harness.test-support'
import type { SpawnedServer } from './spawn-server'

interface County {
  county_fp: string
  county: string
  file: string
  shift: number
  write(path: string, parcels: FixtureParcel[]): void
  /** more CLI arguments (paths relative to the work folder are made absolute) */
  args?: (workDir: string) => string[]
  /** what the county's records should say, when not the fixture itself (a join's first row wins) */
  truth?: (parcels: FixtureParcel[]) => FixtureParcel[]
  /** skips the county (with the reason) when its writer's tool is missing */
  missing?: string
}

const COUNTIES: County[] = [
  {
    county_fp: '169',
    county: 'Story',
    file: 'story.zip',
    shift: 0,
    write: (p, ps) => writeShapefileZip(p, ps, IOWA_NORTH_FTUS_ESRI),
  },
  {
    county_fp: '015',
    county: 'Boone',
    file: 'boone.gpkg',
    shift: 0.05,
    write: (p, ps) => writeGeoPackage(p, ps, UTM15N_OGC, 26915),
  },
  {
    county_fp: '079',
    county: 'Hamilton',
    file: 'hamilton.fgb',
    shift: 0.1,
    write: (p, ps) => writeFlatGeobuf(p, ps, UTM15N_OGC, 26915),
  },
  {
    county_fp: '127',
    county: 'Marshall',
    file: 'marshall.geojson',
    shift: 0.15,
    write: (p, ps) => writeGeoJson(p, ps, IOWA_NORTH_FTUS_ESRI, 3417),
  },
  { county_fp: '083', county: 'Hardin', file: 'hardin.geojsons', shift: 0.2, write: (p, ps) => writeGeoJsonSeq(p, ps) },
  {
    county_fp: '187',
    county: 'Webster',
    file: 'webster.gdb.zip',
    shift: 0.25,
    // Written by GDAL's ogr2ogr (a real GIS tool), in State Plane feet, with a point layer beside.
    write: (p, ps) => writeFileGdb(p, ps, { epsg: 3417, extraLayers: true }),
    missing: hasOgr2ogr ? undefined : OGR2OGR_MISSING,
  },
  {
    county_fp: '073',
    county: 'Greene',
    file: 'greene.parquet',
    shift: 0.3,
    write: (p, ps) => writeGeoParquet(p, ps, { projjson: UTM15N_PROJJSON, wkt: UTM15N_OGC, bbox: true }),
  },
  {
    county_fp: '153',
    county: 'Polk',
    file: 'polk-shapes.geojsons',
    shift: 0.35,
    // Shapes with the parcel number only; everything else from the assessor's CSV.
    write: (p, ps) => {
      writeShapesOnly(p, ps)
      writeCamaCsv(p.replace(/-shapes\.geojsons$/, '-cama.csv'), ps)
    },
    args: (dir) => ['--join', join(dir, 'polk-cama.csv'), '--on', 'PARCEL_NO=PIN'],
    // Two shapes share parcel number 19-0102: both get the assessor's first row of it.
    truth: (ps) =>
      ps.map((p) => {
        const first = ps.find((q) => q.PIN === p.PIN)!
        return { ...first, geom: p.geom, SCHOOL_DST: p.SCHOOL_DST }
      }),
  },
]

/** Counties whose files this machine can write (File Geodatabases need ogr2ogr). */
const LOADED = COUNTIES.filter((c) => !c.missing)

type Rec = Record<string, unknown> & { svc_uuid: string; parcel_id: string; geom: MultiPolygon }

/** The test's own reading of the money text: "$112,345" → 112345, anything else null. */
const money = (text: string): number | null =>
  /^\$[\d,]+(\.\d+)?$/.test(text) ? Number(text.replace(/[$,]/g, '')) : null
/** turf's area (a self-crossing ring's signed parts cancel: the bow-tie is measured by its box). */
const acres = (g: MultiPolygon | Polygon) => turfArea(g) / SQ_M_PER_ACRE
const bbox = (g: MultiPolygon): number[] => {
  const pts = g.coordinates.flat(2)
  const xs = pts.map((q) => q[0]!)
  const ys = pts.map((q) => q[1]!)
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}
const rect = (x0: number, y0: number, x1: number, y1: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ],
  ],
})

function loaderSuite(backendName: Backend): void {
  let backend: LoaderBackend
  let server: SpawnedServer
  let key: string
  let listed = ''
  const loads = new Map<string, { code: number; stdout: string; stderr: string }>()
  const truth = (c: County) => (c.truth ?? ((ps) => ps))(fixtureParcels(c.shift)).filter((p) => p.geom)
  const counties = COUNTIES.filter((c) => !c.missing)
  const call = <T = unknown>(path: string, body?: unknown) => api<T>(server, key, path, body)
  const scope = (c: County) => [
    { field: 'state_fp', op: 'eq', value: '19' },
    { field: 'county_fp', op: 'eq', value: c.county_fp },
  ]
  async function county(c: County, filters: unknown[] = []): Promise<{ count: number; results: Rec[] }> {
    const res = await call<{ count: number; results: Rec[] }>('/parcels/query', {
      filters: [...scope(c), ...filters],
      limit: 100,
    })
    expect(res.status).toBe(200)
    return res.body
  }
  const load = (c: County, extra: string[] = []) =>
    loadCli(backend, [
      join(backend.workDir, c.file),
      '--state',
      'IA',
      '--county-fp',
      c.county_fp,
      '--county',
      c.county,
      '--map',
      join(backend.workDir, 'mapping.json'),
      ...(c.args?.(backend.workDir) ?? []),
      ...extra,
    ])

  beforeAll(async () => {
    backend = await loaderBackend(backendName)
    writeFileSync(join(backend.workDir, 'mapping.json'), JSON.stringify(FIXTURE_MAPPING))
    for (const c of counties) {
      c.write(join(backend.workDir, c.file), fixtureParcels(c.shift))
      loads.set(c.county_fp, await load(c))
    }
    listed = (await loadCli(backend, ['--list'])).stdout
    key = backend.keys.full
    server = await startServer(backend)
  }, 900_000)

  afterAll(async () => {
    await server?.stop()
    await backend?.cleanup()
  }, 60_000)

  it('loads each format with the real CLI and prints a summary; --list shows the counties', async () => {
    for (const c of counties) {
      const r = loads.get(c.county_fp)!
      expect(r.code, `${c.file}: ${r.stderr}`).toBe(0)
      expect(r.stdout).toMatch(
        new RegExp(`Loaded ${c.county} County, IA \\(19${c.county_fp}\\) from ${c.file.replace('.', '\\.')}`),
      )
      expect(r.stdout).toMatch(new RegExp(`loaded +${truth(c).length} parcels`))
    }
    for (const c of counties)
      expect(listed).toMatch(new RegExp(`19${c.county_fp} +IA +${c.county} +${truth(c).length} parcels`))
  })

  it.each(LOADED)('$file: every parcel is there with the county’s own values', async (c) => {
    const { count, results } = await county(c)
    expect(count).toBe(truth(c).length)
    const byPin = (pin: string) => results.filter((r) => r.parcel_id === pin)
    for (const p of truth(c)) {
      const recs = byPin(p.PIN).filter((r) => r.owner === (p.OWNER.trim() || null))
      const same = truth(c).filter((q) => q.PIN === p.PIN && q.OWNER === p.OWNER)
      expect(recs, p.PIN).toHaveLength(same.length)
      const r = recs[0]!
      expect(r.parcel_value).toBe(money(p.TOTAL_VAL))
      expect(r.acres).toBe(p.ACRES)
      expect(r.situs).toBe(p.ADDR)
      expect(r.school_dst).toBe(p.SCHOOL_DST)
      expect(r.sale_date).toMatch(/^(2000-06-22|1999-12-31)$/)
      expect(r.county).toBe(c.county)
      // Geodesic area of the (repaired) geometry: the bow-tie keeps its two triangles, half the square.
      const [x0, y0, x1, y1] = bbox(p.geom!) as [number, number, number, number]
      const area = p.PIN === '19-0100' ? acres(rect(x0, y0, x1, y1)) / 2 : acres(p.geom!)
      expect(Math.abs((r.acres_calc as number) - area) / area).toBeLessThan(0.005)
    }
  })

  it.each(LOADED)('$file: area search returns exactly the parcels turf says intersect', async (c) => {
    const x = ORIGIN[0]! + c.shift
    const y = ORIGIN[1]!
    const areas = [
      // A block of the grid, edges inside cells.
      rect(x + 1.3 * CELL[0], y + 0.4 * CELL[1], x + 3.6 * CELL[0], y + 2.5 * CELL[1]),
      // Over the condo footprint (three records).
      rect(x + 8.2 * CELL[0], y + 0.5 * CELL[1], x + 9.4 * CELL[0], y + 1.5 * CELL[1]),
      // Inside the gap between the multipart parcel's two parts: nothing.
      rect(x + 8.2 * CELL[0], y + 2.2 * CELL[1], x + 8.8 * CELL[0], y + 2.8 * CELL[1]),
      // Across the gap into both parts: the multipart parcel once.
      rect(x + 7.5 * CELL[0], y + 2.2 * CELL[1], x + 9.5 * CELL[0], y + 2.8 * CELL[1]),
    ]
    const found: number[] = []
    for (const area of areas) {
      const res = await call<{ svc_uuids: string[] }>('/parcels/area', {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: area }],
      })
      expect(res.status).toBe(200)
      found.push(res.body.svc_uuids.length)
      if (res.body.svc_uuids.length === 0) continue
      const got = await call<{ results: Rec[] }>('/parcels/query', {
        filters: [{ field: 'svc_uuid', op: 'in', value: res.body.svc_uuids }],
        limit: 100,
      })
      const expected = truth(c)
        .filter((p) => booleanIntersects(p.geom!, area))
        .map((p) => p.PIN)
        .sort()
      expect(got.status, JSON.stringify(got.body).slice(0, 300)).toBe(200)
      expect(got.body.results.map((r) => r.parcel_id).sort()).toEqual(expected)
    }
    expect(found.slice(1)).toEqual([3, 0, 1])
    expect(found[0]).toBeGreaterThan(4)
  })

  it.each(LOADED)('$file: filters, owner and stacks answer as the source says', async (c) => {
    const zoned = await county(c, [{ field: 'zoning', op: 'eq', value: 'A-1' }])
    expect(zoned.count).toBe(truth(c).filter((p) => p.ZONING === 'A-1').length)
    const dear = await county(c, [{ field: 'parcel_value', op: 'gte', value: 200_000 }])
    expect(dear.results.map((r) => r.parcel_id).sort()).toEqual(
      truth(c)
        .filter((p) => (money(p.TOTAL_VAL) ?? 0) >= 200_000)
        .map((p) => p.PIN)
        .sort(),
    )
    const smith = await county(c, [{ field: 'owner', op: 'ilike', value: 'smith' }])
    expect(smith.results.map((r) => r.parcel_id).sort()).toEqual(['19-0001', '19-0002', '19-0007', '19-0008'])
    const holding = smith.results.reduce((s, r) => s + acres(truth(c).find((p) => p.PIN === r.parcel_id)!.geom!), 0)
    for (const r of smith.results) expect(r.adjacent_acreage_sameowner as number).toBeCloseTo(holding, 1)
    const condo = await county(c, [{ field: 'parcel_id', op: 'in', value: ['19-0200-1', '19-0200-2', '19-0200-3'] }])
    const stack = condo.results[0]!.svc_stack_uuid as string
    expect(condo.results.every((r) => r.svc_stack_uuid === stack)).toBe(true)
    const stacked = await county(c, [{ field: 'svc_stack_uuid', op: 'eq', value: stack }])
    expect(stacked.count).toBe(3)
  })

  it.each(LOADED)('$file: point and address lookups (with a typo) find the parcel', async (c) => {
    const [x0, y0] = cellRect(2, 1)[0]![0]! as Position
    const point = await call<{ results: Rec[] }>(
      `/parcels/point?lat=${y0! + 0.37 * CELL[1]}&lon=${x0! + c.shift + 0.61 * CELL[0]}`,
    )
    expect(point.body.results.map((r) => r.parcel_id)).toEqual(['19-0009'])
    const address = await call<{ results: Rec[] }>(
      `/parcels/address?address=150%20lincon%20way&county_fp=${c.county_fp}`,
    )
    expect(address.status).toBe(200)
    expect(address.body.results[0]).toMatchObject({
      situs: '150 LINCOLN WAY',
      parcel_id: '19-0006',
      county_fp: c.county_fp,
    })
  })

  it('the File Geodatabase load lists the layers it left out', () => {
    const r = loads.get('187')
    if (!r) return void console.warn(`File Geodatabase county skipped: ${OGR2OGR_MISSING}`)
    expect(r.stdout).toMatch(/File Geodatabase|Webster/)
    expect(r.stdout).toMatch(/layers +left out: .*centroids/)
  })

  it('the CAMA join summary counts matched shapes, rows without a shape and repeated keys', async () => {
    const c = COUNTIES.find((x) => x.county_fp === '153')!
    const r = loads.get('153')!
    const shapes = fixtureParcels(c.shift).length
    expect(r.stdout).toMatch(
      new RegExp(`joined +${shapes} of ${shapes} shapes to a row of polk-cama\\.csv \\(on PARCEL_NO, 8 columns\\)`),
    )
    expect(r.stdout).toMatch(
      /shapes without a row 0; rows without a shape 1 of \d+; keys repeated 2 \(first row joined\)/,
    )
    const report = readFileSync(join(backend.workDir, 'polk-shapes.geojsons.load-report.csv'), 'utf8')
    expect(report).toMatch(/,19-9999,join row unused,/)
    expect(report).toMatch(/,19-0002,join key repeated,2 rows of polk-cama\.csv share this PARCEL_NO; row 2 was joined/)
    // A CAMA column the mapping leaves out is kept, leading zeros and all.
    const { results } = await county(c, [{ field: 'parcel_id', op: 'eq', value: '19-0001' }])
    expect(results[0]).toMatchObject({ owner: 'SMITH JOHN A', tax_dist: '000', school_dst: 'SD0' })
  })

  it('a yearly reload replaces the county and keeps the ids of unchanged parcels', async () => {
    const c = COUNTIES[0]!
    const before = (await county(c)).results
    const next = fixtureParcels(c.shift)
      .filter((p) => p.PIN !== '19-0005')
      .map((p) => (p.PIN === '19-0010' ? { ...p, TOTAL_VAL: '$1,000,000' } : p))
    c.write(join(backend.workDir, c.file), next)
    if (backend.name === 'embedded') {
      const refused = await load(c, ['--replace'])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toMatch(/The server \(pid \d+\) is using .*stop it before loading/)
      await server.stop()
    }
    const again = await load(c)
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/already loaded .*pass --replace/)
    const replaced = await load(c, ['--replace'])
    expect(replaced.code, replaced.stderr).toBe(0)
    if (backend.name === 'embedded') server = await startServer(backend)
    const after = (await county(c)).results
    expect(after).toHaveLength(before.length - 1)
    const idOf = (rs: Rec[], pin: string, owner: unknown) =>
      rs.find((r) => r.parcel_id === pin && r.owner === owner)?.svc_uuid
    for (const r of before) {
      if (r.parcel_id === '19-0005') expect(idOf(after, r.parcel_id, r.owner)).toBeUndefined()
      else expect(idOf(after, r.parcel_id, r.owner), r.parcel_id).toBe(r.svc_uuid)
    }
    expect(after.find((r) => r.parcel_id === '19-0010')!.parcel_value).toBe(1_000_000)
    // Up to three CLI loads and a server restart: each CLI load opens the embedded database.
  }, 600_000)

  it('clear errors: a wrong path, an unknown format, a bad mapping', async () => {
    const c = { ...COUNTIES[1]!, county_fp: '001', county: 'Adair' }
    const missing = await load({ ...c, file: 'nope.zip' })
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/nope\.zip: no such file/)
    writeFileSync(join(backend.workDir, 'parcels.csv'), 'PIN,OWNER\n1,A\n')
    const csv = await load({ ...c, file: 'parcels.csv' })
    expect(csv.stderr).toMatch(/unknown format ".csv"/)
    writeFileSync(join(backend.workDir, 'bad-map.json'), JSON.stringify({ ownr: 'OWNER' }))
    const bad = await loadCli(backend, [
      join(backend.workDir, c.file),
      ...['--state', 'IA', '--county-fp', '001', '--county', 'Adair', '--map', join(backend.workDir, 'bad-map.json')],
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/"ownr" is not a Plat field/)
    expect((await county(c)).count).toBe(0)
  }, 300_000)
}

export const describeLoader = (backend: Backend) =>
  describe(`loader → ${backend} database → HTTP`, () => loaderSuite(backend))

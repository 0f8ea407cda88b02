import type { Polygon, Position } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCounty } from '../load/load-county'
import type { StagedRow } from '../load/rows/staged-row'
import { SCHEMA } from '../schema'
import type { CostModel } from './area-pieces'
import { AreaTooExpensiveError, searchArea } from './area-search'
import type { Database, Queryable, QueryOptions } from './database'
import { migratedPglite, migratedPostgres } from './migrated-db.test-support'
import { parcelDensity } from './parcel-density'
import { describePostgres } from './postgres.test-support'
import { squareLot } from './square-lot.test-support'

const COUNTY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }
const X0 = -93.62
const Y0 = 42.02
const STEP = 0.0015
const SIZE = 0.001

/** 30 × 30 lots 0.001° wide, 0.0005° apart, and one farm over the north-east corner. */
const rows: StagedRow[] = [
  ...Array.from({ length: 900 }, (_, i) => ({
    feature: i + 1,
    layer: null,
    attrs: { parcel_id: `L${i}`, city: 'AMES' },
    extra: {},
    geom: squareLot(X0 + (i % 30) * STEP, Y0 + Math.floor(i / 30) * STEP, SIZE),
  })),
  { feature: 901, layer: null, attrs: { parcel_id: 'FARM' }, extra: {}, geom: squareLot(X0 + 0.03, Y0 + 0.03, 0.02) },
]

const ring = (points: Position[]): Position[] => [...points, points[0] as Position]
const polygon = (...rings: Position[][]): Polygon => ({ type: 'Polygon', coordinates: rings })
const circle = (cx: number, cy: number, r: number, n: number, inner = r): Polygon =>
  polygon(
    ring(
      Array.from({ length: n }, (_, i) => {
        const t = (2 * Math.PI * i) / n
        const rr = i % 2 ? inner : r
        return [cx + rr * Math.cos(t), cy + rr * Math.sin(t)]
      }),
    ),
  )
const box = (w: number, s: number, e: number, n: number) =>
  ring([
    [w, s],
    [e, s],
    [e, n],
    [w, n],
  ])

const CX = X0 + 0.022
const CY = Y0 + 0.022
const SHAPES: Record<string, Polygon[]> = {
  'a 64-vertex circle over most lots': [circle(CX, CY, 0.02, 64)],
  'a 400-point star (concave)': [circle(CX, CY, 0.025, 400, 0.008)],
  'a square with a hole': [polygon(box(X0, Y0, X0 + 0.04, Y0 + 0.04), box(X0 + 0.01, Y0 + 0.01, X0 + 0.03, Y0 + 0.03))],
  'a thin diagonal strip': [
    polygon(
      ring([
        [X0, Y0],
        [X0 + 0.0003, Y0],
        [X0 + 0.045, Y0 + 0.0447],
        [X0 + 0.045, Y0 + 0.045],
        [X0 + 0.0447, Y0 + 0.045],
        [X0, Y0 + 0.0003],
      ]),
    ),
  ],
  'two overlapping shapes and one far away': [
    circle(CX, CY, 0.01, 32),
    circle(CX + 0.008, CY, 0.01, 32),
    circle(CX + 1, CY, 0.01, 32),
  ],
  // Its west edge runs along the east edges of the first column of lots, its south-west corner on a lot's corner.
  'a rectangle that only touches lots at their edges and corners': [
    polygon(box(X0 + SIZE, Y0 + SIZE, X0 + 0.02 + SIZE, Y0 + 0.02 + SIZE)),
  ],
}

/** A budget of 60 candidates a piece: every shape above is cut into many cells and pieces. */
const TINY: CostModel = { vertexCost: 0.01, candidateCost: 1, budget: 60, minCellDegrees: 0.0001, maxCells: 4_096 }

/** Every statement's options, and how many statements ran. */
function spy(db: Database): { db: Queryable; seen: QueryOptions[] } {
  const seen: QueryOptions[] = []
  return {
    seen,
    db: {
      query: (sql, params, opts = {}) => {
        seen.push(opts)
        return db.query(sql, params, opts)
      },
      exec: (sql, opts = {}) => db.exec(sql, opts),
    },
  }
}

function suite(open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  let db: Database
  let cleanup: () => Promise<void>
  /** One statement over the whole area, as the search was before it ran in pieces. */
  const reference = async (polygons: Polygon[]) =>
    (
      await db.query<{ id: string }>(
        `SELECT p.svc_uuid AS id FROM parcels p
         WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) g WHERE ST_Intersects(p.geom, ST_SetSRID(ST_GeomFromGeoJSON(g), 4326)))
         ORDER BY p.svc_uuid`,
        [polygons.map((g) => JSON.stringify(g))],
      )
    ).map((r) => r.id)

  beforeAll(async () => {
    ;({ db, cleanup } = await open())
    await loadCounty(db, { county: COUNTY, source: 'test.geojson', items: [rows] })
  }, 120_000)
  afterAll(() => cleanup?.())

  for (const [name, polygons] of Object.entries(SHAPES)) {
    it(`${name}: the same parcels as one statement, in many pieces`, async () => {
      const expected = await reference(polygons)
      expect(expected.length).toBeGreaterThan(0)
      const { db: counted, seen } = spy(db)
      const got = await searchArea(counted, parcelDensity(db), polygons, 100_000, { model: TINY })
      expect(got).toEqual(expected)
      expect(seen.length).toBeGreaterThan(2)
    }, 60_000)
  }

  it('stops once it has more than the cap, returning cap + 1', async () => {
    const got = await searchArea(db, parcelDensity(db), SHAPES['a 64-vertex circle over most lots'] as Polygon[], 50, {
      model: TINY,
    })
    expect(got).toHaveLength(51)
  })

  it('refuses before reading a parcel when the estimate passes the most candidates', async () => {
    const { db: counted, seen } = spy(db)
    const copies = Array.from({ length: 20 }, () => circle(CX, CY, 0.03, 16))
    const err = await searchArea(counted, parcelDensity(db), copies, 100_000, { maxCandidates: 5_000 }).catch(
      (e: Error) => e,
    )
    expect(err).toBeInstanceOf(AreaTooExpensiveError)
    expect((err as AreaTooExpensiveError).candidates).toBeGreaterThan(5_000)
    // No piece ran.
    expect(seen).toHaveLength(0)
  })

  it("runs every piece as heavy work of the caller's key, and learns the density it met", async () => {
    const { db: counted, seen } = spy(db)
    const density = parcelDensity(db)
    const area = SHAPES['a square with a hole'] as Polygon[]
    // 14 × 14 = 196 lots overlap this box; the county's average (its box takes in the farm's empty
    // surroundings) says 144. Searching it teaches the density what its pieces met.
    const west: [number, number, number, number] = [X0, Y0, X0 + 0.02, Y0 + 0.02]
    const before = (await density.current()).estimate(west)
    expect(before).toBeCloseTo(144, -1)
    await searchArea(counted, density, [polygon(box(...west))], 100_000, { heavyFor: 'key-1', model: TINY })
    const after = (await density.current()).estimate(west)
    // Lots cut by a cell's edge are candidates of both cells, so what it met is a little over 196.
    expect(after).toBeGreaterThan(190)
    expect(after).toBeLessThan(260)
    await searchArea(counted, density, area, 100_000, { heavyFor: 'key-1', model: TINY })
    const pieces = seen.filter((o) => o.heavyFor !== undefined)
    expect(pieces.length).toBeGreaterThan(2)
    expect(pieces.every((o) => o.heavyFor === 'key-1')).toBe(true)
  })
}

describe('area search in pieces on the embedded database', () => {
  suite(() => migratedPglite('plat-area-search', SCHEMA))
})

describePostgres('area search in pieces on PostgreSQL', (url) => {
  suite(() => migratedPostgres(url, 'plat_area_search', SCHEMA, 3))
})

/**
 * Property-based: random query and area bodies never get a 500; every answer has the contract's
 * shape and the status the contract's own checks give (the server implements exactly those).
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkAreaRequest } from '../../contract/area-rules.test-support'
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../contract/errors'
import { FIELDS, OPERATORS } from '../../contract/fields'
import { checkQueryRequest } from '../../contract/query-rules'
import { AreaResponseSchema, QueryResponseSchema } from '../../contract/schemas'
import { expectedIds, expectSameIds } from './area-oracle'
import { allParcels, isSortedUnique, type Parcel } from './data'
import { bboxCenter, bboxOf, collection, ngon, rect } from './geo'
import { type ApiResponse, post, show } from './http'

const RUNS = 150
const TIME_LIMIT_MS = 45_000

let all: Parcel[]
beforeAll(async () => {
  all = await allParcels()
})

/** JSON round trip: what the server actually receives (NaN → null, undefined keys dropped, -0 → 0). */
const wire = (body: unknown): unknown => {
  const text = JSON.stringify(body)
  return text === undefined ? undefined : JSON.parse(text)
}

function expectWellFormed(res: ApiResponse, allowed: number[]): void {
  expect(allowed, show(res)).toContain(res.status)
  if (res.status === 422) expect(ValidationErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
  else if (res.status >= 400) expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
}

const fieldNames = FIELDS.map((f) => f.name)
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('', '%', '_', "'", '\\', '\u0000', '\ud800', 'Story', '19', '169', 'Corn', 'CA', 'KS'),
)
const number = fc.oneof(
  fc.integer({ min: -1_000_000, max: 10_000_000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, -0, 1e308, -1e308, 5e-324, 2 ** 53, 0.5),
)
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null))
const value = fc.oneof(
  scalar,
  fc.array(fc.oneof(text, number), { maxLength: 5 }),
  fc.tuple(number, number),
  fc.array(scalar, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
)
const filter = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      { field: fc.constantFrom(...fieldNames), op: fc.constantFrom(...OPERATORS), value },
      { requiredKeys: ['field', 'op'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        field: fc.oneof(text, fc.constantFrom('geom', 'nope', 'ACRES')),
        op: fc.oneof(text, fc.constantFrom('like', 'EQ')),
        value,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
)
const order = fc.oneof(
  fc.record(
    {
      field: fc.oneof(fc.constantFrom(...fieldNames), text),
      direction: fc.oneof(fc.constantFrom('asc', 'desc'), text),
    },
    { requiredKeys: ['field'] },
  ),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 1 }),
)
const queryBody = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        filters: fc.oneof(
          { weight: 9, arbitrary: fc.array(filter, { maxLength: 12 }) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
        ),
        order,
        limit: fc.oneof(fc.integer({ min: -3, max: 110 }), number, text),
        offset: fc.oneof(fc.integer({ min: -3, max: 10_010 }), fc.integer({ min: 0, max: 3000 }), number),
        include_buildings: fc.oneof(fc.boolean(), scalar),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

describe('random query bodies', () => {
  it(`never 500; shapes and statuses as the contract says (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(queryBody, async (body) => {
        const sent = wire(body)
        const res = await post('/parcels/query', sent)
        expectWellFormed(res, [200, 400, 422])
        const expected = checkQueryRequest(sent)
        expect(res.status, `${JSON.stringify(sent)}: ${show(res)}`).toBe(expected.ok ? 200 : expected.status)
        if (res.status === 200 && expected.ok) {
          const parsed = QueryResponseSchema.parse(res.body)
          expect(parsed.results.length).toBeLessThanOrEqual(expected.query.limit)
          expect(parsed.limit).toBe(expected.query.limit)
          expect(parsed.offset).toBe(expected.query.offset)
          for (const r of parsed.results) expect(Object.hasOwn(r, 'buildings')).toBe(expected.query.include_buildings)
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, seed: 20_240_607, endOnFailure: true },
    )
  })
})

const coordinate = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: -180, max: 180, noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(-180, 180, 90, -90, 180.5, -91, 1e308, 0) },
  { weight: 1, arbitrary: scalar },
)
const position = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(coordinate, coordinate) },
  { weight: 1, arbitrary: fc.array(coordinate, { maxLength: 4 }) },
  { weight: 1, arbitrary: scalar },
)
/** Rings: mostly closed (last = first), sometimes not. */
const ringArb = fc.tuple(fc.array(position, { minLength: 0, maxLength: 7 }), fc.boolean()).map(([ps, close]) => {
  if (close && ps.length > 0) return [...ps, ps[0]]
  return ps
})
const polygonCoords = fc.array(ringArb, { minLength: 0, maxLength: 2 })
const geometry = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constant('Polygon'), coordinates: polygonCoords }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('MultiPolygon'), coordinates: fc.array(polygonCoords, { maxLength: 2 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      { type: fc.oneof(text, fc.constantFrom('LineString', 'Point')), coordinates: fc.jsonValue({ maxDepth: 3 }) },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: scalar },
)
const areaFeature = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      { type: fc.constant('Feature'), geometry, properties: fc.oneof(fc.constant({}), fc.constant(null), scalar) },
      { requiredKeys: ['type', 'geometry'] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
)
const areaBody = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ type: fc.constant('FeatureCollection'), features: fc.array(areaFeature, { maxLength: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: text, features: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

describe('random area bodies', () => {
  it(`never 500; 422 exactly where the contract's area rules say, with the same locs (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(areaBody, async (body) => {
        const sent = wire(body)
        const res = await post('/parcels/area', sent)
        expectWellFormed(res, [200, 400, 422])
        const expected = checkAreaRequest(sent)
        if (expected.ok) {
          expect(res.status, `${JSON.stringify(sent)}: ${show(res)}`).toBe(200)
          const ids = AreaResponseSchema.parse(res.body).svc_uuids
          expect(isSortedUnique(ids)).toBe(true)
        } else {
          expect(res.status, `${JSON.stringify(sent)}: ${show(res)}`).toBe(422)
          const locs = ValidationErrorBodySchema.parse(res.body).detail.map((d) => JSON.stringify(d.loc))
          expect(locs.sort()).toEqual(expected.issues.map((i) => JSON.stringify(i.loc)).sort())
        }
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, seed: 7_070_707, endOnFailure: true },
    )
  })

  it(`random valid areas (convex polygons, rectangles) answer exactly the turf intersection (${RUNS} runs)`, async () => {
    const area = fc
      .record({
        at: fc.nat({ max: all.length - 1 }),
        dx: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
        dy: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
        rx: fc.double({ min: 0.0002, max: 0.03, noNaN: true }),
        ry: fc.double({ min: 0.0002, max: 0.03, noNaN: true }),
        n: fc.integer({ min: 3, max: 24 }),
        phase: fc.double({ min: 0, max: 6.28, noNaN: true }),
        box: fc.boolean(),
      })
      .map(({ at, dx, dy, rx, ry, n, phase, box }) => {
        const c = bboxCenter(bboxOf((all[at] as Parcel).geom))
        const x = (c[0] as number) + dx
        const y = (c[1] as number) + dy
        return box ? rect(x - rx, y - ry, x + rx, y + ry) : ngon([x, y], rx, ry, n, phase)
      })
    await fc.assert(
      fc.asyncProperty(fc.array(area, { minLength: 1, maxLength: 3 }), async (areas) => {
        const res = await post('/parcels/area', collection(...areas))
        expect(res.status, show(res)).toBe(200)
        const ids = AreaResponseSchema.parse(res.body).svc_uuids
        expect(isSortedUnique(ids)).toBe(true)
        expectSameIds(ids, expectedIds(all, areas), JSON.stringify(areas).slice(0, 300))
      }),
      { numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, seed: 424_242, endOnFailure: true },
    )
  })
})

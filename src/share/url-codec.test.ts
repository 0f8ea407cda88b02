import fc from 'fast-check'
import type { Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import { FIELDS } from '../../contract/fields'
import type { FilterItem } from '../../contract/schemas'
import type { DrawnArea } from '../state/search-spec'
import { DEFAULT_COLUMNS } from '../state/ui-slice'
import type { ShareState } from './share-state'
import { decodeShareState, encodeShareState, quantizeArea } from './url-codec'

const base: ShareState = {
  mode: 'area',
  areas: [],
  filters: [],
  order: null,
  includeBuildings: false,
  searched: false,
  selectedId: null,
  view: { center: [-93.46, 42.04], zoom: 10 },
  visibleColumns: DEFAULT_COLUMNS,
}

/** A star-shaped (hence simple) polygon of n vertices around a point; radius in degrees. */
function blob(cx: number, cy: number, n: number, radius: (i: number) => number, kind: DrawnArea['kind'] = 'polygon') {
  const ring: Position[] = []
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n
    const r = radius(i)
    ring.push([cx + r * Math.cos(t), cy + r * Math.sin(t) * 0.75])
  }
  ring.push(ring[0] as Position)
  return quantizeArea({ id: `a${cx}`, kind, geometry: { type: 'Polygon', coordinates: [ring] } })
}

/** The decoded state as the app would hold it (ids are the link's own). */
const withoutIds = (s: Partial<ShareState>) => ({ ...s, areas: s.areas?.map(({ id: _id, ...a }) => a) })

describe('share link codec', () => {
  it('round-trips a typical search exactly', () => {
    const state: ShareState = {
      ...base,
      mode: 'direct',
      areas: [blob(-93.5, 42.0, 12, () => 0.01), blob(-93.4, 42.1, 4, () => 0.003, 'rectangle')],
      filters: [
        { field: 'state', op: 'eq', value: 'IA' },
        { field: 'acres', op: 'between', value: [80, 160.5] },
        { field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans'] },
        { field: 'zoning', op: 'isnull', value: false },
        { field: 'owner', op: 'ilike', value: '%Smith, J. & Sons ~ "100%"!%' },
        { field: 'parcel_id', op: 'eq', value: '80' },
      ],
      order: { field: 'acres', direction: 'desc' },
      includeBuildings: true,
      searched: true,
      selectedId: '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab',
      view: { center: [-93.45678, 42.01234], zoom: 13.25 },
      visibleColumns: ['owner', 'acres', 'elevation_mean'],
    }
    const { state: back, problems } = decodeShareState(encodeShareState(state))
    expect(problems).toEqual([])
    expect(withoutIds(back)).toEqual(withoutIds(state))
    expect((back.filters?.[5] as FilterItem).value).toBe('80') // a numeric-looking string stays a string
  })

  it('leaves defaults out, so an empty search is a short link', () => {
    expect(encodeShareState(base)).toBe('v=1&c=-93.46,42.04,10')
  })

  it('fits five 50-vertex areas and six filters in 2,000 characters', () => {
    const areas = [0, 1, 2, 3, 4].map((i) =>
      blob(
        -93.6 + i * 0.07,
        42.0 + (i % 2) * 0.05,
        50,
        (j) => (0.005 + 0.02 * (i / 4)) * (1 + 0.3 * Math.sin(j * 1.7)),
      ),
    )
    const filters: FilterItem[] = [
      { field: 'state', op: 'eq', value: 'IA' },
      { field: 'county', op: 'eq', value: 'Story' },
      { field: 'acres', op: 'between', value: [40, 640] },
      { field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans'] },
      { field: 'parcel_value', op: 'lte', value: 1500000 },
      { field: 'zoning', op: 'isnull', value: false },
    ].filter((f) => FIELDS.some((d) => d.name === f.field))
    const state = {
      ...base,
      areas,
      filters,
      searched: true,
      selectedId: '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab',
      order: { field: 'acres', direction: 'desc' as const },
    }
    const url = `https://plat.example.com/?${encodeShareState(state)}`
    expect(filters).toHaveLength(6)
    expect(url.length).toBeLessThanOrEqual(2000)
    expect(withoutIds({ ...base, ...decodeShareState(encodeShareState(state)).state })).toEqual(withoutIds(state))
    console.log(`budget case: ${url.length} characters`)
  })

  it('says what a garbled link lost and keeps the rest', () => {
    const good = encodeShareState({ ...base, filters: [{ field: 'state', op: 'eq', value: 'KS' }], searched: true })
    const { state, problems } = decodeShareState(
      `${good}&a=p%%%~x123&o=nope.z&c=999,abc&cols=owner.%3Cscript%3E&p=<img>`,
    )
    expect(state.filters).toEqual([{ field: 'state', op: 'eq', value: 'KS' }])
    expect(state.searched).toBe(true)
    expect(state.areas).toEqual([])
    expect(state.visibleColumns).toEqual(['owner'])
    expect(problems.join('\n')).toMatch(/Search area 1/)
    expect(problems.join('\n')).toMatch(/Search area 2/)
    expect(problems.join('\n')).toMatch(/sort order/)
    expect(problems.join('\n')).toMatch(/map view/)
    expect(problems.join('\n')).toMatch(/column/)
    expect(problems.join('\n')).toMatch(/selected parcel/)
  })

  it('drops unknown fields and wrong operators with the reason', () => {
    const { state, problems } = decodeShareState('v=1&f=nosuch:eq:s1~acres:ilike:s2~acres:gt:5')
    expect(state.filters).toEqual([{ field: 'acres', op: 'gt', value: 5 }])
    expect(problems[0]).toMatch(/Filter 1 .*unknown field 'nosuch'/)
    expect(problems[1]).toMatch(/Filter 2 .*operator 'ilike'/)
  })

  it('reads a link from a newer format as far as it can, and says so', () => {
    const { state, problems } = decodeShareState('v=7&f=acres:gt:5&zz=whatever')
    expect(state.filters).toEqual([{ field: 'acres', op: 'gt', value: 5 }])
    expect(problems).toEqual([expect.stringMatching(/newer version of Plat \(format 7\)/)])
  })

  it('refuses a self-intersecting area from a link', () => {
    const bowtie: DrawnArea = {
      id: 'x',
      kind: 'polygon',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
            [1, 0],
            [0, 1],
            [0, 0],
          ],
        ],
      },
    }
    const { state, problems } = decodeShareState(encodeShareState({ ...base, areas: [bowtie] }))
    expect(state.areas).toEqual([])
    expect(problems[0]).toMatch(/Search area 1 is not a usable polygon/)
  })
})

// --- properties ---------------------------------------------------------------------------------

const fieldsOf = (group: string) => FIELDS.filter((f) => f.group === group).map((f) => f.name)
const text = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\u0000'))
const num = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 })
  .map((n) => (Object.is(n, -0) ? 0 : n))
const filterArb: fc.Arbitrary<FilterItem> = fc.oneof(
  fc.record({ field: fc.constantFrom(...fieldsOf('text')), op: fc.constantFrom('eq', 'ne', 'ilike'), value: text }),
  fc.record({ field: fc.constantFrom(...fieldsOf('numeric')), op: fc.constantFrom('gt', 'lte'), value: num }),
  fc.record({ field: fc.constantFrom(...fieldsOf('numeric')), op: fc.constant('between'), value: fc.tuple(num, num) }),
  fc.record({ field: fc.constantFrom(...fieldsOf('text')), op: fc.constantFrom('in', 'nin'), value: fc.array(text) }),
  fc.record({ field: fc.constantFrom(...fieldsOf('numeric')), op: fc.constant('isnull'), value: fc.boolean() }),
  fc.record({ field: fc.constantFrom(...fieldsOf('text')), op: fc.constant('eq') }),
)
const areaArb = fc
  .record({
    x: fc.double({ min: -170, max: 170, noNaN: true }),
    y: fc.double({ min: -80, max: 80, noNaN: true }),
    n: fc.integer({ min: 3, max: 60 }),
    r: fc.double({ min: 0.001, max: 2, noNaN: true }),
    kind: fc.constantFrom<DrawnArea['kind']>('polygon', 'rectangle', 'circle', 'freehand'),
  })
  .map(({ x, y, n, r, kind }) => blob(x, y, n, () => r, kind))
const stateArb: fc.Arbitrary<ShareState> = fc.record({
  mode: fc.constantFrom('area', 'direct'),
  areas: fc.array(areaArb, { maxLength: 4 }),
  filters: fc.array(filterArb, { maxLength: 10 }),
  order: fc.option(
    fc.record({ field: fc.constantFrom(...FIELDS.map((f) => f.name)), direction: fc.constantFrom('asc', 'desc') }),
    { nil: null },
  ),
  includeBuildings: fc.boolean(),
  searched: fc.boolean(),
  selectedId: fc.option(fc.uuid(), { nil: null }),
  view: fc.record({
    center: fc.tuple(
      fc.integer({ min: -18_000_000, max: 18_000_000 }).map((n) => n / 1e5),
      fc.integer({ min: -8_500_000, max: 8_500_000 }).map((n) => n / 1e5),
    ),
    zoom: fc.integer({ min: 0, max: 2400 }).map((n) => n / 100),
  }),
  visibleColumns: fc.uniqueArray(fc.constantFrom(...FIELDS.map((f) => f.name)), { minLength: 1, maxLength: 20 }),
})

describe('share link codec properties', () => {
  it('decode(encode(s)) = s for quantized states', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const { state, problems } = decodeShareState(encodeShareState(s))
        expect(problems).toEqual([])
        expect(withoutIds({ ...base, ...state })).toEqual(withoutIds(s))
      }),
      { numRuns: 300 },
    )
  })

  it('never throws on arbitrary text, and returns only well-formed parts', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.webQueryParameters()), (q) => {
        const { state, problems } = decodeShareState(q)
        expect(Array.isArray(problems)).toBe(true)
        for (const a of state.areas ?? []) expect(a.geometry.type).toBe('Polygon')
        for (const f of state.filters ?? []) expect(FIELDS.some((d) => d.name === f.field)).toBe(true)
      }),
      { numRuns: 1000 },
    )
  })

  it('never throws on truncated or mutated valid links', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(), fc.string({ maxLength: 3 }), (s, cut, junk) => {
        const link = encodeShareState(s)
        const at = cut % (link.length + 1)
        decodeShareState(link.slice(0, at))
        decodeShareState(link.slice(0, at) + junk + link.slice(at + 1))
      }),
      { numRuns: 300 },
    )
  })
})

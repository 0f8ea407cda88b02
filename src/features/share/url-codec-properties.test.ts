import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIELDS } from '../../../contract/fields'
import type { FilterItem } from '../../../contract/schemas'
import { THEME_IDS } from '../../format/themes'
import type { DrawnArea } from '../../state/search-spec'
import { base, blob, expectOnlyValidParts, withoutIds } from './share-fixtures.test-support'
import type { ShareState } from './share-state'
import { decodeShareState, encodeShareState } from './url-codec'

const fieldsOf = (group: string) => FIELDS.filter((f) => f.group === group).map((f) => f.name)
const text = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\u0000'))
const num = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 })
  .map((n) => (Object.is(n, -0) ? 0 : n))
const filterArb: fc.Arbitrary<FilterItem> = fc.oneof(
  fc.record({ field: fc.constantFrom(...fieldsOf('text')), op: fc.constantFrom('eq', 'ne', 'ilike'), value: text }),
  fc.record({ field: fc.constantFrom(...fieldsOf('numeric')), op: fc.constantFrom('gt', 'lte', 'eq'), value: num }),
  fc.record({ field: fc.constantFrom(...fieldsOf('numeric')), op: fc.constant('between'), value: fc.tuple(num, num) }),
  fc.record({ field: fc.constantFrom(...fieldsOf('text')), op: fc.constantFrom('in', 'nin'), value: fc.array(text) }),
  fc.record({ field: fc.constantFrom(...fieldsOf('numeric')), op: fc.constantFrom('in'), value: fc.array(num) }),
  fc.record({ field: fc.constantFrom(...FIELDS.map((f) => f.name)), op: fc.constant('isnull'), value: fc.boolean() }),
  // Unfinished filters as the builder holds them while someone types.
  fc.record({
    field: fc.constantFrom(...fieldsOf('numeric')),
    op: fc.constant('gte'),
    value: fc.constantFrom('', '-'),
  }),
  fc.record({
    field: fc.constantFrom(...fieldsOf('numeric')),
    op: fc.constant('between'),
    value: fc.constant<(string | number)[]>(['', 5]),
  }),
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
  theme: fc.constantFrom(...THEME_IDS),
})

/** Junk made of the characters the format gives meaning to, so it reaches deep into the decoder. */
const formatChars = fc.string({ unit: fc.constantFrom(...'%~:,.&=+-_vafocpsblztz1290eE7AgG'.split('')) })
const anyQuery = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.webQueryParameters(),
  formatChars,
  formatChars.map((s) => `v=1&f=${s}`),
  formatChars.map((s) => `v=1&a=p${s}`),
)

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

  it('gives the same link for the same state', () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        expect(encodeShareState(structuredClone(s))).toBe(encodeShareState(s))
      }),
      { numRuns: 50 },
    )
  })

  it('never throws on arbitrary text, and returns only valid parts', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const { state, problems } = decodeShareState(q)
        expectOnlyValidParts(state, problems)
      }),
      { numRuns: 1500 },
    )
  })

  it('never throws on truncated or mutated valid links, and returns only valid parts', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(), fc.string({ maxLength: 3 }), (s, cut, junk) => {
        const link = encodeShareState(s)
        const at = cut % (link.length + 1)
        for (const q of [link.slice(0, at), link.slice(0, at) + junk + link.slice(at + 1)]) {
          const { state, problems } = decodeShareState(q)
          expectOnlyValidParts(state, problems)
        }
      }),
      { numRuns: 300 },
    )
  })
})

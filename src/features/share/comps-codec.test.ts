import { describe, expect, it } from 'vitest'
import type { CompsChoices } from '../../state/comps-slice'
import type { DrawnArea } from '../../state/search-spec'
import { decodeComps, encodeComps, type SharedComps } from './comps-codec'
import type { ShareState } from './share-state'
import { decodeShareState, encodeShareState } from './url-codec'

const ID = '012dc70f-abe8-5d09-af93-5f033862e78b'
const choices: CompsChoices = {
  radiusMiles: 2.5,
  years: 7,
  acresBand: 0.3,
  priceBand: 0.25,
  weights: { distance: 5, size: 1, landUse: 4, crop: 2, soil: 3, recency: 5 },
}
const parcelComps: SharedComps = {
  subject: { kind: 'parcel', id: ID },
  choices,
  overrides: { 'aaaa-1': 'pin', 'bbbb-2': 'drop', 'cccc-3': 'drop' },
  asOf: '2026-11-26',
}
const square: DrawnArea = {
  id: 'a7',
  kind: 'rectangle',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-93.6, 42],
        [-93.5, 42],
        [-93.5, 42.1],
        [-93.6, 42.1],
        [-93.6, 42],
      ],
    ],
  },
}
const siteComps: SharedComps = {
  subject: {
    kind: 'site',
    areaId: 'a7',
    label: 'Nord’s field, “east” 80',
    point: [-93.55, 42.05],
    acres: 640.25,
    landUse: 'AGRICULTURAL - CROPLAND',
    crop: 'Corn',
    csr2: 83,
    geometry: null,
  },
  choices: null,
  overrides: {},
  asOf: null,
}
const base: ShareState = {
  mode: 'area',
  areas: [],
  filters: [],
  order: null,
  includeBuildings: false,
  searched: false,
  selectedId: ID,
  view: { center: [-93.46, 42.04], zoom: 10 },
  visibleColumns: [
    'owner',
    'situs',
    'parcel_id',
    'county',
    'state',
    'acres',
    'cdl_majority_category',
    'parcel_value',
    'land_use',
    'zoning',
    'sale_price',
    'sale_date',
  ],
  theme: 'plain',
}

describe('comps section of the link', () => {
  it('writes a parcel’s comps compactly and reads them back exactly', () => {
    const text = encodeComps(parcelComps, [])
    expect(text).toBe(`1~p${ID}~2.5,7,30,25,514235~20261126~aaaa-1~bbbb-2.cccc-3`)
    expect(decodeComps(text, [])).toEqual({ comps: parcelComps, problems: [] })
  })

  it('carries how many closest comps the value rests on, only when not the default 6', () => {
    const eight = encodeComps({ ...parcelComps, choices: { ...choices, k: 8 } }, [])
    expect(eight).toBe(`1~p${ID}~2.5,7,30,25,514235,8~20261126~aaaa-1~bbbb-2.cccc-3`)
    expect(decodeComps(eight, []).comps!.choices!.k).toBe(8)
    expect(encodeComps({ ...parcelComps, choices: { ...choices, k: 6 } }, [])).toBe(encodeComps(parcelComps, []))
    // A link made before k existed: no k, the value rests on the default.
    expect(decodeComps(`1~p${ID}~10,5,50,x,333333`, []).comps!.choices!.k).toBeUndefined()
  })

  it('writes defaults as nothing: a parcel’s comps opened and left alone cost ~45 characters', () => {
    const text = encodeComps({ ...parcelComps, choices: null, overrides: {}, asOf: '2026-11-26' }, [])
    expect(text).toBe(`1~p${ID}~~20261126`)
  })

  it('carries a site by its facts and its area’s position in the link', () => {
    const text = encodeComps(siteComps, [square])
    const back = decodeComps(text, [{ ...square, id: 'shared-1' }])
    expect(back.problems).toEqual([])
    expect(back.comps).toEqual({ ...siteComps, subject: { ...siteComps.subject, areaId: 'shared-1' } })
    // The area did not survive the link: the site keeps its facts, without an outline.
    expect(decodeComps(text, []).comps!.subject).toMatchObject({ areaId: null, acres: 640.25, csr2: 83 })
  })

  it('round-trips inside the whole link, with `v` still last', () => {
    const query = encodeShareState({ ...base, comps: parcelComps })
    expect(query).toMatch(/&cs=1~p[^&]+&v=1$/)
    const { state, problems } = decodeShareState(query)
    expect(problems).toEqual([])
    expect(state.comps).toEqual(parcelComps)
    expect(state.selectedId).toBe(ID)
  })

  it('falls back field by field on a garbled section, with a message for each', () => {
    const r = decodeComps(`1~p${ID}~2.5,7,XX,25,514235~20261340~aaaa-1.bad!id~bbbb-2`, [])
    expect(r.comps).toMatchObject({ subject: { kind: 'parcel', id: ID }, choices: null, asOf: null })
    expect(r.comps!.overrides).toEqual({ 'aaaa-1': 'pin', 'bbbb-2': 'drop' })
    expect(r.problems).toEqual([
      'The comparable-sales settings in this link could not be read; the defaults are used.',
      'The comparable sales’ valuation date could not be read; the latest sale in the radius is used.',
      '1 pinned or dropped comp(s) in this link could not be read and are ranked by the rules.',
    ])
  })

  it('rejects out-of-range settings rather than running them', () => {
    for (const bad of [
      '0,5,50,x,333333',
      '31,5,50,x,333333',
      '10,0,50,x,333333',
      '10,5.5,50,x,333333',
      '10,5,96,x,333333',
      '10,5,50,0,333333',
      '10,5,50,x,333336',
      '10,5,50,x,33333',
      '10,5,50,x,333333,0',
      '10,5,50,x,333333,21',
      '10,5,50,x,333333,2.5',
    ])
      expect(decodeComps(`1~p${ID}~${bad}`, []).comps!.choices).toBeNull()
    expect(decodeComps(`1~p${ID}~10,5,50,x,333333`, []).comps!.choices).toMatchObject({
      priceBand: null,
      radiusMiles: 10,
    })
  })

  it('drops only the comps when their subject is unreadable, and never the rest of the link', () => {
    const good = encodeShareState({ ...base, filters: [{ field: 'state', op: 'eq', value: 'IA' }] })
    for (const cs of ['1~x123', '1~p', '1~s0,999,42,80', 'zz~p1', '', '1~s0,-93.5,42,-5']) {
      const { state, problems } = decodeShareState(good.replace('&v=1', `&cs=${cs}&v=1`))
      expect(state.comps).toBeUndefined()
      expect(state.filters).toEqual([{ field: 'state', op: 'eq', value: 'IA' }])
      expect(state.selectedId).toBe(ID)
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(
        /^The comparable sales in this link could not be restored \(.+\); the rest of the link was\.$/,
      )
    }
  })

  it('reads a newer section as far as it goes and says so; an unreadable text counts as unknown', () => {
    const r = decodeComps('2~s0,-93.5,42,80,abc,%%%~~~~~future-field', [])
    expect(r.comps!.subject).toMatchObject({ kind: 'site', point: [-93.5, 42], acres: 80, csr2: null, landUse: null })
    expect(r.problems).toEqual([
      'The comparable sales in this link were made by a newer version of Plat; some choices may differ.',
      'The comparable-sales site’s CSR2, land use could not be read and count as unknown.',
    ])
  })

  it('names a cut-short comps section like other cut parts', () => {
    const query = encodeShareState({ ...base, comps: parcelComps }).replace(/&v=1$/, '')
    const { state, problems } = decodeShareState(query.slice(0, -5))
    expect(state.comps).toBeUndefined()
    expect(state.selectedId).toBe(ID)
    expect(problems).toEqual([
      'This link seems to have been cut short (it lacks the v=… every Plat link ends with), so the comparable-sales section was left out.',
    ])
  })

  it('keeps hostile ids as plain keys', () => {
    const r = decodeComps(`1~p${ID}~~~__proto__.constructor`, [])
    expect(Object.keys(r.comps!.overrides)).toEqual(['__proto__', 'constructor'])
    expect(Object.getPrototypeOf(r.comps!.overrides)).toBe(Object.prototype)
  })
})

import { describe, expect, it } from 'vitest'
import { FIELDS } from '../../../contract/fields'
import type { FilterItem } from '../../../contract/schemas'
import type { DrawnArea } from '../../state/search-spec'
import { base, blob, expectOnlyValidParts, withoutIds } from './share-fixtures.test-support'
import type { ShareState } from './share-state'
import { decodeShareState, encodeShareState } from './url-codec'

/** A small seeded generator, so the budget case is irregular yet the same on every run. */
function seeded(seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31
    return x / 2 ** 31
  }
}

/** Five irregular 50-vertex areas around Story County, IA (radius 0.5–3 km), six filters, a view. */
function budgetState(): ShareState {
  const rand = seeded(42)
  const kmLng = 1 / 82.7 // degrees per km at 42° N
  const areas = [0, 1, 2, 3, 4].map((i) => {
    const radiusKm = 0.5 + 2.5 * (i / 4)
    return blob(-93.6 + i * 0.08, 42.0 + (i % 2) * 0.06, 50, () => radiusKm * kmLng * (0.7 + 0.6 * rand()))
  })
  const filters: FilterItem[] = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'county', op: 'eq', value: 'Story' },
    { field: 'acres', op: 'between', value: [40, 640] },
    { field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans'] },
    { field: 'parcel_value', op: 'lte', value: 1500000 },
    { field: 'zoning', op: 'isnull', value: false },
  ]
  return {
    ...base,
    areas,
    filters: filters.filter((f) => FIELDS.some((d) => d.name === f.field)),
    searched: true,
    selectedId: '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab',
    order: { field: 'acres', direction: 'desc' },
    view: { center: [-93.45678, 42.03456], zoom: 12.75 },
  }
}

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
      theme: 'crop',
    }
    const { state: back, problems } = decodeShareState(encodeShareState(state))
    expect(problems).toEqual([])
    expect(withoutIds(back)).toEqual(withoutIds(state))
    expect((back.filters?.[5] as FilterItem).value).toBe('80') // a numeric-looking string stays a string
  })

  it('leaves defaults out, so an empty search is a short link', () => {
    expect(encodeShareState(base)).toBe('c=-93.46,42.04,10&v=1')
  })

  it('fits five 50-vertex areas and six filters in 2,000 characters', () => {
    const state = budgetState()
    const url = `https://plat.example.com/?${encodeShareState(state)}`
    expect(state.filters).toHaveLength(6)
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

  it('says when the search itself lost a part (an area or a filter), and not for the rest', () => {
    const good = encodeShareState({ ...base, filters: [{ field: 'state', op: 'eq', value: 'KS' }], searched: true })
    expect(decodeShareState(good).searchLost).toBe(false)
    expect(decodeShareState(`${good}&o=nope.z&c=999,abc`).searchLost).toBe(false)
    expect(decodeShareState(`${good}&a=p%%%~x123`).searchLost).toBe(true)
    expect(decodeShareState('v=1&s=1&f=nosuch:eq:s1~acres:gt:5').searchLost).toBe(true)
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
    expect(problems).toEqual([expect.stringMatching(/^This link was made by a newer version of Plat; .*format 7/)])
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

  it('keeps every part it can when a link is cut short at any character', () => {
    const link = encodeShareState(budgetState())
    for (let at = 0; at <= link.length; at++) {
      const { state, problems } = decodeShareState(link.slice(0, at))
      expectOnlyValidParts(state, problems)
    }
    // Cut inside the third area: what is left of it might still read as a polygon, only smaller.
    const start = link.indexOf('~', link.indexOf('~') + 1)
    const { state, problems } = decodeShareState(link.slice(0, start + 41))
    expect(state.areas).toHaveLength(2)
    expect(problems).toEqual([
      'This link seems to have been cut short (it lacks the v=… every Plat link ends with), so search area 3 was left out.',
    ])
    // Cut in the middle: the filters before the cut are kept.
    const inFilters = decodeShareState(link.slice(0, link.indexOf('~acres')))
    expect(inFilters.state.filters).toEqual([{ field: 'state', op: 'eq', value: 'IA' }])
    expect(inFilters.problems).toEqual([expect.stringMatching(/cut short .* filter 2 was left out/)])
  })

  it('refuses values an operator can never take, and keeps unfinished ones', () => {
    const { state, problems } = decodeShareState(
      'v=1&f=zoning:isnull:sno~acres:between:5~acres:gt:l1,2~acres:between:l5~acres:gte:s~owner:ilike:sA%00B',
    )
    expect(state.filters).toEqual([
      { field: 'acres', op: 'between', value: [5] },
      { field: 'acres', op: 'gte', value: '' },
    ])
    expect(problems).toEqual([
      expect.stringMatching(/^Filter 1 \(zoning\) was left out: 'isnull' takes true/),
      expect.stringMatching(/^Filter 2 \(acres\) was left out: 'between' takes an array/),
      expect.stringMatching(/^Filter 3 \(acres\) was left out: 'gt' takes a number/),
      expect.stringMatching(/^Filter 6 \(owner\) was left out: strings must not contain the NUL/),
    ])
  })

  it('round-trips text with separators, escapes and scripts exactly', () => {
    const values = [
      'a:b~c,d.e',
      '100%',
      '%25',
      'O\'Brien "Farms" (1) !*',
      '<script>alert(1)</script>',
      'ß😀 中',
      'a+b c',
      '',
    ]
    const filters: FilterItem[] = values.map((value) => ({ field: 'owner', op: 'eq', value }))
    filters.push({ field: 'owner', op: 'in', value: values }, { field: 'acres', op: 'gt', value: 1e21 })
    const link = encodeShareState({ ...base, filters: filters.slice(0, 10) })
    expect(link).not.toMatch(/[+ <>"'()!*]/)
    expect(decodeShareState(link)).toEqual({
      state: { filters: filters.slice(0, 10), view: base.view },
      problems: [],
      searchLost: false,
    })
  })

  it('reads a hand-typed + as a space and a link a mail tool re-escaped', () => {
    const link = encodeShareState({ ...budgetState(), visibleColumns: ['owner', 'acres'] })
    // Only `f` carries escapes of its own; elsewhere an escape added on the way is undone.
    const reEscaped = link
      .replace(/a=[^&]*/, (a) => a.replace(/~/g, '%7E'))
      .replace(/c=[^&]*/, (c) => c.replace(/,/g, '%2C'))
      .replace('cols=owner.', 'cols=owner%2E')
    expect(reEscaped).not.toBe(link)
    expect(decodeShareState(reEscaped)).toEqual(decodeShareState(link))
    expect(decodeShareState('f=owner:ilike:s%25John+Smith%25&v=1').state.filters).toEqual([
      { field: 'owner', op: 'ilike', value: '%John Smith%' },
    ])
  })

  it('caps what a hostile link can make it do', () => {
    const many = decodeShareState(`v=1&f=${'x:y~'.repeat(40_000)}&a=${'p~'.repeat(500)}&c=1e308,5,5`)
    expect(many.problems.length).toBeLessThan(150)
    expect(many.state.filters).toEqual([])
    expect(many.problems).toContain('The link has 501 search areas; the first 100 were kept.')
    expect(many.problems).toContain('The map view could not be read; the map opens on its default view.')
    const huge = decodeShareState(`v=1&p=${'a'.repeat(65)}&f=acres:gt:1e400&o=acres.d.x`)
    expect(huge.state).toEqual({ filters: [] })
    expect(huge.problems).toHaveLength(3)
    expect(decodeShareState(`v=${'9'.repeat(20)}`).problems).toEqual([expect.stringMatching(/format version/)])
  })

  it('carries the map colouring as t=…, before v; an old link opens plain, an unknown theme is named', () => {
    const link = encodeShareState({ ...base, theme: 'vpa' })
    expect(link).toMatch(/&t=vpa&v=1$/)
    expect(decodeShareState(link).state.theme).toBe('vpa')
    expect(encodeShareState(base)).not.toMatch(/t=/)
    expect(decodeShareState(encodeShareState(base)).state.theme).toBeUndefined()
    const bad = decodeShareState('c=1,2,3&t=rainbow&v=1')
    expect(bad.state.theme).toBeUndefined()
    expect(bad.problems).toEqual(['The map colouring could not be read; results are shown in one colour.'])
    // Cut short right after it: the theme may be damaged, so it is dropped and named.
    const cut = decodeShareState(link.replace(/&v=1$/, ''))
    expect(cut.state.theme).toBeUndefined()
    expect(cut.problems[0]).toMatch(/the map colouring was left out/)
  })

  it('carries area names (a county) in any script and with any separator, and keeps the area when a name is garbled', () => {
    const named = (label: string, lng: number): DrawnArea => ({ ...blob(lng, 42.0, 6, () => 0.01), label })
    const labels = ['Story County, IA', 'Doña Ana County, NM', 'St. Mary’s ~ * & = % # <b>x</b> 🌽', 'Ste. Geneviève']
    const state: ShareState = {
      ...base,
      areas: [...labels.map((l, i) => named(l, -93.9 + i * 0.1)), blob(-93.2, 42, 5, () => 0.01)],
    }
    const query = encodeShareState(state)
    expect(query).toMatch(/^[A-Za-z0-9_.~*=&,-]+$/) // nothing a URL would escape
    const { state: back, problems } = decodeShareState(query)
    expect(problems).toEqual([])
    expect(withoutIds(back).areas).toEqual(withoutIds(state).areas)
    expect(back.areas?.[4]?.label).toBeUndefined()

    // The pieces of one county: its name is written once, then a bare `*` for each further piece.
    const islands = [0, 1, 2, 3].map((i) => named('Dare County, NC', -75.6 + i * 0.05))
    const islandQuery = encodeShareState({ ...base, areas: [...islands, named('Hyde County, NC', -76.2)] })
    expect(islandQuery.match(/\*[A-Za-z0-9_-]+/g)).toHaveLength(2)
    expect(islandQuery.match(/\*(?=~|&)/g)).toHaveLength(3)
    expect(decodeShareState(islandQuery).state.areas?.map((a) => a.label)).toEqual([
      ...islands.map(() => 'Dare County, NC'),
      'Hyde County, NC',
    ])

    // Control characters and line breaks become spaces; a name is one line of at most 80 characters.
    const long = encodeShareState({ ...base, areas: [named(`A\nB\u0007C ${'x'.repeat(200)}`, -93.5)] })
    expect(decodeShareState(long).state.areas?.[0]?.label).toBe(`A B C ${'x'.repeat(74)}`)

    // A name that is not base64url of UTF-8 is dropped; its area is kept.
    for (const bad of ['!!', '_w', '4pyT4']) {
      const garbled = query.replace(/\*[A-Za-z0-9_-]+/, `*${bad}`)
      const r = decodeShareState(garbled)
      expect(r.problems).toEqual([])
      expect(r.state.areas).toHaveLength(5)
      expect(r.state.areas?.[0]?.geometry).toEqual(state.areas[0]?.geometry)
      expect(r.state.areas?.[0]?.label).toBeUndefined()
    }
  })
})

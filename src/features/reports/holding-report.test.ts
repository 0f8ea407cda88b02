import { describe, expect, it } from 'vitest'
import { HOLDING_MAP_ID, holdingMaps, holdingReport } from './holding-report'
import { layoutReport } from './layout'
import { PAPERS } from './paper'
import { holdingInput } from './report-fixtures.test-support'
import type { Block, FactsBlock, LaidTable, LaidText, MapBlock, TableBlock } from './report-model'

const facts = (blocks: readonly Block[]) =>
  Object.fromEntries(
    blocks.filter((b): b is FactsBlock => b.kind === 'facts').flatMap((b) => b.rows.map((r) => [r.label, r.value])),
  )
const table = (blocks: readonly Block[], title: RegExp) =>
  blocks
    .flatMap((b) => (b.kind === 'pair' ? [...b.left, ...b.right] : [b]))
    .find((b): b is TableBlock => b.kind === 'table' && title.test(b.title ?? '')) as TableBlock
const maps = (blocks: readonly Block[]) => blocks.filter((b): b is MapBlock => b.kind === 'map')

describe('the holding report', () => {
  it('names the owner and the spellings included, and counts those left out', () => {
    const doc = holdingReport(holdingInput())
    expect(doc).toMatchObject({ kind: 'holding', title: 'Holding report', heading: 'MILLER FARMS LLC' })
    expect(doc.subheading).toBe('2 holdings · 4 parcels · 200.75 measured ac · IA, KS')
    const names = doc.blocks.find((b) => b.kind === 'paragraph' && b.text.startsWith('Names included'))
    expect(names).toMatchObject({
      text: 'Names included: MILLER FARMS LLC (the name asked for; 3 parcels); MILLER FARMS, L.L.C. (punctuation; 2 parcels). 1 other name offered (4 parcels) was left out.',
    })
    expect(doc.fileName).toBe('holdings-MILLER-FARMS-LLC')
  })

  it('totals are the holdings’ (acres once per footprint, as the holdings panel), with how they were counted', () => {
    const doc = holdingReport(holdingInput())
    expect(facts(doc.blocks)).toMatchObject({
      Holdings: '2',
      Parcels: '4',
      'Measured acres': '200.75',
      // Named apart from the measured figure, and saying which parcels it leaves out.
      'Recorded acres': '198.00 (1 parcel without)',
      'Outline acres': '200.51',
      // H2 has no value: the total says how many parcels it rests on, and no $/acre is made up.
      'Assessed value': '$300,000 (3 of 4 valued)',
      'Value per measured acre': '–',
      States: 'IA, KS',
      Counties: '2',
    })
    const how = doc.blocks.find((b) => b.kind === 'paragraph' && b.text.startsWith('How acres are counted'))
    expect(how && how.kind === 'paragraph' && how.text).toMatch(/once per footprint/)
    expect(how && how.kind === 'paragraph' && how.text).toMatch(/1 parcel without an outline is listed below/)
  })

  it('totals by state and county add up to the total; the stacked pair counts its footprint once', () => {
    const doc = holdingReport(holdingInput())
    expect(table(doc.blocks, /^By state$/).rows).toEqual([
      ['IA', '3', '120.50', '$300,000'],
      ['KS', '1', '80.25', '–'],
      ['Total', '4', '200.75', '$300,000 (3 of 4 valued)'],
    ])
    expect(table(doc.blocks, /^By county$/).rows.map((r) => r[0])).toEqual(['Finney, KS', 'Story, IA', 'Total'])
    // Side by side (a few counties), the state's table on the left.
    expect(doc.blocks.find((b) => b.kind === 'pair')).toMatchObject({
      left: [{ title: 'By state' }],
      right: [{ title: 'By county' }],
    })
  })

  it('lists every holding and every parcel, by holding, a repeated footprint’s acres in brackets', () => {
    const doc = holdingReport(holdingInput())
    const holdings = table(doc.blocks, /^Holdings/)
    expect(holdings.title).toBe('Holdings (2)')
    expect(holdings.rows[0]).toEqual([
      'H1',
      '3',
      '120.50',
      '120.31',
      '$300,000',
      'Story, IA',
      'AGRICULTURAL - CROPLAND',
      'Corn 64 %',
    ])
    const parcels = table(doc.blocks, /^Parcels/)
    expect(parcels.title).toBe('Parcels (5)')
    expect(parcels.rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      ['H1', '09-01-100-001', '80.50'],
      ['H1', '09-01-100-002', '40.00'],
      ['H1', '09-01-100-003', '(40.00)'],
      ['H2', '055-12', '80.25'],
      ['–', '09-02-999-001', '2.00'],
    ])
    expect(parcels.note).toBe('Acres in brackets (1 parcel) share a footprint already counted above.')
    expect(doc.blocks.at(-1)).toMatchObject({ kind: 'link', url: holdingInput().link })
  })

  it('maps all holdings, and each state closer when there are several', () => {
    const doc = holdingReport(holdingInput())
    expect(maps(doc.blocks).map((m) => m.id)).toEqual([HOLDING_MAP_ID, 'holdings-IA', 'holdings-KS'])
    expect(maps(doc.blocks)[1]?.caption).toBe('Holdings in IA: H1. Basemap: rendering…')
    const one = holdingInput()
    expect(holdingMaps(one.holdings.slice(0, 1))).toEqual([
      { id: HOLDING_MAP_ID, title: 'All holdings', holdings: ['H1'] },
    ])
    // The map's caption is where the desk names the basemap once it is drawn.
    expect(maps(doc.blocks).every((m) => m.caption.endsWith('Basemap: rendering…'))).toBe(true)
  })

  it('lays out on Letter: owner on page 1 with the overview map; a long parcel list repeats its header', () => {
    const input = holdingInput()
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...(input.parcels[0] as (typeof input.parcels)[number]),
      parcelId: `P-${String(i).padStart(4, '0')}`,
      footprint: `f${i}`,
    }))
    const pages = layoutReport(holdingReport({ ...input, parcels: many }), PAPERS.letter)
    expect(pages.length).toBeGreaterThan(4)
    const first = pages[0]!.items
    expect(first.some((i) => i.t === 'text' && i.text === 'MILLER FARMS LLC')).toBe(true)
    expect(first.find((i) => i.t === 'map')).toMatchObject({ id: HOLDING_MAP_ID })
    const parts = pages.flatMap((p) =>
      p.items.filter((i): i is LaidTable => i.t === 'table' && i.caption.startsWith('Parcels')),
    )
    expect(parts.length).toBeGreaterThan(3)
    for (const t of parts) expect(t.header[1]).toBe('APN (parcel ID)')
    expect(parts.reduce((s, t) => s + t.rows.length, 0)).toBe(400)
    const last = pages
      .at(-1)!
      .items.filter((i): i is LaidText => i.t === 'text')
      .map((i) => i.text)
    expect(last).toContain(`Page ${pages.length} of ${pages.length}`)
  })
})

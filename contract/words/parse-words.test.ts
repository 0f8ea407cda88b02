import { describe, expect, it } from 'vitest'
import { parseWords } from './parse-words'
import type { WordsParse } from './words-types'

const COUNTIES = [
  { fips: '19169', name: 'Story' },
  { fips: '06019', name: 'Fresno' },
  { fips: '19183', name: 'Washington' },
  { fips: '41067', name: 'Washington' },
  { fips: '29510', name: 'St. Louis' },
]
const parse = (q: string) => parseWords(q, COUNTIES)
const rows = (p: WordsParse) => p.filters.map(({ field, op, value }) => [field, op, value])
const said = (q: string, s: { start: number; end: number }) => q.slice(s.start, s.end)

describe('parseWords: quantities', () => {
  it.each([
    ['over 80 acres', 'gt', 80],
    ['more than 80 acres', 'gt', 80],
    ['at least 80 acres', 'gte', 80],
    ['80+ acres', 'gte', 80],
    ['80 acres or more', 'gte', 80],
    ['under 80 acres', 'lt', 80],
    ['at most 80 ac', 'lte', 80],
    ['80 acres or less', 'lte', 80],
    ['80 acres', 'eq', 80],
    ['an 80-acre tract', 'eq', 80],
  ])('%s', (q, op, value) => {
    expect(rows(parse(q))).toEqual([['acres', op, value]])
    expect(parse(q).unknown).toEqual([])
  })

  it.each([
    ['between 5 and 20 acres'],
    ['5-20 acres'],
    ['5 to 20 acres'],
    ['from 5 to 20 acres'],
    ['between 20 and 5 acres'],
  ])('ranges: %s', (q) => {
    expect(rows(parse(q))).toEqual([['acres', 'between', [5, 20]]])
  })

  it('money names its field before or after, with k, m and million', () => {
    expect(rows(parse('sale price under $300k'))).toEqual([['sale_price', 'lt', 300_000]])
    expect(rows(parse('sold for over $1.5 million'))).toEqual([['sale_price', 'gt', 1_500_000]])
    expect(rows(parse('$2m or more in assessed value'))).toEqual([['parcel_value', 'gte', 2_000_000]])
    expect(rows(parse('taxes below $2,000'))).toEqual([['tax_amount', 'lt', 2000]])
    expect(rows(parse('valued at $450,000'))).toEqual([['parcel_value', 'eq', 450_000]])
  })

  it('flags money without a field and money per acre (no such field in the catalog)', () => {
    const bare = parse('under $500k')
    expect(bare.filters).toEqual([])
    expect(bare.unknown).toEqual([
      expect.objectContaining({ text: 'under $500k', reason: expect.stringMatching(/say which/) }),
    ])
    for (const q of ['under $8k an acre', 'under 8,000 an acre', 'less than $8,000 per acre', 'under $8k/acre']) {
      const p = parse(q)
      expect(p.filters).toEqual([])
      expect(p.unknown[0]?.reason).toMatch(/price-per-acre/)
    }
  })

  it('converts units to the field’s own', () => {
    expect(rows(parse('over 100 hectares'))).toEqual([['acres', 'gt', 247.105381]])
    expect(rows(parse('elevation above 1,000 ft'))).toEqual([['elevation', 'gt', 304.8]])
    expect(rows(parse('under 10,000 sq ft'))).toEqual([['sq_feet', 'lt', 10_000]])
  })

  it('a share of a crop, named before or after', () => {
    expect(rows(parse('at least 90% corn'))).toEqual([
      ['cdl_majority_percent', 'gte', 90],
      ['cdl_majority_category', 'eq', 'Corn'],
    ])
  })

  it('flags approximations', () => {
    expect(parse('about 80 acres').unknown[0]?.reason).toMatch(/approximate/)
  })
})

describe('parseWords: vocabularies', () => {
  it('crops with synonyms, groups, lists, negation and slips', () => {
    expect(rows(parse('milo'))).toEqual([['cdl_majority_category', 'eq', 'Sorghum']])
    expect(rows(parse('corn or soybeans'))).toEqual([['cdl_majority_category', 'in', ['Corn', 'Soybeans']]])
    expect(rows(parse('hay'))).toEqual([['cdl_majority_category', 'in', ['Alfalfa', 'Other Hay/Non Alfalfa']]])
    expect(rows(parse('not corn'))).toEqual([['cdl_majority_category', 'ne', 'Corn']])
    expect(rows(parse('no corn or soybeans'))).toEqual([['cdl_majority_category', 'nin', ['Corn', 'Soybeans']]])
    expect(rows(parse('soybeens'))).toEqual([['cdl_majority_category', 'eq', 'Soybeans']])
    expect(rows(parse('alfafa'))).toEqual([['cdl_majority_category', 'eq', 'Alfalfa']])
    expect(rows(parse('barely 5 acres'))).not.toContainEqual(['cdl_majority_category', 'eq', 'Barley'])
  })

  it('land uses, rotations and owner kinds', () => {
    expect(rows(parse('vacant land'))).toEqual([['land_use_class', 'eq', 'vacant']])
    expect(rows(parse('farmland'))).toEqual([['land_use_class', 'eq', 'agricultural']])
    expect(rows(parse('continuous corn'))).toEqual([['rotation', 'eq', 'continuous-corn']])
    expect(rows(parse('corn/soy rotation'))).toEqual([['rotation', 'eq', 'corn-soybean']])
    expect(rows(parse('soybeans after corn'))).toEqual([
      ['rotation', 'eq', 'corn-soybean'],
      ['cdl_majority_category', 'eq', 'Soybeans'],
    ])
    expect(parse('wheat after soybeans').unknown[0]?.reason).toMatch(/rotation patterns/)
    expect(rows(parse('LLC-owned'))).toEqual([['owner_type', 'eq', 'LLC']])
    expect(rows(parse('owned by a trust'))).toEqual([['owner_type', 'eq', 'TRUST']])
    expect(rows(parse('non-LLC'))).toEqual([['owner_type', 'ne', 'LLC']])
    expect(rows(parse('corporate-owned'))).toEqual([['owner_type', 'in', ['LLC', 'CORPORATION']]])
  })

  it('owners by name, and owner facts the catalog cannot search', () => {
    expect(rows(parse('owned by John Deere in Story County'))).toEqual([['owner', 'ilike', 'John Deere']])
    expect(parse('absentee owners').unknown[0]?.reason).toMatch(/owner lives/)
    expect(parse('out-of-state owners').unknown[0]?.reason).toMatch(/owner lives/)
  })

  it('sales: whether there is one; a date range is flagged (sale_date takes no ranges)', () => {
    expect(rows(parse('never sold'))).toEqual([['sale_date', 'isnull', true]])
    for (const q of ['sold since 2020', 'sold in the last 5 years', 'sold between 2018 and 2021', 'recently sold']) {
      const p = parse(q)
      expect(p.filters).toEqual([])
      expect(p.unknown).toEqual([expect.objectContaining({ text: q, reason: expect.stringMatching(/sale_date/) })])
    }
  })

  it('codes: ZIP, zoning, improvements', () => {
    expect(rows(parse('zip 50010'))).toEqual([['postal', 'eq', '50010']])
    expect(rows(parse('zoned A-1'))).toEqual([['zoning', 'eq', 'A-1']])
    expect(rows(parse('with a house'))).toEqual([['improvements_value', 'gt', 0]])
    expect(rows(parse('no buildings'))).toEqual([['improvements_value', 'eq', 0]])
  })
})

describe('parseWords: places, areas, sorts, themes', () => {
  it('a county by name, with or without "County"; states by name or code', () => {
    expect(parse('in Story County').scope).toMatchObject({ kind: 'county', fips: '19169', state: 'IA' })
    expect(parse('vacant land in Fresno').scope).toMatchObject({ fips: '06019' })
    expect(parse('in Saint Louis County').scope).toMatchObject({ fips: '29510' })
    expect(parse('in Iowa').scope).toMatchObject({ kind: 'state', fips: '19', state: 'IA' })
    expect(parse('Story County, IA').scope).toMatchObject({ fips: '19169' })
    expect(parse('corn in the state of Kansas').scope).toMatchObject({ fips: '20' })
  })

  it('a county in several states needs the state; two places are one too many', () => {
    const amb = parse('Washington County farmland')
    expect(amb.scope).toBeNull()
    expect(amb.unknown[0]).toMatchObject({ text: 'Washington County', reason: expect.stringMatching(/IA, OR/) })
    expect(parse('Washington County, Oregon').scope).toMatchObject({ fips: '41067' })
    const two = parse('Story County or Fresno County')
    expect(two.scope).toMatchObject({ fips: '19169' })
    expect(two.unknown.map((u) => u.text)).toContain('Fresno County')
  })

  it('"in" words that are not county names, and lower-case names, are not places', () => {
    expect(parse('in story').scope).toBeNull()
    expect(parse('farmland in Ames').unknown.map((u) => u.text)).toEqual(['Ames'])
  })

  it('areas: around me, the map view, the drawn area', () => {
    expect(parse('within 2 miles of here').area).toMatchObject({ kind: 'around-me', miles: 2 })
    expect(parse('within 5 km of me').area).toMatchObject({ kind: 'around-me', miles: 3.107 })
    expect(parse('in the map view').area).toMatchObject({ kind: 'view' })
    expect(parse('in the area I drew').area).toMatchObject({ kind: 'drawn' })
    expect(parse('near me').unknown[0]?.reason).toMatch(/how far/)
    expect(parse('within 5 miles of Ames').unknown[0]?.reason).toMatch(/centre/)
  })

  it('sorts and themes', () => {
    expect(parse('largest first').order).toMatchObject({ field: 'acres', direction: 'desc' })
    expect(parse('sorted by sale price descending').order).toMatchObject({ field: 'sale_price', direction: 'desc' })
    expect(parse('sorted by acres').order).toMatchObject({ field: 'acres', direction: 'asc' })
    expect(parse('highest assessed value first').order).toMatchObject({ field: 'parcel_value', direction: 'desc' })
    expect(parse('colour by crop').theme).toMatchObject({ id: 'crop' })
    expect(parse('colored by value per acre').theme).toMatchObject({ id: 'vpa' })
    expect(parse('cheapest').unknown[0]?.reason).toMatch(/which price/)
  })
})

describe('parseWords: spans', () => {
  it('every part points at the words it came from', () => {
    const q = 'Corn over 80 acres in Story County sold since 2020, largest first, colour by rotation'
    const p = parse(q)
    expect(p.filters.map((f) => said(q, f.span))).toEqual(['Corn', 'over 80 acres'])
    expect(said(q, p.scope!.span)).toBe('Story County')
    expect(said(q, p.order!.span)).toBe('largest first')
    expect(said(q, p.theme!.span)).toBe('colour by rotation')
    expect(p.unknown.map((u) => said(q, u.span))).toEqual(['sold since 2020'])
  })

  it('unknown words keep their spans, neighbours joined; small words are dropped', () => {
    const q = 'show me purple unicorn meadows with corn'
    const p = parse(q)
    expect(p.unknown).toEqual([{ text: 'purple unicorn meadows', span: { start: 8, end: 30 } }])
    expect(rows(p)).toEqual([['cdl_majority_category', 'eq', 'Corn']])
  })
})

describe('parseWords: hostile input never throws', () => {
  it('only unknown words: everything in unknown', () => {
    const p = parse('zxq blorf wibble')
    expect(p).toMatchObject({ filters: [], scope: null, area: null, order: null, theme: null })
    expect(p.unknown.map((u) => u.text)).toEqual(['zxq blorf wibble'])
  })

  it('10 KB of text, control characters, emoji, empty and non-string input', () => {
    const big = 'corn over 80 acres in Story County '.repeat(300)
    expect(big.length).toBeGreaterThan(10_000)
    const started = performance.now()
    const p = parse(big)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(p.filters.length).toBeGreaterThan(0)
    for (const q of [
      '\u0000\u0001\u001b[31m corn \u0007',
      '🌽🌽 over 80 🚜 acres',
      '',
      '   ',
      '$$$ %%% ---',
      '$',
      '1e999 acres',
    ]) {
      expect(() => parse(q)).not.toThrow()
    }
    expect(rows(parse('\u0000\u0001 corn \u0007'))).toEqual([['cdl_majority_category', 'eq', 'Corn']])
    expect(parse(undefined as unknown as string)).toMatchObject({ filters: [], unknown: [] })
    expect(parse('')).toMatchObject({ filters: [], unknown: [] })
  })

  it('numbers too large for a filter are refused, not sent', () => {
    const p = parse(`over ${'9'.repeat(400)} acres`)
    expect(p.filters.every((f) => typeof f.value !== 'number' || Number.isFinite(f.value))).toBe(true)
  })
})

describe('parseWords: long input', () => {
  it('says that the words past the limit were not read', () => {
    const q = `corn ${'x'.repeat(3000)}`
    const p = parse(q)
    expect(p.unknown.at(-1)).toMatchObject({
      span: { start: 2000, end: q.length },
      reason: expect.stringMatching(/first 2000/),
    })
  })
})

import { describe, expect, it } from 'vitest'
import { isLandUseClass, LAND_USE_CLASSES, landUseClassIndex, landUseClassLabel } from './land-use-classes'
import { classifyLandUse, landUseClassOf, prepareRules } from './land-use-classify'

const c = (code: string | null, description: string | null = null, state: string | null = null) =>
  classifyLandUse({ code, description, state })

describe('land-use classes', () => {
  it('are seven, each with a label and its nearest LBCS Activity level', () => {
    expect(LAND_USE_CLASSES.map((x) => x.id)).toEqual([
      'agricultural',
      'residential',
      'commercial',
      'industrial',
      'institutional',
      'vacant',
      'other',
    ])
    expect(landUseClassLabel('institutional')).toBe('Institutional / public')
    expect(landUseClassLabel('nope')).toBeNull()
    expect(landUseClassIndex('vacant')).toBe(5)
    expect(isLandUseClass('other')).toBe(true)
    expect(isLandUseClass('Other')).toBe(false)
  })
})

describe('classifyLandUse: descriptions', () => {
  it.each([
    ['AGRICULTURAL - CROPLAND', 'agricultural'],
    ['AGRICULTURAL - FARMSTEAD', 'agricultural'],
    ['Cash Grain', 'agricultural'],
    ['PASTURE/GRAZING', 'agricultural'],
    ['RESIDENTIAL - SINGLE FAMILY', 'residential'],
    ['RESIDENTIAL - RURAL ACREAGE', 'residential'],
    ['Multi-family less than 10 units', 'residential'],
    ['MOBILE HOME PARK', 'residential'],
    ['COMMERCIAL - RETAIL', 'commercial'],
    ['Stores, one story', 'commercial'],
    ['INDUSTRIAL PARK', 'industrial'],
    ['Light manufacturing', 'industrial'],
    ['EXEMPT - SCHOOL', 'institutional'],
    ['EXEMPT - PARK', 'institutional'],
    ['Churches', 'institutional'],
    ['VACANT - RESIDENTIAL LOT', 'vacant'],
    ['COMMERCIAL - VACANT LAND', 'vacant'],
    ['Vacant Residential', 'vacant'],
    ['AGRICULTURAL VACANT LAND', 'agricultural'],
    ['Right-of-way, streets, roads', 'other'],
    ['RIVERS AND LAKES, SUBMERGED LANDS', 'other'],
    ['AGRICULTURAL RESIDENTIAL', 'agricultural'],
    ['WATERFRONT RESIDENTIAL', 'residential'],
    ['PARKING LOT', 'commercial'],
  ])('%s → %s', (description, expected) => {
    expect(c(null, description)).toBe(expected)
  })

  it('a description wins over a code it contradicts; unknown text is unclassified', () => {
    expect(c('601', 'CASH GRAIN', 'OH')).toBe('agricultural')
    expect(c(null, 'SEE ASSESSOR')).toBeNull()
    expect(c(null, null)).toBeNull()
    expect(c('  ', '')).toBeNull()
  })
})

describe('classifyLandUse: codes', () => {
  it('codes that carry their description are read by their words', () => {
    expect(c('601 - CASH GRAIN')).toBe('agricultural')
    expect(c('R-1 SINGLE FAMILY')).toBe('residential')
    expect(c('C-2 GENERAL COMMERCIAL')).toBe('commercial')
  })

  it('short Midwestern class codes by their letters', () => {
    expect(c('A1')).toBe('agricultural')
    expect(c('a-1')).toBe('agricultural')
    expect(c('R1')).toBe('residential')
    expect(c('R-3')).toBe('residential')
    expect(c('C4')).toBe('commercial')
    expect(c('I')).toBe('industrial')
    expect(c('E2')).toBe('institutional')
    expect(c('V1')).toBe('vacant')
    expect(c('AG')).toBe('agricultural')
    expect(c('RES')).toBe('residential')
    expect(c('M1')).toBeNull()
    expect(c('ZZ9')).toBeNull()
  })

  it('Florida DOR codes in their three spellings', () => {
    expect(c('01', null, 'FL')).toBe('residential')
    expect(c('001', null, 'FL')).toBe('residential')
    expect(c('0100', null, 'FL')).toBe('residential')
    expect(c('00', null, 'FL')).toBe('vacant')
    expect(c('1000', null, 'FL')).toBe('vacant')
    expect(c('17', null, 'FL')).toBe('commercial')
    expect(c('41', null, 'FL')).toBe('industrial')
    expect(c('5100', null, 'FL')).toBe('agricultural')
    expect(c('066', null, 'FL')).toBe('agricultural')
    expect(c('71', null, 'FL')).toBe('institutional')
    expect(c('86', null, 'FL')).toBe('institutional')
    expect(c('92', null, 'FL')).toBe('industrial')
    expect(c('94', null, 'FL')).toBe('other')
    expect(c('09', null, 'FL')).toBe('other')
    expect(c('12345', null, 'FL')).toBeNull()
  })

  it('a numeric code means nothing without its state’s scheme', () => {
    expect(c('01')).toBeNull()
    expect(c('0100', null, 'IA')).toBeNull()
  })

  it('Indiana and Ohio property classes', () => {
    expect(c('101', null, 'IN')).toBe('agricultural')
    expect(c('100', null, 'OH')).toBe('agricultural')
    expect(c('500', null, 'OH')).toBe('vacant')
    expect(c('510', null, 'IN')).toBe('residential')
    expect(c('429', null, 'OH')).toBe('commercial')
    expect(c('340', null, 'IN')).toBe('industrial')
    expect(c('685', null, 'OH')).toBe('institutional')
    expect(c('830', null, 'IN')).toBe('other')
    expect(c('999', null, 'IN')).toBeNull()
  })

  it('Michigan property classes', () => {
    expect(c('101', null, 'MI')).toBe('agricultural')
    expect(c('401', null, 'MI')).toBe('residential')
    expect(c('402', null, 'MI')).toBe('vacant')
    expect(c('201', null, 'MI')).toBe('commercial')
    expect(c('301', null, 'MI')).toBe('industrial')
    expect(c('701', null, 'MI')).toBe('institutional')
  })

  it('California (Los Angeles County-style) use codes', () => {
    expect(c('0100', null, 'CA')).toBe('residential')
    expect(c('010V', null, 'CA')).toBe('vacant')
    expect(c('1100', null, 'CA')).toBe('commercial')
    expect(c('3300', null, 'CA')).toBe('industrial')
    expect(c('4000', null, 'CA')).toBe('agricultural')
    expect(c('7100', null, 'CA')).toBe('institutional')
    expect(c('8800', null, 'CA')).toBe('institutional')
    expect(c('6200', null, 'CA')).toBe('other')
  })
})

describe('classifyLandUse: rules', () => {
  const rules = prepareRules({
    codes: { ' m1 ': 'residential', A1: 'vacant' },
    descriptions: { 'see assessor': 'other' },
    contains: [['CRP', 'agricultural']],
  })

  it('the person’s rules come first: codes, descriptions, then contained words', () => {
    expect(classifyLandUse({ code: 'M1' }, rules)).toBe('residential')
    expect(classifyLandUse({ code: 'A1' }, rules)).toBe('vacant')
    expect(classifyLandUse({ description: 'SEE  Assessor' }, rules)).toBe('other')
    expect(classifyLandUse({ description: 'CRP ACRES' }, rules)).toBe('agricultural')
    expect(classifyLandUse({ code: 'X-CRP' }, rules)).toBe('agricultural')
    // Not in the rules: the built-ins still answer.
    expect(classifyLandUse({ code: 'R1' }, rules)).toBe('residential')
  })

  it('with the built-ins off only the rules answer', () => {
    const only = prepareRules({ codes: { A1: 'agricultural' }, builtin: false })
    expect(classifyLandUse({ code: 'A1' }, only)).toBe('agricultural')
    expect(classifyLandUse({ code: 'R1', description: 'RESIDENTIAL' }, only)).toBeNull()
  })
})

describe('landUseClassOf', () => {
  it('takes the class the server stored, and derives one for records of servers without it', () => {
    expect(landUseClassOf({ land_use_class: 'vacant', land_use: 'AGRICULTURAL' })).toBe('vacant')
    // Our server stored null: it could not classify; the app does not second-guess its rules.
    expect(landUseClassOf({ land_use_class: null, land_use: 'AGRICULTURAL' })).toBeNull()
    expect(landUseClassOf({ land_use: 'Single Family', state: 'FL' })).toBe('residential')
    expect(landUseClassOf({ land_use_code: '0100', state: 'FL' })).toBe('residential')
    expect(landUseClassOf({ land_use_class: 'bogus', land_use_code: 'A1' })).toBe('agricultural')
    expect(landUseClassOf({})).toBeNull()
  })
})

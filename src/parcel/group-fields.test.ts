import { describe, expect, it } from 'vitest'
import { FIELDS } from '../../contract/fields'
import { GROUPS, groupFields, groupForField, humanizeFieldName } from './group-fields'

describe('groupForField', () => {
  it.each([
    ['owner', 'Ownership'],
    ['owner_type', 'Ownership'],
    ['mail_addr', 'Ownership'],
    ['adjacent_acreage_sameowner', 'Ownership'],
    ['situs', 'Location'],
    ['city', 'Location'],
    ['county_fp', 'Location'],
    ['state', 'Location'],
    ['postal', 'Location'],
    ['lat', 'Location'],
    ['lon', 'Location'],
    ['legal', 'Location'],
    ['township', 'Location'],
    ['range', 'Location'],
    ['section', 'Location'],
    ['parcel_value', 'Values'],
    ['improvements_value', 'Values'],
    ['market_total', 'Values'],
    ['assessment_year', 'Values'],
    ['sale_price', 'Sale'],
    ['sale_date', 'Sale'],
    ['deed_book', 'Sale'],
    ['tax_amount', 'Tax'],
    ['exempt_code', 'Tax'],
    ['homestead', 'Tax'],
    ['land_use', 'Land use & zoning'],
    ['land_use_code', 'Land use & zoning'],
    ['zoning', 'Land use & zoning'],
    ['property_class', 'Land use & zoning'],
    ['cdl_majority_category', 'Crop & land cover'],
    ['cdl_majority_value', 'Crop & land cover'],
    ['irrigated', 'Crop & land cover'],
    ['soil_type', 'Crop & land cover'],
    ['csr2', 'Crop & land cover'],
    ['elevation', 'Elevation & terrain'],
    ['slope_pct', 'Elevation & terrain'],
    ['flood_zone', 'Elevation & terrain'],
    ['svc_uuid', 'Other'],
    ['something_new', 'Other'],
  ])('%s → %s', (name, group) => {
    expect(groupForField(name)).toBe(group)
  })

  it('puts every contract field in a known section', () => {
    for (const f of FIELDS) expect(GROUPS).toContain(groupForField(f.name))
  })
})

describe('groupFields', () => {
  it('groups in section order, excludes geom and buildings, and labels from the contract', () => {
    const sections = groupFields({
      svc_uuid: 'u-1',
      geom: { type: 'Point' },
      buildings: [{ sq_feet: 100 }],
      tax_amount: 1200,
      owner: 'SMITH JOHN',
      mystery_flag: true,
      parcel_value: null,
    })
    expect(sections.map((s) => s.group)).toEqual(['Ownership', 'Values', 'Tax', 'Buildings', 'Other'])
    expect(sections[3]!.fields).toEqual([])
    const names = sections.flatMap((s) => s.fields.map((f) => f.name))
    expect(names).not.toContain('geom')
    expect(names).not.toContain('buildings')
    expect(sections[0]!.fields[0]).toEqual({ name: 'owner', label: 'Owner', format: 'text', value: 'SMITH JOHN' })
    expect(sections[1]!.fields[0]).toMatchObject({ label: 'Assessed value', format: 'usd', value: null })
    expect(sections[4]!.fields.map((f) => f.label)).toEqual(['Parcel UUID', 'Mystery flag'])
    expect(sections[4]!.fields[1]!.format).toBeUndefined()
  })

  it('returns nothing for an empty record or an empty buildings list', () => {
    expect(groupFields({})).toEqual([])
    expect(groupFields({ buildings: [] })).toEqual([])
  })
})

describe('humanizeFieldName', () => {
  it('turns snake case into a sentence-case label', () => {
    expect(humanizeFieldName('flood_zone_code')).toBe('Flood zone code')
    expect(humanizeFieldName('x')).toBe('X')
  })
})

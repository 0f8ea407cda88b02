/**
 * Words that name a numeric catalog field (contract/fields.ts), and the unit each field is measured
 * in, so that "$300k" finds "sale price" and "80" finds "acres".
 */
import { type PhraseTable, phraseTable } from './phrases'

export type Measure = 'usd' | 'acres' | 'sqft' | 'length' | 'percent' | 'count' | 'year'

export const FIELD_MEASURE: Readonly<Record<string, Measure>> = {
  acres: 'acres',
  acres_calc: 'acres',
  adjacent_acreage_sameowner: 'acres',
  parcel_value: 'usd',
  land_value: 'usd',
  improvements_value: 'usd',
  agricultural_value: 'usd',
  building_value: 'usd',
  sale_price: 'usd',
  tax_amount: 'usd',
  elevation: 'length',
  sq_feet: 'sqft',
  cdl_majority_percent: 'percent',
  corn_years_5: 'count',
}

export const FIELD_WORDS: PhraseTable<string> = phraseTable<string>(
  [
    ['acres', 'acres'],
    ['acre', 'acres'],
    ['acreage', 'acres'],
    ['size', 'acres'],
    ['deeded acres', 'acres'],
    ['calculated acres', 'acres_calc'],
    ['gis acres', 'acres_calc'],
    ['mapped acres', 'acres_calc'],
    ['contiguous acres', 'adjacent_acreage_sameowner'],
    ['contiguous acreage', 'adjacent_acreage_sameowner'],
    ['contiguous', 'adjacent_acreage_sameowner'],
    ['assessed value', 'parcel_value'],
    ['assessed', 'parcel_value'],
    ['assessment', 'parcel_value'],
    ['total value', 'parcel_value'],
    ['total assessed value', 'parcel_value'],
    ['valued', 'parcel_value'],
    ['value', 'parcel_value'],
    ['parcel value', 'parcel_value'],
    ['land value', 'land_value'],
    ['improvement value', 'improvements_value'],
    ['improvements value', 'improvements_value'],
    ['improvements', 'improvements_value'],
    ['agricultural value', 'agricultural_value'],
    ['ag value', 'agricultural_value'],
    ['farm value', 'agricultural_value'],
    ['building value', 'building_value'],
    ['buildings value', 'building_value'],
    ['sale price', 'sale_price'],
    ['sales price', 'sale_price'],
    ['selling price', 'sale_price'],
    ['price', 'sale_price'],
    ['priced', 'sale_price'],
    ['sold for', 'sale_price'],
    ['sold', 'sale_price'],
    ['sale', 'sale_price'],
    ['tax', 'tax_amount'],
    ['taxes', 'tax_amount'],
    ['property tax', 'tax_amount'],
    ['property taxes', 'tax_amount'],
    ['tax bill', 'tax_amount'],
    ['elevation', 'elevation'],
    ['altitude', 'elevation'],
    ['square feet', 'sq_feet'],
    ['sq ft', 'sq_feet'],
    ['sqft', 'sq_feet'],
    ['sf', 'sq_feet'],
    ['crop percent', 'cdl_majority_percent'],
    ['coverage', 'cdl_majority_percent'],
    ['corn years', 'corn_years_5'],
  ],
  false,
)

/** Unit words after a number, and what they measure; `factor` converts to the field's unit. */
export const UNIT_WORDS: PhraseTable<{ measure: Measure; factor: number; field?: string }> = phraseTable(
  [
    ['acres', { measure: 'acres', factor: 1 }],
    ['acre', { measure: 'acres', factor: 1 }],
    ['ac', { measure: 'acres', factor: 1 }],
    ['hectares', { measure: 'acres', factor: 2.4710538146716536 }],
    ['hectare', { measure: 'acres', factor: 2.4710538146716536 }],
    ['ha', { measure: 'acres', factor: 2.4710538146716536 }],
    ['square feet', { measure: 'sqft', factor: 1 }],
    ['sq ft', { measure: 'sqft', factor: 1 }],
    ['sqft', { measure: 'sqft', factor: 1 }],
    ['sf', { measure: 'sqft', factor: 1 }],
    ['feet', { measure: 'length', factor: 0.3048 }],
    ['foot', { measure: 'length', factor: 0.3048 }],
    ['ft', { measure: 'length', factor: 0.3048 }],
    ['meters', { measure: 'length', factor: 1 }],
    ['metres', { measure: 'length', factor: 1 }],
    ['m', { measure: 'length', factor: 1 }],
    ['dollars', { measure: 'usd', factor: 1 }],
    ['percent', { measure: 'percent', factor: 1 }],
    ['pct', { measure: 'percent', factor: 1 }],
    ['years', { measure: 'count', factor: 1 }],
  ],
  false,
)

/** Where a measure alone says which field ("80 acres" is `acres`); money never does. */
export const DEFAULT_FIELD: Partial<Record<Measure, string>> = {
  acres: 'acres',
  sqft: 'sq_feet',
  length: 'elevation',
}

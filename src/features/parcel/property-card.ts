/**
 * A parcel record read as a property card (pure, no DOM): the facts people look for first, then
 * grouped sections, then every field. Labels come from the one record-column model
 * (src/format/record-columns.ts), formats from field-formats.ts; a field shown in a section is not
 * repeated beside a raw copy.
 */
import { landUseClassLabel } from '../../../contract/land-use-classes'
import { landUseClassOf } from '../../../contract/land-use-classify'
import type { ParcelRecord } from '../../../contract/schemas'
import { fieldFormat } from '../../format/field-formats'
import { EMPTY, formatUsd, formatValue, isEmptyValue, toNumber } from '../../format/format-value'
import { BUILDINGS_COLUMN, columnLabel, isCellColumn } from '../../format/record-columns'

export interface CardRow {
  name: string
  label: string
  value: string
}

export interface CardSection {
  title: string
  rows: CardRow[]
}

export interface SaleRow {
  date: string
  price: string
  deed: string
}

export interface PropertyCard {
  title: string
  subtitle: string | null
  facts: CardRow[]
  sections: CardSection[]
  sales: SaleRow[]
  /** Every field of the record, in its own order (geometry and buildings aside). */
  all: CardRow[]
}

const SECTIONS: readonly (readonly [string, readonly string[]])[] = [
  ['Ownership', ['owner', 'owner2', 'owner_type', 'owner_occupied', 'mail_addr', 'adjacent_acreage_sameowner']],
  [
    'Valuation',
    [
      'parcel_value',
      'land_value',
      'improvements_value',
      'building_value',
      'agricultural_value',
      'market_value',
      'assessment_year',
    ],
  ],
  [
    'Land',
    [
      'acres',
      'acres_calc',
      'sq_feet',
      'land_use',
      'land_use_code',
      'land_use_class',
      'property_class',
      'zoning',
      'zoning_description',
      'cdl_majority_category',
      'cdl_majority_percent',
      'cdl_secondary_category',
      'cdl_secondary_percent',
      'csr2',
      'soil_class',
      'irrigated',
      'elevation',
      'slope_percent',
      'flood_zone',
      'legal',
    ],
  ],
  [
    'Tax',
    [
      'tax_amount',
      'tax_year',
      'tax_rate',
      'tax_district',
      'net_taxable_value',
      'exemption_amount',
      'homestead_exemption',
      'tax_exempt',
    ],
  ],
  [
    'Buildings',
    [
      'num_buildings',
      'year_built',
      'effective_year_built',
      'building_sq_feet',
      'living_sq_feet',
      'stories',
      'bedrooms',
      'bathrooms',
      'garage',
      'construction_type',
    ],
  ],
  ['Location', ['situs', 'city', 'county', 'state', 'postal', 'parcel_id', 'school_district', 'lat', 'lon']],
]

// The columns of the one record-column model, less two the card shows its own way: the UUID once,
// under every field, with its own copy button; the buildings as a list of footprints.
const shownAsField = (name: string) => isCellColumn(name) && name !== BUILDINGS_COLUMN && name !== 'svc_uuid'

function row(record: ParcelRecord, name: string): CardRow {
  const value = record[name]
  return { name, label: columnLabel(name), value: formatValue(value, fieldFormat(name, value)) }
}

const text = (v: unknown) => (isEmptyValue(v) ? null : String(v))

/** Dollars per acre of assessed value, when both are known. */
function valuePerAcre(record: ParcelRecord): string {
  const value = toNumber(record.parcel_value)
  const acres = toNumber(record.acres)
  return value !== null && acres !== null && acres > 0 ? formatUsd(value / acres) : EMPTY
}

function lastSale(record: ParcelRecord): string {
  const price = record.sale_price
  const date = record.sale_date
  if (isEmptyValue(price) && isEmptyValue(date)) return EMPTY
  const parts = [formatValue(price, 'usd'), formatValue(date, 'date')].filter((p) => p !== EMPTY)
  return parts.join(' · ')
}

function crop(record: ParcelRecord): string {
  const name = text(record.cdl_majority_category)
  if (!name) return EMPTY
  const pct = toNumber(record.cdl_majority_percent)
  return pct === null ? name : `${name} (${formatValue(pct, 'percent')})`
}

function salesHistory(record: ParcelRecord): SaleRow[] {
  const out: SaleRow[] = []
  for (let i = 1; i <= 9 && (`sale_date_${i}` in record || `sale_price_${i}` in record); i++) {
    const date = record[`sale_date_${i}`]
    const price = record[`sale_price_${i}`]
    if (isEmptyValue(date) && isEmptyValue(price)) continue
    out.push({
      date: formatValue(date, 'date'),
      price: formatValue(price, 'usd'),
      deed: formatValue(record[`deed_type_${i}`], 'text'),
    })
  }
  if (out.length === 0 && (!isEmptyValue(record.sale_date) || !isEmptyValue(record.sale_price))) {
    out.push({ date: formatValue(record.sale_date, 'date'), price: formatValue(record.sale_price, 'usd'), deed: EMPTY })
  }
  return out
}

export function propertyCard(record: ParcelRecord): PropertyCard {
  const title = text(record.owner) ?? text(record.situs) ?? text(record.parcel_id) ?? 'Parcel'
  const place = [text(record.city), text(record.county) && `${record.county} County`, text(record.state)]
    .filter(Boolean)
    .join(', ')
  const subtitle = [text(record.owner) ? text(record.situs) : null, place].filter(Boolean).join(' · ') || null
  const facts: CardRow[] = [
    row(record, 'acres'),
    row(record, 'parcel_value'),
    { name: 'value_per_acre', label: 'Value per acre', value: valuePerAcre(record) },
    row(record, 'land_use'),
    { name: 'land_use_class', label: 'Land-use class', value: landUseClassLabel(landUseClassOf(record)) ?? EMPTY },
    { name: 'crop', label: 'Crop / land cover', value: crop(record) },
    { name: 'last_sale', label: 'Last sale', value: lastSale(record) },
    { name: 'tax_amount', label: 'Taxes', value: row(record, 'tax_amount').value },
  ]
  const sections = SECTIONS.map(([title, names]) => ({
    title,
    rows: names.filter((n) => n in record && !isEmptyValue(record[n])).map((n) => row(record, n)),
  })).filter((s) => s.rows.length > 0)
  const all = Object.keys(record)
    .filter(shownAsField)
    .map((n) => row(record, n))
  return { title, subtitle, facts, sections, sales: salesHistory(record), all }
}

/**
 * The one table of how each parcel field is labelled and formatted, for the catalog's fields (from
 * the contract) and the record's other fields (by name, then by name pattern). Every place that
 * shows a value (details card, table cells) asks here, so a value never appears formatted in one
 * place and raw in another.
 */
import { type FieldFormat, fieldDef } from '../../contract/fields'

/** The contract's formats plus display-only ones for fields outside the catalog. */
export type DisplayFormat =
  | FieldFormat
  | 'year'
  | 'yesno'
  | 'coordinate'
  | 'rate'
  | 'sqft'
  | 'history'
  | 'rotation'
  | 'landuse'

interface Known {
  label: string
  format: DisplayFormat
}

const KNOWN: Record<string, Known> = {
  owner2: { label: 'Second owner', format: 'text' },
  owner_first_name: { label: 'Owner first name', format: 'text' },
  owner_last_name: { label: 'Owner last name', format: 'text' },
  owner_occupied: { label: 'Owner occupied', format: 'yesno' },
  mail_address1: { label: 'Mailing street', format: 'text' },
  mail_city: { label: 'Mailing city', format: 'text' },
  mail_state: { label: 'Mailing state', format: 'text' },
  mail_zip: { label: 'Mailing ZIP', format: 'text' },
  situs_house_number: { label: 'House number', format: 'text' },
  situs_zip: { label: 'Property ZIP', format: 'text' },
  tax_year: { label: 'Tax year', format: 'year' },
  assessment_year: { label: 'Assessment year', format: 'year' },
  tax_rate: { label: 'Tax rate', format: 'rate' },
  tax_exempt: { label: 'Tax exempt', format: 'yesno' },
  homestead_exemption: { label: 'Homestead exemption', format: 'yesno' },
  exemption_amount: { label: 'Exemption amount', format: 'usd' },
  net_taxable_value: { label: 'Net taxable value', format: 'usd' },
  market_value: { label: 'Market value', format: 'usd' },
  csr2: { label: 'CSR2 soil rating', format: 'integer' },
  irrigated: { label: 'Irrigated', format: 'yesno' },
  year_built: { label: 'Year built', format: 'year' },
  effective_year_built: { label: 'Effective year built', format: 'year' },
  num_buildings: { label: 'Buildings', format: 'integer' },
  building_sq_feet: { label: 'Building area', format: 'sqft' },
  living_sq_feet: { label: 'Living area', format: 'sqft' },
  lat: { label: 'Latitude', format: 'coordinate' },
  lon: { label: 'Longitude', format: 'coordinate' },
  cdl_secondary_category: { label: 'Second crop / land cover', format: 'text' },
  cdl_secondary_percent: { label: 'Second crop %', format: 'percent' },
  slope_percent: { label: 'Slope', format: 'percent' },
  frontage_ft: { label: 'Frontage (ft)', format: 'integer' },
  depth_ft: { label: 'Depth (ft)', format: 'integer' },
  parcel_id: { label: 'APN (parcel ID)', format: 'text' },
  cdl_history: { label: 'Crop history', format: 'history' },
  rotation: { label: 'Rotation', format: 'rotation' },
  land_use_class: { label: 'Land-use class', format: 'landuse' },
}

const PATTERNS: readonly (readonly [RegExp, DisplayFormat])[] = [
  [/_(price|value|amount)(_\d+)?$/, 'usd'],
  [/(^|_)date(_\d+)?$/, 'date'],
  [/(^|_)year(_built)?$/, 'year'],
  [/_(percent|pct)$/, 'percent'],
  [/_sq_?(feet|ft)$/, 'sqft'],
  [/_acres$|^acres_/, 'acres'],
]

/** Words written in capitals wherever they appear in a label made from a field name. */
const ACRONYMS = new Set(['id', 'apn', 'zip', 'fips', 'csr2', 'cdl', 'plss', 'uuid', 'usd'])

/** "sale_price_2" → "Sale price 2"; "school_district" → "School district". */
function humanizeFieldName(name: string): string {
  const words = name.split(/[_-]+/).filter(Boolean)
  const text = words.map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase())).join(' ')
  return text ? text[0]!.toUpperCase() + text.slice(1) : name
}

export function fieldLabel(name: string): string {
  return KNOWN[name]?.label ?? fieldDef(name)?.label ?? humanizeFieldName(name)
}

export function fieldFormat(name: string, value?: unknown): DisplayFormat {
  const known = KNOWN[name]?.format ?? fieldDef(name)?.format
  if (known) return known
  if (typeof value === 'boolean') return 'yesno'
  for (const [pattern, format] of PATTERNS) if (pattern.test(name)) return format
  return 'text'
}

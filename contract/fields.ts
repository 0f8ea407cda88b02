/**
 * The queryable field catalog, exactly as the spec's three tables. This is the only list of
 * filterable fields in the repository: server SQL, client validation and the filter builder all
 * derive from it.
 */
const TEXT_OPERATORS = ['ilike', 'eq', 'ne', 'in', 'nin', 'isnull'] as const
const NUMERIC_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'nin', 'isnull'] as const
const ID_OPERATORS = ['eq', 'ne', 'in', 'nin', 'isnull'] as const

export const OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'in', 'nin', 'ilike', 'isnull'] as const
export type Operator = (typeof OPERATORS)[number]

export type FieldGroup = 'text' | 'numeric' | 'id'

export const GROUP_OPERATORS: Record<FieldGroup, readonly Operator[]> = {
  text: TEXT_OPERATORS,
  numeric: NUMERIC_OPERATORS,
  id: ID_OPERATORS,
}

/** How a value is shown and edited; the server ignores it. */
export type FieldFormat = 'text' | 'integer' | 'decimal' | 'usd' | 'acres' | 'percent' | 'meters' | 'date' | 'uuid'

export interface FieldDef {
  readonly name: string
  readonly group: FieldGroup
  readonly label: string
  readonly meaning: string
  readonly format: FieldFormat
  /**
   * Not in the spec: a column our server derives and accepts in filters and orders (docs/api.md,
   * "Crop history and rotation" and "Land-use class"). The app applies filters on these itself for servers that lack them.
   */
  readonly extension?: true
}

const text = (name: string, label: string, meaning: string): FieldDef => ({
  name,
  group: 'text',
  label,
  meaning,
  format: 'text',
})
const num = (name: string, label: string, meaning: string, format: FieldFormat): FieldDef => ({
  name,
  group: 'numeric',
  label,
  meaning,
  format,
})
const id = (name: string, label: string, meaning: string, format: FieldFormat = 'text'): FieldDef => ({
  name,
  group: 'id',
  label,
  meaning,
  format,
})

export const FIELDS: readonly FieldDef[] = [
  text('owner', 'Owner', 'owner name'),
  text('parcel_id', 'Parcel ID', 'county assessor parcel number'),
  text('situs', 'Address', 'property address'),
  text('mail_addr', 'Mailing address', 'owner mailing address'),
  text('city', 'City', 'city'),
  text('land_use', 'Land use', 'land use classification'),
  text('land_use_code', 'Land use code', 'land use code'),
  text('legal', 'Legal description', 'legal description'),
  text('cdl_majority_category', 'Crop / land cover', 'crop / land-cover type name'),
  num('acres', 'Acres', 'parcel area as reported by the county', 'acres'),
  num('acres_calc', 'Acres (calc.)', 'parcel area computed from geometry', 'acres'),
  num('parcel_value', 'Assessed value', 'total assessed value, USD', 'usd'),
  num('land_value', 'Land value', 'land assessed value, USD', 'usd'),
  num('improvements_value', 'Improvements value', 'improvements assessed value, USD', 'usd'),
  num('agricultural_value', 'Agricultural value', 'agricultural assessed value, USD', 'usd'),
  num('building_value', 'Building value', 'building assessed value, USD', 'usd'),
  num('sale_price', 'Sale price', 'most recent sale price, USD', 'usd'),
  num('tax_amount', 'Tax', 'annual property tax, USD', 'usd'),
  num('elevation', 'Elevation (m)', 'centroid elevation, meters', 'meters'),
  num('adjacent_acreage_sameowner', 'Owner contiguous acres', 'contiguous acreage under the same owner', 'acres'),
  num('cdl_majority_value', 'Crop code', 'numeric code of the majority crop/land-cover category', 'integer'),
  num('cdl_majority_percent', 'Crop %', 'percent of the parcel covered by the majority category', 'percent'),
  num('sq_feet', 'Square feet', 'parcel area in square feet', 'integer'),
  id('state_fp', 'State FIPS', 'state FIPS code, string (two digits)'),
  id('state', 'State', 'two-letter state abbreviation'),
  id('county_fp', 'County FIPS', 'county FIPS code'),
  id('county', 'County', 'county name'),
  id('postal', 'ZIP', 'ZIP code'),
  id('zoning', 'Zoning', 'zoning code'),
  id('owner_type', 'Owner type', 'owner type'),
  id('sale_date', 'Sale date', 'sale date, a string', 'date'),
  id('svc_uuid', 'Parcel UUID', 'parcel identifier (UUID)', 'uuid'),
  id('svc_stack_uuid', 'Stack UUID', 'identifier grouping parcels at the same location', 'uuid'),
  // Extensions (issue 25): derived from `cdl_history` by contract/rotation.ts at load.
  {
    ...text('rotation', 'Rotation', 'crop rotation of the last five years (contract/rotation.ts ids)'),
    extension: true,
  },
  { ...num('corn_years_5', 'Corn years (of 5)', 'years with corn among the last five', 'integer'), extension: true },
  // Extension (issue 23): the national land-use class, derived at load by contract/land-use-classify.ts.
  {
    ...id('land_use_class', 'Land-use class', 'national land-use class (contract/land-use-classes.ts ids)'),
    extension: true,
  },
]

const FIELD_BY_NAME: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((f) => [f.name, f]))

export function fieldDef(name: string): FieldDef | undefined {
  return FIELD_BY_NAME.get(name)
}

/** A field our server adds beyond the spec (see FieldDef.extension). */
export const isExtensionField = (name: string): boolean => FIELD_BY_NAME.get(name)?.extension === true

export function operatorsFor(field: string): readonly Operator[] {
  const def = FIELD_BY_NAME.get(field)
  return def ? GROUP_OPERATORS[def.group] : []
}

export function isOperator(op: string): op is Operator {
  return (OPERATORS as readonly string[]).includes(op)
}

/** Spec rule 3: a filter on one of these needs a geographic scope filter too. */
export const SCOPED_FIELDS = ['owner', 'parcel_id', 'situs', 'mail_addr'] as const
export const SCOPE_FIELDS = ['state_fp', 'state', 'county_fp'] as const

/**
 * Our choice (the spec does not say): any queryable field may be used for `order`.
 * Ties are always broken by `svc_uuid` so offset paging is stable.
 */
export const ORDERABLE_FIELDS: readonly string[] = FIELDS.map((f) => f.name)

/**
 * Sorts a parcel record's fields into the details panel's sections (pure, no DOM). Records are open
 * objects, so grouping goes by field-name pattern; labels and formats come from the contract's
 * FIELDS catalog when the field is in it, and anything unrecognised lands in "Other".
 */
import { type FieldFormat, fieldDef } from '../../contract/fields'

export const GROUPS = [
  'Ownership',
  'Location',
  'Values',
  'Sale',
  'Tax',
  'Land use & zoning',
  'Crop & land cover',
  'Elevation & terrain',
  'Buildings',
  'Other',
] as const
export type GroupName = (typeof GROUPS)[number]

/** Not shown as a field: geometry is drawn on the map, buildings get their own list. */
export const EXCLUDED_FIELDS: ReadonlySet<string> = new Set(['geom', 'buildings'])

export interface GroupedField {
  name: string
  label: string
  /** From the contract when the field is in FIELDS; undefined means "show as text". */
  format: FieldFormat | undefined
  value: unknown
}

export interface FieldGroupSection {
  group: GroupName
  fields: GroupedField[]
}

// Order matters: the first matching rule wins (cdl_majority_value is a crop code, not a value).
const RULES: readonly (readonly [GroupName, RegExp])[] = [
  ['Crop & land cover', /^(cdl|soil)|^irrigated$|^csr2$/],
  ['Ownership', /^(owner|mail)|sameowner$/],
  ['Land use & zoning', /^(land_use|zoning)|^property_class$/],
  ['Sale', /^(sale|deed)/],
  ['Tax', /^(tax|exempt|homestead)/],
  ['Elevation & terrain', /^elevation|^(slope|flood)/],
  [
    'Location',
    /^(situs|county|state)|^(city|postal|zip|lat|lon|lng|latitude|longitude|legal|section|township|range|parcel_id)$|^acres|^sq_(feet|meters)$/,
  ],
  ['Values', /_value$|^(market|assessment)/],
  ['Buildings', /^building(?!_value$)/],
]

export function groupForField(name: string): GroupName {
  const key = name.toLowerCase()
  for (const [group, pattern] of RULES) if (pattern.test(key)) return group
  return 'Other'
}

/** "land_use_code" → "Land use code" for fields the contract does not name. */
export function humanizeFieldName(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : name
}

/**
 * Non-empty sections in GROUPS order; fields keep the record's own key order within a section.
 * A record with a non-empty `buildings` array always gets a Buildings section (possibly with no
 * fields) so the panel can list the buildings in their place.
 */
export function groupFields(record: Readonly<Record<string, unknown>>): FieldGroupSection[] {
  const byGroup = new Map<GroupName, GroupedField[]>()
  for (const [name, value] of Object.entries(record)) {
    if (EXCLUDED_FIELDS.has(name)) continue
    const def = fieldDef(name)
    const group = groupForField(name)
    const list = byGroup.get(group) ?? []
    list.push({ name, label: def?.label ?? humanizeFieldName(name), format: def?.format, value })
    byGroup.set(group, list)
  }
  if (Array.isArray(record.buildings) && record.buildings.length > 0 && !byGroup.has('Buildings')) {
    byGroup.set('Buildings', [])
  }
  return GROUPS.flatMap((group) => {
    const fields = byGroup.get(group)
    return fields ? [{ group, fields }] : []
  })
}

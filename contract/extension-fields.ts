/**
 * Our extension filter fields (FieldDef.extension) and how a record's value of each is read where
 * the server did not store it. Plat's server lists the ones it evaluates in `/coverage`
 * (`extensions`); for any other server the app applies those filters to the loaded records
 * itself (src/features/search/local-filters.ts), deriving the value from what the record carries
 * (the rotation from `cdl_history`, say).
 */
import { FIELDS } from './fields'
import type { FieldReader } from './filter-match'
import { landUseClassOf } from './land-use-classify'
import { cornYearsOf, rotationOf } from './rotation'

export const EXTENSION_FIELDS: readonly string[] = FIELDS.filter((f) => f.extension).map((f) => f.name)

/** Derived extension values: the stored one when the record has it, else computed from its other fields. */
const DERIVED: Readonly<Record<string, (record: Readonly<Record<string, unknown>>) => unknown>> = {
  rotation: rotationOf,
  corn_years_5: cornYearsOf,
  // The built-in classification: a server's own rules (--land-use) may differ, which the note says.
  land_use_class: landUseClassOf,
}

export const readExtensionAware: FieldReader = (record, field) => {
  const derive = DERIVED[field]
  return derive ? derive(record) : record[field]
}

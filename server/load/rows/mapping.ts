/**
 * MAPPING.json: our field name → the county's attribute name (or a list of names joined with spaces,
 * for addresses split over several columns). Checked twice: the file itself when it is read, then its
 * attribute names against the source's attributes before anything is written.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { FIELDS } from '../../../contract/fields'

/** Fields the loader computes or takes from the command line, so a mapping may not supply them. */
const DERIVED_FIELDS = [
  'svc_uuid',
  'svc_stack_uuid',
  'state_fp',
  'state',
  'county_fp',
  'county',
  'acres_calc',
  'adjacent_acreage_sameowner',
  'rotation',
  'corn_years_5',
  'land_use_class',
] as const

/** The catalog fields a mapping may supply (staged as typed columns, stage-table.ts). */
export const MAPPABLE_FIELDS: readonly string[] = FIELDS.map((f) => f.name).filter(
  (n) => !(DERIVED_FIELDS as readonly string[]).includes(n),
)

export type Mapping = Readonly<Record<string, readonly string[]>>

const MappingFile = z.record(z.string(), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]))

export class MappingError extends Error {}

/** Parses and checks a mapping object; throws MappingError with every problem found. */
export function parseMapping(data: unknown, where = 'the mapping'): Mapping {
  const parsed = MappingFile.safeParse(data)
  if (!parsed.success) {
    throw new MappingError(
      `${where} must be a JSON object of field → attribute name (or list of names), e.g. {"owner": "OWNER1", "parcel_id": "PIN"}`,
    )
  }
  const problems: string[] = []
  const out: Record<string, string[]> = {}
  const numeric = new Set(FIELDS.filter((f) => f.group === 'numeric').map((f) => f.name))
  for (const [field, source] of Object.entries(parsed.data)) {
    const names = typeof source === 'string' ? [source] : source
    if ((DERIVED_FIELDS as readonly string[]).includes(field)) {
      problems.push(`"${field}" is computed by the loader (or given on the command line) and cannot be mapped`)
    } else if (!MAPPABLE_FIELDS.includes(field)) {
      problems.push(`"${field}" is not a Plat field (mappable: ${MAPPABLE_FIELDS.join(', ')})`)
    } else if (numeric.has(field) && names.length > 1) {
      problems.push(`"${field}" is numeric: map it to one attribute, not a list`)
    } else out[field] = names
  }
  if (problems.length) throw new MappingError(`${where} has problems:\n  ${problems.join('\n  ')}`)
  return out
}

export function readMappingFile(path: string): Mapping {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    throw new MappingError(`cannot read the mapping file ${path} (${(e as NodeJS.ErrnoException).code ?? e})`)
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    throw new MappingError(`the mapping file ${path} is not valid JSON (${(e as Error).message})`)
  }
  return parseMapping(data, `the mapping file ${path}`)
}

/** Names a joined CAMA column may always be given by (cama-join.ts): `join.OWNER_NAME`. */
const JOINED = 'join.'

/**
 * Resolves the mapping's attribute names against the source's (case-insensitively, as DBF and
 * GeoPackage names differ in case between exports) and returns field → exact source names. A name
 * `join.X` is the joined table's column X, which keeps the prefix only when the shapes have an X too.
 */
export function resolveMapping(mapping: Mapping, attributes: readonly string[]): Mapping {
  const byLower = new Map(attributes.map((a) => [a.toLowerCase(), a]))
  const missing: string[] = []
  const out: Record<string, string[]> = {}
  for (const [field, names] of Object.entries(mapping)) {
    out[field] = names.map((n) => {
      const lower = n.toLowerCase()
      const hit = byLower.get(lower) ?? (lower.startsWith(JOINED) ? byLower.get(lower.slice(JOINED.length)) : undefined)
      if (!hit) missing.push(`${field} → "${n}"`)
      return hit ?? n
    })
  }
  if (missing.length) {
    const shown = attributes.slice(0, 60).join(', ')
    throw new MappingError(
      `the mapping names attributes the file does not have: ${missing.join(', ')}.\n  The file's attributes: ${shown}${attributes.length > 60 ? ', …' : ''}`,
    )
  }
  return out
}

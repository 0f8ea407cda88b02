import { FIELDS } from '../../contract/fields'

/** Column names and SQL types come from the contract's field catalog; nothing here lists fields. */
const PARCEL_COLUMNS: readonly { name: string; sqlType: 'text' | 'double precision' }[] = FIELDS.map((f) => ({
  name: f.name,
  sqlType: f.group === 'numeric' ? 'double precision' : 'text',
}))

const KNOWN = new Set(PARCEL_COLUMNS.map((c) => c.name))

/** Guards every identifier that reaches SQL text: only catalog fields pass. */
export function column(name: string): string {
  if (!KNOWN.has(name)) throw new Error(`not a parcel column: ${name}`)
  return `p.${name}`
}

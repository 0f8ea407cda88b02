import { fieldDef, type Operator } from '../../contract/fields'
import type { FilterItem } from '../../contract/schemas'
import { US_STATES } from '../../contract/us-states'
import { column } from './parcel-columns'

/**
 * Turns validated filters into a WHERE clause with bound parameters. Input has passed
 * checkQueryRequest, so field names are catalog fields and values have the right shape.
 * Choices (docs/api.md "API choices"): `ne`/`nin` follow SQL and do not match nulls; `ilike` is a substring match with
 * `%` and `_` taken literally.
 */
export function buildWhere(filters: readonly FilterItem[], params: unknown[]): string {
  if (filters.length === 0) return 'TRUE'
  return filters.map((f) => condition(f, params) + stateFpHint(f, params)).join(' AND ')
}

const FIPS_BY_ABBR = new Map(US_STATES.map((s) => [s.abbr, s.fips]))

/**
 * A `state` filter (the app's scope) also names its state_fp, the partition key of `parcels` on
 * PostgreSQL (parcel-partitions.ts), so the planner reads only that state's partition. A load
 * writes both from one county identity, so the answer is the same; a value that is no state's
 * abbreviation gets no hint (and matches nothing it did not before).
 */
function stateFpHint(filter: FilterItem, params: unknown[]): string {
  if (filter.field !== 'state' || (filter.op !== 'eq' && filter.op !== 'in')) return ''
  const values = filter.op === 'eq' ? [filter.value] : (filter.value as unknown[])
  const fips = values.map((v) => FIPS_BY_ABBR.get(String(v)))
  if (fips.length === 0 || fips.some((f) => f === undefined)) return ''
  return statesCondition(fips as string[], params)
}

/**
 * ` AND` the row's state FIPS is one of `fips`, bound as one array: a constant the planner prunes
 * `parcels`' state partitions by (a state filter's hint above; an id page's states, parcels-repo.ts).
 */
export function statesCondition(fips: readonly string[], params: unknown[]): string {
  params.push(fips)
  return ` AND ${column('state_fp')} = ANY($${params.length}::text[])`
}

function condition(filter: FilterItem, params: unknown[]): string {
  const def = fieldDef(filter.field)
  if (!def) throw new Error(`unknown field ${filter.field}`)
  const col = column(def.name)
  const numeric = def.group === 'numeric'
  const bind = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  const scalar = (v: unknown) => (numeric ? `${bind(Number(v))}::float8` : `${bind(String(v))}::text`)
  const list = (v: unknown) =>
    numeric ? `${bind((v as unknown[]).map(Number))}::float8[]` : `${bind((v as unknown[]).map(String))}::text[]`
  const v = filter.value
  switch (filter.op as Operator) {
    case 'eq':
      return `${col} = ${scalar(v)}`
    case 'ne':
      return `${col} <> ${scalar(v)}`
    case 'gt':
      return `${col} > ${scalar(v)}`
    case 'gte':
      return `${col} >= ${scalar(v)}`
    case 'lt':
      return `${col} < ${scalar(v)}`
    case 'lte':
      return `${col} <= ${scalar(v)}`
    case 'between': {
      const [lo, hi] = v as [number, number]
      return `${col} BETWEEN ${scalar(lo)} AND ${scalar(hi)}`
    }
    case 'in':
      return `${col} = ANY(${list(v)})`
    case 'nin':
      return `NOT (${col} = ANY(${list(v)}))`
    case 'ilike':
      return `${col} ILIKE ${bind(`%${escapeLike(String(v))}%`)} ESCAPE '\\'`
    case 'isnull':
      return v === true ? `${col} IS NULL` : `${col} IS NOT NULL`
  }
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * The spec's filter semantics evaluated in memory. Production use: filters on extension fields
 * (rotation, corn years…) that the connected server does not evaluate are applied in the browser to
 * the records the other filters brought (src/features/search/local-filters.ts). Tests use it as the
 * oracle of what a correct server answers (the API tests, the planner's fake server). Our server
 * evaluates filters in SQL. `ne`/`nin` on a null value is not specified: 'sql' excludes nulls (plain
 * `<>`, what our server does), 'distinct' includes them (`IS DISTINCT FROM`).
 */
import type { FilterItem } from './schemas'

/** A filter as tests hold it: the value may be any shape (tests also send wrong ones). */
export type MatchFilter = Pick<FilterItem, 'field' | 'op'> & { value?: unknown }

export type NullMode = 'sql' | 'distinct'

/** How a field's value is read from a record (derived fields are computed, not stored, on some servers). */
export type FieldReader = (record: Readonly<Record<string, unknown>>, field: string) => unknown

const isNull = (v: unknown) => v === null || v === undefined
const plainField: FieldReader = (record, field) => record[field]

function matches(
  record: Readonly<Record<string, unknown>>,
  filter: MatchFilter,
  nullMode: NullMode,
  read: FieldReader,
): boolean {
  const v = read(record, filter.field)
  const x = filter.value
  switch (filter.op) {
    case 'isnull':
      return x === true ? isNull(v) : !isNull(v)
    case 'eq':
      return !isNull(v) && v === x
    case 'ne':
      return isNull(v) ? nullMode === 'distinct' : v !== x
    case 'in':
      return !isNull(v) && (x as unknown[]).includes(v)
    case 'nin':
      return isNull(v) ? nullMode === 'distinct' : !(x as unknown[]).includes(v)
    case 'gt':
      return typeof v === 'number' && v > (x as number)
    case 'gte':
      return typeof v === 'number' && v >= (x as number)
    case 'lt':
      return typeof v === 'number' && v < (x as number)
    case 'lte':
      return typeof v === 'number' && v <= (x as number)
    case 'between': {
      const [lo, hi] = x as [number, number]
      return typeof v === 'number' && v >= lo && v <= hi
    }
    case 'ilike':
      return typeof v === 'string' && v.toLowerCase().includes(String(x).toLowerCase())
    default:
      throw new Error(`unknown operator ${filter.op}`)
  }
}

export const matchesAll = (
  record: Readonly<Record<string, unknown>>,
  filters: readonly MatchFilter[],
  nullMode: NullMode = 'sql',
  read: FieldReader = plainField,
) => filters.every((f) => matches(record, f, nullMode, read))

/**
 * The semantic rules of POST /parcels/query, shared by the server (which answers 400/422 with them)
 * and the client (which checks a query before spending a call on it).
 */
import type { ValidationIssue } from './errors'
import { toValidationIssues } from './errors'
import {
  type FieldDef,
  fieldDef,
  GROUP_OPERATORS,
  isOperator,
  type Operator,
  ORDERABLE_FIELDS,
  SCOPE_FIELDS,
  SCOPED_FIELDS,
} from './fields'
import { FILTER_MAX_STRING, MAX_IN_VALUES, MAX_IN_VALUES_NON_ID } from './limits'
import { type FilterItem, type ParsedQueryRequest, QueryRequestSchema } from './schemas'

export type QueryCheck =
  | { ok: true; query: ParsedQueryRequest }
  | { ok: false; status: 400; detail: string; filterIndex?: number }
  | { ok: false; status: 422; detail: ValidationIssue[] }

/** Checks a request body in the order the server answers: schema (422), then field rules (400/422). */
export function checkQueryRequest(body: unknown): QueryCheck {
  const parsed = QueryRequestSchema.safeParse(body, { reportInput: true })
  if (!parsed.success) return { ok: false, status: 422, detail: toValidationIssues('body', parsed.error.issues) }
  const query = parsed.data
  for (const [index, filter] of query.filters.entries()) {
    const fieldProblem = checkFieldAndOperator(filter)
    if (fieldProblem)
      return { ok: false, status: 400, detail: `filters[${index}]: ${fieldProblem}`, filterIndex: index }
    const valueProblem = checkFilterValue(filter)
    if (valueProblem) {
      return {
        ok: false,
        status: 422,
        detail: [{ loc: ['body', 'filters', index, 'value'], msg: valueProblem, type: 'value_error' }],
      }
    }
  }
  if (query.order && !ORDERABLE_FIELDS.includes(query.order.field)) {
    return { ok: false, status: 400, detail: `order: unknown field '${query.order.field}'` }
  }
  const scope = checkScope(query.filters)
  if (scope) return { ok: false, status: 400, detail: scope.detail, filterIndex: scope.filterIndex }
  return { ok: true, query }
}

/** Unknown field or operator not allowed for the field's group: a 400 reason, else null. */
export function checkFieldAndOperator(filter: Pick<FilterItem, 'field' | 'op'>): string | null {
  const def = fieldDef(filter.field)
  if (!def) return `unknown field '${filter.field}'`
  if (!isOperator(filter.op)) return `unknown operator '${filter.op}'`
  if (!GROUP_OPERATORS[def.group].includes(filter.op)) {
    return `operator '${filter.op}' is not valid for ${def.group} field '${def.name}' (valid: ${GROUP_OPERATORS[def.group].join(', ')})`
  }
  return null
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isScalar = (v: unknown): v is string | number => typeof v === 'string' || isNum(v)

/** The value shape the operator needs for this field; a 422 message, else null. Assumes a valid field/op. */
export function checkFilterValue(filter: FilterItem): string | null {
  const def = fieldDef(filter.field) as FieldDef
  const op = filter.op as Operator
  const v = filter.value
  // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the database.
  const strings = (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string')
  if (strings.some((x) => x.includes('\u0000'))) return 'strings must not contain the NUL character (\\u0000)'
  if (strings.some((x) => x.length > FILTER_MAX_STRING)) {
    return `strings may be at most ${FILTER_MAX_STRING.toLocaleString('en-US')} characters long`
  }
  const numeric = def.group === 'numeric'
  switch (op) {
    case 'isnull':
      return typeof v === 'boolean' ? null : "'isnull' takes true (value is null) or false (value is not null)"
    case 'between':
      if (!Array.isArray(v) || v.length !== 2 || !v.every(isNum))
        return "'between' takes an array of exactly two numbers [min, max]"
      return (v[0] as number) <= (v[1] as number) ? null : "'between' takes the lower bound first"
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return isNum(v) ? null : `'${op}' takes a number`
    case 'in':
    case 'nin': {
      if (!Array.isArray(v) || v.length === 0) return `'${op}' takes a non-empty array`
      const cap = def.name === 'svc_uuid' ? MAX_IN_VALUES : MAX_IN_VALUES_NON_ID
      if (v.length > cap) return `'${op}' on '${def.name}' takes at most ${cap.toLocaleString('en-US')} values`
      const ok = numeric ? v.every(isNum) : v.every(isScalar)
      return ok
        ? null
        : `'${op}' on ${def.group} field '${def.name}' takes an array of ${numeric ? 'numbers' : 'strings'}`
    }
    case 'ilike':
      return typeof v === 'string' ? null : "'ilike' takes a string"
    case 'eq':
    case 'ne':
      if (numeric) return isNum(v) ? null : `'${op}' on numeric field '${def.name}' takes a number`
      return isScalar(v) ? null : `'${op}' takes a string or a number`
  }
}

/** Spec rule 3. Returns the reason and the offending filter, or null. */
export function checkScope(
  filters: readonly Pick<FilterItem, 'field'>[],
): { detail: string; filterIndex: number } | null {
  const scoped = filters.findIndex((f) => (SCOPED_FIELDS as readonly string[]).includes(f.field))
  if (scoped < 0) return null
  if (filters.some((f) => (SCOPE_FIELDS as readonly string[]).includes(f.field))) return null
  return {
    detail: `missing required scope: a filter on '${filters[scoped]?.field}' needs a filter on ${SCOPE_FIELDS.join(', ')} as well`,
    filterIndex: scoped,
  }
}

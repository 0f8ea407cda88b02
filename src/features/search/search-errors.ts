/**
 * Turning failures into what the user sees: the contract's rules checked before any call is spent,
 * and server errors pointed at the user's filter row (never at the planner's own svc_uuid filter).
 */
import { checkQueryRequest, checkScope } from '../../../contract/query-rules'
import { ApiError, apiErrorFromResponse } from '../../api/api-error'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import { ID_ORDER, idFilter } from './query-body'
import { serverSorted } from './spec-key'

/** The contract's own rules, checked before a call is spent (the server would answer the same). */
export function localCheck(spec: SearchSpec, policy: LoadPolicy): ApiError | null {
  const filters =
    spec.mode === 'area' ? [...spec.filters, idFilter(['00000000-0000-0000-0000-000000000000'])] : spec.filters
  const order = serverSorted(spec, policy) ? spec.order : ID_ORDER
  const check = checkQueryRequest({ filters, order, limit: 100 })
  if (check.ok) return null
  return attribute(apiErrorFromResponse(check.status, { detail: check.detail }, ''), spec)
}

/** Points the error at the user's filter; our own `svc_uuid` filter (last) is no user row. */
export function attribute(e: ApiError, spec: SearchSpec): ApiError {
  if (e.kind !== 'invalid' && e.kind !== 'validation') return e
  if (e.filterIndex !== undefined) return e.filterIndex < spec.filters.length ? e : e.withFilterIndex(undefined)
  // The scope rule's 400 names a field, not an index; the rule itself tells which row it means.
  const scope = /missing required scope/i.test(e.detail) ? checkScope(spec.filters) : null
  return scope ? e.withFilterIndex(scope.filterIndex) : e
}

export function unexpected(e: unknown): ApiError {
  const detail = e instanceof Error ? e.message : String(e)
  return new ApiError({ status: 0, kind: 'server', detail }, `The search failed unexpectedly: ${detail}`)
}

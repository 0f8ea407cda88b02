/**
 * Turning failures into what the user sees: the contract's rules checked before any call is spent,
 * and server errors pointed at the user's filter row (never at the planner's own svc_uuid filter)
 * and worded for a person — never a JSON path (issue 37: "features[1].geometry.coordinates[0]: ring
 * needs at least 4 positions" was shown for a search area the server refused).
 */
import { RING_REASONS } from '../../../contract/area-rules'
import type { ValidationIssue } from '../../../contract/errors'
import { checkQueryRequest, checkScope } from '../../../contract/query-rules'
import { ApiError, apiErrorFromResponse } from '../../api/api-error'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import { ID_ORDER, idFilter } from './query-body'
import { serverSorted } from './spec-key'

/** The contract's own rules, checked before a call is spent (the server would answer the same). */
export function localCheck(spec: SearchSpec, policy: LoadPolicy): ApiError | null {
  const area = spec.mode === 'area' ? collapsedArea(spec) : null
  if (area) return area
  const filters =
    spec.mode === 'area' ? [...spec.filters, idFilter(['00000000-0000-0000-0000-000000000000'])] : spec.filters
  const order = serverSorted(spec, policy) ? spec.order : ID_ORDER
  const check = checkQueryRequest({ filters, order, limit: 100 })
  if (check.ok) return null
  return attribute(apiErrorFromResponse(check.status, { detail: check.detail }, ''), spec)
}

/** Points the error at the user's filter (our own `svc_uuid` filter, last, is no user row) and words it. */
export function attribute(e: ApiError, spec: SearchSpec): ApiError {
  if (e.kind !== 'invalid' && e.kind !== 'validation') return e
  if (e.filterIndex !== undefined)
    return inWords(e.filterIndex < spec.filters.length ? e : e.withFilterIndex(undefined))
  // The scope rule's 400 names a field, not an index; the rule itself tells which row it means.
  const scope = /missing required scope/i.test(e.detail) ? checkScope(spec.filters) : null
  return inWords(scope ? e.withFilterIndex(scope.filterIndex) : e)
}

/** The ring rules as a person reads them: a search area the server could not use, and why. */
const AREA_WORDS: Partial<Record<string, string>> = {
  [RING_REASONS.tooFew]: 'it is too small or has too few corners',
  [RING_REASONS.notClosed]: 'it is too small or has too few corners',
  [RING_REASONS.zeroArea]: 'it encloses no area',
  [RING_REASONS.selfIntersects]: 'its edges cross each other',
}

function issueInWords({ loc, msg }: ValidationIssue): string {
  if (loc[1] !== 'features') return msg
  return `A search area could not be searched: ${AREA_WORDS[msg] ?? msg} (redraw or remove it, then search again)`
}

/**
 * An area whose ring has collapsed (fewer than the contract's 4 positions: the 0.00 ac circle of
 * issue 37) is named before its call is spent. Drawing refuses such shapes; this holds for an area
 * that reached the store another way. Only the cheap count: the server checks the rest.
 */
function collapsedArea(spec: SearchSpec): ApiError | null {
  const i = spec.areas.findIndex((a) => a.geometry.coordinates.some((ring) => ring.length < 4))
  if (i < 0) return null
  const detail = `Search area ${i + 1} could not be searched: ${AREA_WORDS[RING_REASONS.tooFew]} (redraw or remove it, then search again)`
  return new ApiError({ status: 422, kind: 'validation', detail })
}

/** "filters[1].value: …", "features[0].geometry: …": the path goes, the words stay. */
const PATH = /(^|;\s*)[A-Za-z_]\w*(?:\[\d+\]|\.[A-Za-z_]\w*)+:\s*/g

/**
 * A 400 or 422 in words: each issue by what it is about (the filter row is pointed at by
 * filterIndex, so its words need no number), a plain detail without its JSON path.
 */
export function inWords(e: ApiError): ApiError {
  const detail = e.issues?.length ? [...new Set(e.issues.map(issueInWords))].join('; ') : e.detail.replace(PATH, '$1')
  if (detail === e.detail) return e
  return new ApiError({ status: e.status, kind: e.kind, detail, issues: e.issues, filterIndex: e.filterIndex })
}

export function unexpected(e: unknown): ApiError {
  const detail = e instanceof Error ? e.message : String(e)
  return new ApiError({ status: 0, kind: 'server', detail }, `The search failed unexpectedly: ${detail}`)
}

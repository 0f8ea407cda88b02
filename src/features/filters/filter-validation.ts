/**
 * Client-side filter validation. It calls the contract's own rule functions — the very ones the
 * server answers 400/422 with — so the builder can never accept a filter the server rejects or
 * reject one it accepts. Pure: no React, unit-tested in Node.
 */

import { MAX_FILTERS } from '../../../contract/limits'
import { checkFieldAndOperator, checkFilterValue, checkScope } from '../../../contract/query-rules'
import type { FilterItem } from '../../../contract/schemas'

export interface FilterValidation {
  valid: boolean
  /** One reason (or null) per filter, same indexes as the input. */
  perFilter: (string | null)[]
  /** Problems that belong to no single filter (too many filters). */
  general: string | null
}

/**
 * `reservedSlots` counts filters the app adds at search time — in area mode the planner's
 * `svc_uuid in [...]` filter — so the user's list plus those stays within the server's 10.
 */
export function validateFilters(filters: readonly FilterItem[], reservedSlots = 0): FilterValidation {
  const perFilter: (string | null)[] = filters.map(checkOne)
  const room = maxUserFilters(reservedSlots)
  let general: string | null = null
  if (filters.length > room) {
    general =
      reservedSlots > 0
        ? `At most ${room} filters: the server allows ${MAX_FILTERS} and the area search uses ${reservedSlots}. Remove ${filters.length - room}.`
        : `At most ${MAX_FILTERS} filters are allowed. Remove ${filters.length - room}.`
  }
  // Scope is a rule across filters; it is reported on the filter that needs it, as the server does.
  // Only when every filter is otherwise sound, mirroring the server's order of checks.
  if (!perFilter.some((p) => p !== null)) {
    const scope = checkScope(filters)
    if (scope) perFilter[scope.filterIndex] = `${scope.detail}.`
  }
  return { valid: general === null && perFilter.every((p) => p === null), perFilter, general }
}

export function maxUserFilters(reservedSlots = 0): number {
  return Math.max(0, MAX_FILTERS - reservedSlots)
}

/** Shown for a scalar operator whose value box is still empty. */
export const EMPTY_VALUE_REASON = 'Enter a value.'

function checkOne(filter: FilterItem): string | null {
  const fieldProblem = checkFieldAndOperator(filter)
  if (fieldProblem) return fieldProblem
  // Stricter than the server on purpose: it accepts `ilike ''` / `eq ''`, but a blank box is an
  // unfinished filter (and `ilike ''` silently drops every null row), so we ask for a value.
  const scalarOp = !['in', 'nin', 'between', 'isnull'].includes(filter.op)
  if (scalarOp && (filter.value === '' || filter.value === undefined || filter.value === null)) {
    return EMPTY_VALUE_REASON
  }
  return checkFilterValue(filter)
}

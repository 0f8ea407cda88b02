/**
 * The spec's scope rule (rule 3, contract/query-rules.ts: a filter on parcel number, owner, address
 * or mailing address needs a state or county filter too) asked as a question a person can answer
 * (issue 18, problem 8): "which county or state?", with the places the server covers. Pure.
 */
import { fieldDef } from '../../../contract/fields'
import { checkScope } from '../../../contract/query-rules'
import type { FilterItem } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { US_STATES } from '../../../contract/us-states'

export interface PlaceChoice {
  /** Stable value for a <select>: "state:IA" or "county:IA:Story". */
  id: string
  label: string
  /** Filters that put the search there (replacing any state/county filter already set). */
  filters: FilterItem[]
}

/** The filter that needs a place and the question to ask about it, or null when the rule is met. */
export function placeQuestion(filters: readonly FilterItem[]): { filterIndex: number; question: string } | null {
  const scope = checkScope(filters)
  if (!scope) return null
  const field = filters[scope.filterIndex]?.field ?? ''
  const label = fieldDef(field)?.label ?? field
  return {
    filterIndex: scope.filterIndex,
    question: `${label} is searched one county or state at a time: which one?`,
  }
}

const stateName = (abbr: string) => US_STATES.find((s) => s.abbr === abbr)?.name ?? abbr

/**
 * The covered counties (by name, narrowed by state so "Story" is Iowa's), then each covered state
 * whole. With no coverage known (a server without GET /coverage), every state.
 */
export function placeChoices(counties: readonly CoverageCounty[] | null): PlaceChoice[] {
  if (!counties || counties.length === 0) {
    return US_STATES.map((s) => ({
      id: `state:${s.abbr}`,
      label: s.name,
      filters: [{ field: 'state', op: 'eq', value: s.abbr }],
    }))
  }
  const sorted = [...counties].sort((a, b) => a.state.localeCompare(b.state) || a.county.localeCompare(b.county))
  const countyChoices = sorted.map((c) => ({
    id: `county:${c.state}:${c.county}`,
    label: `${c.county} County, ${c.state}`,
    filters: [
      { field: 'state', op: 'eq', value: c.state },
      { field: 'county', op: 'eq', value: c.county },
    ],
  }))
  const states = [...new Set(sorted.map((c) => c.state))]
  const stateChoices = states.map((st) => {
    const n = sorted.filter((c) => c.state === st).length
    return {
      id: `state:${st}`,
      label: `All of ${stateName(st)} (${n} ${n === 1 ? 'county' : 'counties'})`,
      filters: [{ field: 'state', op: 'eq', value: st }],
    }
  })
  return [...countyChoices, ...stateChoices]
}

const PLACE_FIELDS = new Set(['state', 'state_fp', 'county', 'county_fp'])

/** The filters with the chosen place: earlier place filters dropped (they would contradict it). */
export function applyPlace(filters: readonly FilterItem[], choice: PlaceChoice): FilterItem[] {
  return [...filters.filter((f) => !PLACE_FIELDS.has(f.field)), ...choice.filters.map((f) => ({ ...f }))]
}

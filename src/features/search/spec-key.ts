/**
 * When are two submitted searches the same search? When they would send the same requests. Used to
 * keep a run going when Search is pressed again unchanged (restarting would abort calls already
 * paid for). Order only matters where the server sorts (on-demand, direct); in load-all area
 * searches the table sorts locally, so a new sort must not restart anything.
 */
import { areaRequestBody, hashText, normalizeFilters } from '../../api/request-key'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'

export function serverSorted(spec: SearchSpec, policy: LoadPolicy): boolean {
  return spec.mode === 'direct' || policy === 'on-demand'
}

export function specKey(spec: SearchSpec, policy: LoadPolicy): string {
  const areas =
    spec.mode === 'area' ? areaRequestBody(spec.areas.map((a) => a.geometry)).features.map((f) => f.geometry) : []
  return JSON.stringify({
    mode: spec.mode,
    policy,
    areas: hashText(JSON.stringify(areas)),
    filters: normalizeFilters(spec.filters),
    order: serverSorted(spec, policy) ? spec.order : null,
    buildings: spec.includeBuildings,
  })
}
